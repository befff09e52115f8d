/// \file
/// vgcrypt C++ API: authenticated encryption with AES-GCM (and AES-GCM-SIV).
///
/// Contract, for every function here:
///  * No exceptions, no heap allocation: seal/open work on caller-provided spans.
///  * Key objects are immutable after create(); one key may be used by any number of threads at
///    once. They are move-only; the destructor and a move wipe the key material. Destroying a key
///    also zeroes the stack below the caller that this thread's seal/open calls used (the kernels'
///    spilled copies of round keys and per-message secrets); a thread that used the key but does
///    not destroy it keeps such copies until its stack is reused. A moved-from or
///    default-constructed key is empty: every operation on it returns status::argument.
///  * Aliasing: `out` may be exactly `in` (in-place); any other overlap of `out` with an input
///    (nonce, aad, in, tag) is rejected with status::argument.
///  * open() releases no plaintext on failure: it returns status::auth and `out` is all zero. The
///    verdict is computed without a branch on secret data; the caller's check is the first branch.
///  * GCM nonces: any length >= 1 byte (12 is the fast path and the one to use); never repeat a
///    nonce under one key. Tags: 16 bytes unless the caller passes a shorter span of a length
///    SP 800-38D allows (gcm_tag_length_allowed: 15, 14, 13, 12, and 8 or 4 for special uses);
///    any other length is status::tag_length. GCM-SIV tags are 16 bytes.
///    XAES-256-GCM: 24-byte nonces and 16-byte tags only (status::nonce_length, tag_length).
///  * Limits (SP 800-38D): plaintext <= 2^36 - 32 bytes, AAD <= 2^61 - 1 bytes (status::too_long).
#ifndef VG_AEAD_HPP
#define VG_AEAD_HPP

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "vg/vg.h"

/// The vgcrypt C++ API: aead.hpp (AEAD keys), ctr.hpp (AES-CTR), cpu.hpp (features, backends).
namespace vg {

/// Results; the same numbers as the C API's vg_status.
enum class status : int {
  ok = VG_OK,
  argument = VG_ERR_ARGUMENT,
  key_length = VG_ERR_KEY_LENGTH,
  nonce_length = VG_ERR_NONCE_LENGTH,
  tag_length = VG_ERR_TAG_LENGTH,
  too_long = VG_ERR_TOO_LONG,
  auth = VG_ERR_AUTH,
  unsupported = VG_ERR_UNSUPPORTED,
  nomem = VG_ERR_NOMEM,
  random = VG_ERR_RANDOM,
};

/// A static description of `s`.
VG_API const char* to_string(status s) noexcept;

/// Algorithms; the same numbers as the C API's vg_alg.
enum class algorithm : int {
  aes_128_gcm = VG_AES_128_GCM,
  aes_192_gcm = VG_AES_192_GCM,
  aes_256_gcm = VG_AES_256_GCM,
  aes_128_gcm_siv = VG_AES_128_GCM_SIV,
  aes_256_gcm_siv = VG_AES_256_GCM_SIV,
  xaes_256_gcm = VG_XAES_256_GCM,
};

/// Key length in bytes of `alg` (0 for an unknown value).
constexpr std::size_t key_length(algorithm alg) noexcept {
  switch (alg) {
    case algorithm::aes_128_gcm:
    case algorithm::aes_128_gcm_siv:
      return 16;
    case algorithm::aes_192_gcm:
      return 24;
    case algorithm::aes_256_gcm:
    case algorithm::aes_256_gcm_siv:
    case algorithm::xaes_256_gcm:
      return 32;
  }
  return 0;
}

/// The nonce length of `alg` in bytes: 24 for XAES-256-GCM, else 12 (GCM also accepts other
/// lengths, but 12 is the one to use); 0 for an unknown value.
constexpr std::size_t nonce_length(algorithm alg) noexcept {
  if (alg == algorithm::xaes_256_gcm) return 24;
  return key_length(alg) == 0 ? 0 : 12;
}

/// The longest tag, and the one to use: 16 bytes.
inline constexpr std::size_t max_tag_length = 16;

/// The GCM tag lengths SP 800-38D §5.2.1.2 allows: 16, 15, 14, 13 and 12 bytes, and 8 and 4 bytes,
/// which are for special uses only (short messages, a small bound on the number of decryptions
/// under one key: SP 800-38D Appendix C). Seal, open and the incremental API refuse every other
/// length with status::tag_length.
constexpr bool gcm_tag_length_allowed(std::size_t n) noexcept {
  return (n >= 12 && n <= max_tag_length) || n == 8 || n == 4;
}

/// Read-only bytes; C arrays, std::array and std::vector of std::uint8_t convert to it.
using bytes_view = std::span<const std::uint8_t>;
/// Writable bytes.
using bytes_span = std::span<std::uint8_t>;

/// One message of aead_key::seal_batch(): the arguments of aead_key::seal().
struct seal_job {
  bytes_view nonce;  ///< the nonce
  bytes_view aad;    ///< additional authenticated data
  bytes_view in;     ///< the input
  bytes_span out;    ///< in.size() bytes of ciphertext
  bytes_span tag;    ///< tag.size() bytes written
};

/// One message of aead_key::open_batch(): the arguments of aead_key::open() and its result.
struct open_job {
  bytes_view nonce;  ///< the nonce
  bytes_view aad;    ///< additional authenticated data
  bytes_view in;     ///< the input
  bytes_span out;    ///< in.size() bytes of plaintext; all zero when `result` is status::auth
  bytes_view tag;    ///< the received tag
  status result = status::argument;  ///< written by open_batch: ok or auth (or the batch's refusal)
};

namespace detail {
struct backend;
struct batch_calls;  // the body of seal_batch/open_batch, shared with the C API
struct key_calls;    // the library's seal/open body, shared by this class and the C API
/// Room for any backend's expanded key (round keys, H powers); checked by static_asserts.
inline constexpr std::size_t key_state_bytes = 2048;
}  // namespace detail

/// A key for any algorithm, chosen at run time. The typed aliases below fix the algorithm.
class VG_API aead_key {
 public:
  aead_key() noexcept = default;
  ~aead_key();
  /// Takes over `other`'s key; `other` is left empty and wiped.
  aead_key(aead_key&& other) noexcept;
  /// Wipes this key, then takes over `other`'s; `other` is left empty and wiped. When this is a
  /// typed_key and `other` holds another algorithm, this is left empty and `other` keeps its key.
  aead_key& operator=(aead_key&& other) noexcept;
  aead_key(const aead_key&) = delete;
  aead_key& operator=(const aead_key&) = delete;

  /// Expands `key` for `alg` on the named backend (empty = the best runnable one).
  /// Errors: key_length (wrong size), unsupported (unknown or not runnable backend, or an
  /// algorithm this build lacks), argument (unknown algorithm, or `out` is a typed_key of another
  /// algorithm). On error `out` is left empty.
  [[nodiscard]] static status create(algorithm alg, bytes_view key, aead_key& out,
                                     std::string_view backend = {}) noexcept;

  /// Encrypts `in` into `out` (same size) and writes tag.size() bytes of tag.
  [[nodiscard]] status seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                            bytes_span tag) const noexcept;

  /// Gather seal: encrypts the concatenation of `pieces` into `out` (whose size must be the sum of
  /// their sizes). The pieces must not overlap `out`.
  [[nodiscard]] status seal_gather(bytes_view nonce, bytes_view aad,
                                   std::span<const bytes_view> pieces, bytes_span out,
                                   bytes_span tag) const noexcept;

  /// Verifies `tag` over (nonce, aad, in) and decrypts `in` into `out`; see the contract above.
  [[nodiscard]] status open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
                            bytes_view tag) const noexcept;

  /// Seals independent messages (jobs) of any lengths, each as seal() would. Every job is checked
  /// before any is sealed: if one is refused, returns its status and writes nothing. One job's
  /// outputs (out, tag) must not share bytes with another job's buffers (not checked).
  [[nodiscard]] status seal_batch(std::span<const seal_job> jobs) const noexcept;

  /// Opens independent messages, each as open() would, and writes each job's verdict to its
  /// `result` (a failed job's `out` is all zero, the others are intact). Returns ok when every tag
  /// verified, auth when at least one did not; no branch depends on a verdict. Refusals as in
  /// seal_batch (then every job's `result` is the returned status and nothing is written).
  [[nodiscard]] status open_batch(std::span<open_job> jobs) const noexcept;

  /// True for a default-constructed or moved-from key and after a failed create().
  [[nodiscard]] bool empty() const noexcept { return backend_ == nullptr; }
  /// The algorithm given to create() (meaningless for an empty key).
  [[nodiscard]] algorithm alg() const noexcept { return alg_; }
  /// The backend's name ("portable", "aesni-avx", ...), or "" for an empty key.
  [[nodiscard]] std::string_view backend_name() const noexcept;

 protected:
  /// An empty key that only `fixed` may be created into or moved into (typed_key).
  explicit aead_key(algorithm fixed) noexcept : alg_(fixed), fixed_alg_(static_cast<int>(fixed)) {}

 private:
  friend class ctr_key;        // reuses the GCM key state and its CTR kernel
  friend class aes_block_key;  // single blocks through the CTR kernel
  friend class gcm_stream;     // incremental GCM over the key's GHASH and CTR kernels
  friend struct detail::key_calls;
  friend struct detail::batch_calls;
  VG_LOCAL void wipe() noexcept;
  /// Whether this key may hold `a` (any algorithm, unless it is a typed_key).
  VG_LOCAL bool holds(algorithm a) const noexcept {
    return fixed_alg_ < 0 || fixed_alg_ == static_cast<int>(a);
  }

  const detail::backend* backend_ = nullptr;
  algorithm alg_ = algorithm::aes_128_gcm;
  int fixed_alg_ = -1;  // a typed_key's algorithm; -1: any
  // mutable: a backend may complete its tables (higher powers of H) on first use, once, with
  // the synchronisation that sharing a const key across threads requires.
  alignas(64) mutable unsigned char state_[detail::key_state_bytes];
};

/// A key whose algorithm is fixed at compile time.
template <algorithm A>
class typed_key : public aead_key {
 public:
  static constexpr algorithm alg_v = A;                    ///< The algorithm of this key type.
  static constexpr std::size_t key_bytes = key_length(A);  ///< Its key length in bytes.

  /// An empty key. aead_key::create() and moves through an aead_key& refuse other algorithms.
  typed_key() noexcept : aead_key(A) {}
  /// Takes over `other`'s key; `other` is left empty and wiped.
  typed_key(typed_key&& other) noexcept : aead_key(A) { aead_key::operator=(std::move(other)); }
  /// Takes over `other`'s key; `other` is left empty and wiped.
  typed_key& operator=(typed_key&& other) noexcept = default;

  /// aead_key::create() with the algorithm fixed to `A`.
  [[nodiscard]] static status create(bytes_view key, typed_key& out,
                                     std::string_view backend = {}) noexcept {
    return aead_key::create(A, key, out, backend);
  }
};

using aes128_gcm = typed_key<algorithm::aes_128_gcm>;          ///< AES-128-GCM (16-byte keys)
using aes192_gcm = typed_key<algorithm::aes_192_gcm>;          ///< AES-192-GCM (24-byte keys)
using aes256_gcm = typed_key<algorithm::aes_256_gcm>;          ///< AES-256-GCM (32-byte keys)
using aes128_gcm_siv = typed_key<algorithm::aes_128_gcm_siv>;  ///< AES-128-GCM-SIV (RFC 8452)
using aes256_gcm_siv = typed_key<algorithm::aes_256_gcm_siv>;  ///< AES-256-GCM-SIV (RFC 8452)
/// XAES-256-GCM (c2sp.org/XAES-256-GCM): 32-byte keys, 24-byte nonces that may be drawn at random
/// for practically any number of messages, 16-byte tags. Each message runs AES-256-GCM under a
/// key derived from the key and the nonce's first 12 bytes, with the last 12 as its nonce.
using xaes256_gcm = typed_key<algorithm::xaes_256_gcm>;

}  // namespace vg

#endif  // VG_AEAD_HPP
