// `vg speed`: shared types of the measurement (speed_measure.cpp), the reports
// (speed_report.cpp) and the command (cmd_speed.cpp).
#ifndef VG_TOOLS_VG_SPEED_HPP
#define VG_TOOLS_VG_SPEED_HPP

#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "limit.hpp"
#include "peer.hpp"
#include "vg/aead.hpp"

namespace vg::tool {

// The default AAD: a TLS 1.2 record header. --aad sets another (BoringSSL and Linux publish 16).
inline constexpr std::size_t default_aad_bytes = 13;

// setup: a new key from the key bytes, one seal of the message, the key destroyed (a re-keyed
// message: per-message keys, a handshake's first record); peers re-key an existing context.
// key: the key alone, created and destroyed (peers: their re-key alone), with no message.
enum class operation { seal, open, setup, key };

// The message sizes a cell of `op` is measured at: none for a bare key (one row, 0 bytes).
inline std::vector<std::size_t> sizes_of(const std::vector<std::size_t>& sizes, operation op) {
  return op == operation::key ? std::vector<std::size_t>{0} : sizes;
}

struct speed_options {
  std::vector<algorithm> algs;  // empty = the default set, decided at run time
  std::vector<operation> ops{operation::seal, operation::open};
  std::vector<std::size_t> sizes{16, 64, 256, 512, 1024, 1420, 4096, 16384};
  std::vector<std::string> backends;  // vgcrypt backends to measure; empty = the default one
  bool all_backends = false;
  std::vector<std::string> peers;  // empty = every peer compiled in
  bool no_peers = false;
  double duration = 0.2;  // seconds of timed rounds per measurement
  int rounds = 7;
  bool json = false, csv = false, limit = false;
  bool vs_gcm = false;    // GCM-SIV cells also time GCM seal on the same backend (a reference)
  std::string plot;       // output image for scripts/plot_speed.py
  int cpu = -1;           // core to pin to; -1 = the current one
  std::size_t batch = 0;  // > 0: also time seal_batch/open_batch of this many jobs per call
  std::size_t aad = default_aad_bytes;  // associated data per message, bytes
};

/// One implementation measured: a vgcrypt backend, a peer, or (--vs-gcm) a reference: in GCM-SIV
/// cells, GCM seal of the same key size and message on a vgcrypt backend, timed in the same rounds
/// and reported like a peer ("gcm-seal/<backend>"), so that each round pairs the two.
struct subject {
  std::string impl;  // "vgcrypt/<backend>", the peer's name or "gcm-seal/<backend>"
  bool is_vgcrypt = false;
  std::string backend;  // vgcrypt backend name (also the reference's)
  const bench::peer* peer = nullptr;
  bool is_reference = false;
  std::size_t batch_jobs = 0;  // > 0: seal_batch/open_batch of this many jobs on `backend`
  bool batch_singles = false;  // with batch_jobs: the same jobs as that many single calls
  bool batch_burst = false;    // with batch_jobs and peer: the peer's burst API
};

/// A peer's burst subject is named with burst_infix: "<peer>-burst<N>".
inline constexpr std::string_view burst_infix = "-burst";
/// The name of a batch subject is this prefix, its job count, '/' and its backend's name; the
/// same jobs as single calls are named with singles_prefix.
inline constexpr std::string_view batch_prefix = "batch";
inline constexpr std::string_view singles_prefix = "singles";

/// A call of seal_batch/open_batch over `jobs` copies of one message (each job with its own input
/// and output buffers); `check` gets "WRONG OUTPUT" when a first call's outputs differ from the
/// expected ones (cipher || tag for seal, plain for open). singles: the same jobs, one seal/open
/// call each (the reference a batch must beat: same buffers, same memory footprint).
struct batch_message {
  bytes_view nonce, aad, plain, cipher, tag;
};
/// How one call runs the jobs (seal or open, by the operation).
struct batch_runner {
  std::function<bool(std::span<const seal_job>)> seal;
  std::function<bool(std::span<open_job>)> open;
};
std::function<bool()> batch_call(operation op, std::size_t jobs, const batch_message& m,
                                 batch_runner run, std::string& check);
/// seal_batch/open_batch on `key`, or (singles) the same jobs one seal/open call each.
batch_runner vgcrypt_batch_runner(const aead_key& key, bool singles);
/// A peer's burst API (peer_key::seal_burst/open_burst).
batch_runner peer_burst_runner(bench::peer_key& key);

/// The name of a reference is this prefix and its backend's name.
inline constexpr std::string_view reference_prefix = "gcm-seal/";

/// The AES-GCM algorithm a GCM-SIV or XAES-256-GCM cell is compared with (--vs-gcm): GCM of the
/// same key size; nullopt for GCM itself.
std::optional<algorithm> gcm_reference_of(algorithm alg);

/// Whether subject `s` takes part in cells of `alg`.
bool subject_supports(const subject& s, algorithm alg);

/// One measurement.
struct speed_row {
  algorithm alg = algorithm::aes_128_gcm;
  operation op = operation::seal;
  std::size_t bytes = 0;
  std::string impl;
  bool is_vgcrypt = false;
  double ns_per_call = 0;        // median over rounds
  double spread = 0;             // (max - min) / median over rounds
  std::vector<double> round_ns;  // each round's time per call, in the order the rounds ran
  double gbps = 0;               // bytes / ns_per_call (decimal GB/s)
  double cycles_per_byte = 0;
  double bound_cpb = 0;                  // lower bound (vgcrypt rows on x86), 0 = none
  std::string bound_binds;               // the resource that sets the bound ("" = none)
  std::string check;                     // "" = output checked; else why not / what went wrong
  std::map<std::string, double> ratios;  // peer name -> peer ns / this ns (vgcrypt rows)
};

struct speed_result {
  speed_options options;
  bench::machine_limit limit;
  std::vector<subject> subjects;
  std::vector<speed_row> rows;
  std::string pinning;  // where the process ran
  std::string cpu_model;
};

std::string_view alg_name(algorithm alg);
std::optional<algorithm> parse_alg(std::string_view name);
std::string_view op_name(operation op);

/// Measures one (alg, op, size) for every subject that can do `alg`, their rounds interleaved;
/// fills everything but bound_cpb and ratios.
std::vector<speed_row> measure_cell(const std::vector<subject>& subjects, algorithm alg,
                                    operation op, std::size_t bytes, const speed_options& options,
                                    bool count_cycles);

/// True when vgcrypt's `backend` (empty = default) can make a key for `alg`.
bool vgcrypt_supports(const std::string& backend, algorithm alg);

// The name the bound counts `backend`'s loop under (bench::scheme_for): "name/variant" when the
// GCM kernel variant its keys get (named, or else the one this CPU runs) is not the backend's
// default one, else the plain name.
std::string bound_name(std::string_view backend);

// True when `backend` is built with the GCM kernel variant `variant` ("vaes-avx2", "karatsuba").
bool has_gcm_variant(std::string_view backend, std::string_view variant);

void print_table(std::FILE* to, const speed_result& r);
void print_limit(std::FILE* to, const speed_result& r);
void print_json(std::FILE* to, const speed_result& r);
void print_csv(std::FILE* to, const speed_result& r);

}  // namespace vg::tool

#endif  // VG_TOOLS_VG_SPEED_HPP
