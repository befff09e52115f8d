// `vg speed`: options, pinning, the measurement loop, and the outputs (table, --json, --csv,
// --plot through scripts/plot_speed.py). See speed_measure.cpp for how one number is obtained
// and bench/limit/limit.hpp for the machine's limit and the efficiency column.
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "cpu_identity.hpp"
#include "speed.hpp"
#include "vg/cpu.hpp"

namespace vg::tool {
namespace {

constexpr const char* speed_usage =
    "usage: vg speed [options]\n"
    "Measures vgcrypt's seal and open throughput, and the peer libraries' in the same rounds.\n"
    "  --alg LIST        aes-128-gcm,aes-256-gcm,aes-128-gcm-siv,aes-256-gcm-siv,xaes-256-gcm\n"
    "                    (default: both GCM sizes, plus GCM-SIV where vgcrypt supports it)\n"
    "  --op LIST         seal,open,setup,key (default seal,open); setup: a new key and one\n"
    "                    seal under it, then the key destroyed (peers: their re-key, e.g.\n"
    "                    EVP_EncryptInit_ex with a key, ipsec-mb's key expansion + GHASH\n"
    "                    precompute, then their seal); key: the key alone, created and\n"
    "                    destroyed (peers: their re-key alone), one row of 0 bytes\n"
    "  --sizes LIST      message sizes in bytes, 1 .. 2^30\n"
    "                    (default 16,64,256,512,1024,1420,4096,16384)\n"
    "  --aad N           bytes of associated data per message, 0 .. 65536 (default 13, a TLS 1.2\n"
    "                    record header)\n"
    "  --backend NAME    vgcrypt backend to measure (default: the one new keys get; see vg cpu);\n"
    "                    may be given more than once; NAME/VARIANT (vaes-avx2/karatsuba) puts\n"
    "                    the keys on one GCM kernel variant, so that variants share the rounds\n"
    "  --all-backends    every runnable vgcrypt backend\n"
    "  --peers LIST      peers to measure (default: all built in)\n"
    "  --no-peers        no peers, vgcrypt only\n"
    "  --duration SEC    timed seconds per measurement, in (0, 60] (default 0.2)\n"
    "  --rounds N        rounds per measurement, 1 .. 1000 (default 7)\n"
    "  --cpu N           core to pin to, 0 .. number of cores - 1 (default: the current one)\n"
    "  --limit           also print the machine's limit (AES, CLMUL, their mix, vector, load and\n"
    "                    store rates) and the bounds it implies; eff = bound / time, binds =\n"
    "                    the resource that sets the bound\n"
    "  --vs-gcm          in GCM-SIV and XAES-256-GCM cells, also time GCM seal of the same key\n"
    "                    size on each\n"
    "                    measured backend in the same rounds (column xgcm-seal/BACKEND)\n"
    "  --batch N         also time seal_batch/open_batch of N jobs (1 .. 4096) of each size per\n"
    "                    call on each measured backend, beside the same N jobs as single calls\n"
    "                    (singlesN/BACKEND; both per job; xsinglesN = singles' time / the "
    "batch's)\n"
    "  --json            machine-readable results (JSON) on stdout instead of the table\n"
    "  --csv             machine-readable results (CSV) on stdout instead of the table\n"
    "  --plot FILE       also draw throughput against size into FILE (.png or .svg), with\n"
    "                    plot_speed.py and python3-matplotlib\n"
    "  -h, --help        this help\n"
    "environment: VG_CPU_FEATURES narrows the CPU features vgcrypt may use (see vg cpu);\n"
    "  VG_PYTHON and VG_PLOT_SCRIPT choose the python and the script --plot runs\n"
    "exit status: 0 measured, 1 an implementation failed or plotting failed, 2 bad usage\n";

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t end = s.find(',', start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The whole of `text` as a decimal integer in [lo, hi], or nullopt (no sign, no trailing text).
std::optional<long long> parse_integer(const std::string& text, long long lo, long long hi) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return {};
  errno = 0;
  const long long n = std::strtoll(text.c_str(), nullptr, 10);
  if (errno != 0 || n < lo || n > hi) return {};
  return n;
}

// The whole of `text` as a finite number, or nullopt.
std::optional<double> parse_real(const std::string& text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return {};
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(text.c_str(), &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(x)) return {};
  return x;
}

// Says what is wrong with the command line; false, for the caller to return.
bool usage_error(const std::string& message) {
  std::fprintf(stderr, "vg speed: %s\n(vg speed --help lists the options)\n", message.c_str());
  return false;
}

// Options without a value, and those that take one.
bool is_flag(const std::string& a) {
  for (const char* f : {"--all-backends", "--no-peers", "--json", "--csv", "--limit", "--vs-gcm"})
    if (a == f) return true;
  return false;
}
bool takes_value(const std::string& a) {
  for (const char* f : {"--alg", "--op", "--sizes", "--backend", "--peers", "--duration",
                        "--rounds", "--cpu", "--batch", "--plot", "--aad"})
    if (a == f) return true;
  return false;
}

void set_flag(const std::string& a, speed_options& o) {
  if (a == "--all-backends") o.all_backends = true;
  if (a == "--no-peers") o.no_peers = true;
  if (a == "--json") o.json = true;
  if (a == "--csv") o.csv = true;
  if (a == "--limit") o.limit = true;
  if (a == "--vs-gcm") o.vs_gcm = true;
}

// Applies option `a` with its value `v`; false (after saying why) if `v` is not valid for it.
bool set_value(const std::string& a, const std::string& v, speed_options& o) {
  if (v.find_first_not_of(',') == std::string::npos) return usage_error(a + " needs a value");
  if (a == "--alg") {
    o.algs.clear();
    for (const std::string& name : split(v)) {
      std::optional<algorithm> alg = parse_alg(name);
      if (!alg) return usage_error("unknown algorithm '" + name + "'");
      o.algs.push_back(*alg);
    }
  } else if (a == "--op") {
    o.ops.clear();
    for (const std::string& name : split(v)) {
      if (name == "seal") {
        o.ops.push_back(operation::seal);
      } else if (name == "open") {
        o.ops.push_back(operation::open);
      } else if (name == "setup") {
        o.ops.push_back(operation::setup);
      } else if (name == "key") {
        o.ops.push_back(operation::key);
      } else {
        return usage_error("unknown operation '" + name + "' (seal, open, setup, key)");
      }
    }
  } else if (a == "--sizes") {
    o.sizes.clear();
    for (const std::string& n : split(v)) {
      const std::optional<long long> size = parse_integer(n, 1, 1ll << 30);
      if (!size) return usage_error("bad size '" + n + "' (1 .. 2^30 bytes)");
      o.sizes.push_back(static_cast<std::size_t>(*size));
    }
  } else if (a == "--backend") {
    o.backends.push_back(v);
  } else if (a == "--peers") {
    o.peers = split(v);
  } else if (a == "--duration") {
    const std::optional<double> d = parse_real(v);
    if (!d || !(*d > 0 && *d <= 60))
      return usage_error("bad --duration '" + v + "' (0 < SEC <= 60)");
    o.duration = *d;
  } else if (a == "--rounds") {
    const std::optional<long long> n = parse_integer(v, 1, 1000);
    if (!n) return usage_error("bad --rounds '" + v + "' (1 .. 1000)");
    o.rounds = static_cast<int>(*n);
  } else if (a == "--cpu") {
    const long cores = sysconf(_SC_NPROCESSORS_CONF);
    const std::optional<long long> n = parse_integer(v, 0, std::max(cores, 1l) - 1);
    if (!n) {
      return usage_error("bad --cpu '" + v + "' (0 .. " + std::to_string(std::max(cores, 1l) - 1) +
                         ")");
    }
    o.cpu = static_cast<int>(*n);
  } else if (a == "--batch") {
    const std::optional<long long> n = parse_integer(v, 1, 4096);
    if (!n) return usage_error("bad --batch '" + v + "' (1 .. 4096)");
    o.batch = static_cast<std::size_t>(*n);
  } else if (a == "--aad") {
    const std::optional<long long> n = parse_integer(v, 0, 1 << 16);
    if (!n) return usage_error("bad --aad '" + v + "' (0 .. 65536 bytes)");
    o.aad = static_cast<std::size_t>(*n);
  } else if (a == "--plot") {
    if (v.find('\'') != std::string::npos)
      return usage_error("--plot file name must not contain a quote: " + v);
    o.plot = v;
  }
  return true;
}

bool parse(const std::vector<std::string>& args, speed_options& o) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(speed_usage, stdout);
      std::exit(0);
    }
    if (is_flag(a)) {
      set_flag(a, o);
    } else if (!takes_value(a)) {
      return usage_error((a.starts_with("-") ? "unknown option '" : "unexpected argument '") + a +
                         "'");
    } else if (i + 1 >= args.size()) {
      return usage_error(a + " needs a value");
    } else if (!set_value(a, args[++i], o)) {
      return false;
    }
  }
  if (o.json && o.csv) return usage_error("--json and --csv are exclusive");
  return true;
}

// Pins the process to one core so the scheduler cannot move it between rounds.
std::string pin(int cpu) {
  if (cpu < 0) cpu = sched_getcpu();
  if (cpu < 0) return std::string("not pinned (sched_getcpu: ") + std::strerror(errno) + ")";
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    return std::string("not pinned (sched_setaffinity: ") + std::strerror(errno) + ")";
  return "pinned to CPU " + std::to_string(cpu);
}

bool choose_subjects(speed_options& o, std::vector<subject>& out) {
  std::vector<std::string> names = o.backends;
  if (o.all_backends) {
    for (const backend_info& b : backends())
      if (b.runnable) names.emplace_back(b.name);
  }
  if (names.empty()) names.emplace_back(default_backend());
  for (const std::string& name : names) {
    // "name/variant" puts the keys on one GCM kernel variant, so that two variants run in the
    // same rounds.
    const std::size_t slash = name.find('/');
    const std::string base = name.substr(0, slash);
    if (slash != std::string::npos && !has_gcm_variant(base, name.substr(slash + 1))) {
      std::fprintf(stderr, "vg speed: backend '%s' has no GCM variant '%s' (see vg cpu)\n",
                   base.c_str(), name.substr(slash + 1).c_str());
      return false;
    }
    bool known = false;
    for (const backend_info& b : backends()) {
      if (b.name != base) continue;
      known = true;
      if (!b.runnable) {
        std::fprintf(stderr, "vg speed: backend '%s' cannot run here (see vg cpu)\n", name.c_str());
        return false;
      }
    }
    if (!known) {
      std::fprintf(stderr, "vg speed: no backend '%s' in this build (see vg cpu)\n", name.c_str());
      return false;
    }
    out.push_back({"vgcrypt/" + name, true, name, nullptr});
  }
  if (o.vs_gcm) {
    for (const std::string& name : names)
      out.push_back({std::string(reference_prefix) + name, false, name, nullptr, true});
  }
  if (o.batch > 0) {
    for (const std::string& name : names) {
      const std::string suffix = std::to_string(o.batch) + "/" + name;
      out.push_back({std::string(batch_prefix) + suffix, false, name, nullptr, false, o.batch});
      out.push_back(
          {std::string(singles_prefix) + suffix, false, name, nullptr, false, o.batch, true});
    }
  }
  if (!o.no_peers) {
    if (o.peers.empty()) {
      for (const bench::peer* p : bench::all_peers())
        out.push_back({std::string(p->name()), false, "", p});
    } else {
      for (const std::string& name : o.peers) {
        const bench::peer* p = bench::find_peer(name);
        if (p == nullptr) {
          std::fprintf(stderr, "vg speed: peer '%s' is not built in\n", name.c_str());
          return false;
        }
        out.push_back({name, false, "", p});
      }
    }
    // Peers with a multi-message API also run the --batch jobs through it.
    if (o.batch > 0) {
      std::vector<subject> bursts;
      for (const subject& s : out) {
        if (s.peer == nullptr) continue;
        std::unique_ptr<bench::peer_key> k =
            s.peer->make_key(algorithm::aes_128_gcm, std::vector<std::uint8_t>(16, 1));
        if (!k || !k->has_burst()) continue;
        bursts.push_back({s.impl + std::string(burst_infix) + std::to_string(o.batch), false, "",
                          s.peer, false, o.batch, false, true});
      }
      out.insert(out.end(), bursts.begin(), bursts.end());
    }
  }
  if (o.algs.empty()) {
    o.algs = {algorithm::aes_128_gcm, algorithm::aes_256_gcm};
    // GCM-SIV joins the default set as soon as the library implements it.
    for (algorithm siv : {algorithm::aes_128_gcm_siv, algorithm::aes_256_gcm_siv})
      if (vgcrypt_supports(out.front().backend, siv)) o.algs.push_back(siv);
  }
  return true;
}

// b's time over a's: the median of the per-round ratios (both were timed in the same rounds, so
// each pair saw the same machine), which a slow period on a shared host does not skew the way it
// can skew a ratio of two medians.
double paired_ratio(const speed_row& b, const speed_row& a) {
  if (a.round_ns.size() != b.round_ns.size() || a.round_ns.empty())
    return b.ns_per_call / a.ns_per_call;
  std::vector<double> ratios;
  for (std::size_t i = 0; i < a.round_ns.size(); ++i)
    ratios.push_back(b.round_ns[i] / a.round_ns[i]);
  std::sort(ratios.begin(), ratios.end());
  const std::size_t n = ratios.size();
  return n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
}

// Adds the bound and the ratios against every peer to the vgcrypt rows.
void annotate(speed_result& r) {
  for (speed_row& row : r.rows) {
    if (!row.is_vgcrypt) continue;
    const std::string backend = row.impl.substr(std::string("vgcrypt/").size());
    // The bound is the bulk kernels' own; a key setup has none.
    if (std::optional<bench::gcm_scheme> scheme = bench::scheme_for(bound_name(backend));
        scheme && (row.op == operation::seal || row.op == operation::open)) {
      const bench::gcm_op op =
          row.op == operation::open ? bench::gcm_op::open : bench::gcm_op::seal;
      const bench::bound_parts bound =
          bench::bound_detail(r.limit, *scheme, row.alg, op, row.bytes, r.options.aad);
      row.bound_cpb = bound.total / static_cast<double>(row.bytes);
      if (bound.total > 0) row.bound_binds = bench::resource_name(bound.binding);
    }
    for (const speed_row& other : r.rows) {
      if (other.is_vgcrypt || other.alg != row.alg || other.op != row.op ||
          other.bytes != row.bytes || !other.check.empty())
        continue;
      // A GCM reference (--vs-gcm) or a batch is compared with its own backend only.
      if (other.impl.starts_with(reference_prefix) &&
          other.impl.substr(reference_prefix.size()) != backend)
        continue;
      if ((other.impl.starts_with(batch_prefix) || other.impl.starts_with(singles_prefix)) &&
          other.impl.substr(other.impl.find('/') + 1) != backend)
        continue;
      row.ratios[other.impl] = paired_ratio(other, row);
    }
  }
  // A batch row against the same jobs as single calls and against the peers' bursts of as many.
  for (speed_row& row : r.rows) {
    if (!row.impl.starts_with(batch_prefix)) continue;
    const std::string jobs_and_backend = row.impl.substr(batch_prefix.size());
    const std::string singles = std::string(singles_prefix) + jobs_and_backend;
    const std::string burst =
        std::string(burst_infix) + jobs_and_backend.substr(0, jobs_and_backend.find('/'));
    for (const speed_row& other : r.rows) {
      if ((other.impl == singles || other.impl.ends_with(burst)) && other.alg == row.alg &&
          other.op == row.op && other.bytes == row.bytes && other.check.empty())
        row.ratios[other.impl] = paired_ratio(other, row);
    }
  }
}

// The script that draws the chart: VG_PLOT_SCRIPT if set; else the installed copy, found from this
// executable's own folder (so a relocated or packaged install works); else the copy the build puts
// beside the executable. Empty if there is none.
std::string plot_script() {
  if (const char* env = std::getenv("VG_PLOT_SCRIPT")) return env;
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return "";
  std::string dir(exe, static_cast<std::size_t>(n));
  dir.erase(dir.find_last_of('/') + 1);
  for (const std::string& candidate : {dir + VG_PLOT_SCRIPT_FROM_BINDIR, dir + "plot_speed.py"})
    if (access(candidate.c_str(), R_OK) == 0) return candidate;
  return "";
}

int plot(const speed_result& r) {
  char path[] = "/tmp/vg-speed-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) {
    std::perror("vg speed: mkstemp");
    return 1;
  }
  std::FILE* f = fdopen(fd, "w");
  print_json(f, r);
  std::fclose(f);
  // Debian's python3-matplotlib belongs to /usr/bin/python3, which a python3 earlier in PATH
  // (pyenv, a virtualenv) may shadow; VG_PYTHON and VG_PLOT_SCRIPT override both choices.
  const char* python = std::getenv("VG_PYTHON");
  if (python == nullptr)
    python = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
  const std::string script = plot_script();
  const std::string command =
      std::string("'") + python + "' '" + script + "' '" + path + "' '" + r.options.plot + "'";
  const int status = std::system(command.c_str());
  std::remove(path);
  if (status != 0) {
    std::fprintf(stderr, "vg speed: plotting failed (%s)\n", command.c_str());
    return 1;
  }
  std::fprintf(stderr, "vg speed: wrote %s\n", r.options.plot.c_str());
  return 0;
}

}  // namespace

int run_speed(const std::vector<std::string>& args) {
  speed_result r;
  if (!parse(args, r.options)) return 2;
  if (!r.options.plot.empty() && plot_script().empty()) {
    std::fprintf(stderr, "vg speed: --plot: plot_speed.py is neither installed nor beside vg\n");
    return 1;
  }
  if (!choose_subjects(r.options, r.subjects)) return 2;
  r.pinning = pin(r.options.cpu);
  r.cpu_model = cpu_identity();
  const bool progress = isatty(STDERR_FILENO) != 0;
  if (progress) std::fprintf(stderr, "measuring the clock and the machine's limit...\r");
  r.limit = bench::measure_limit(detected_features());
  // Cycles only where the clock could be measured (cycles_per_byte stays 0 otherwise).
  const bool count_cycles = r.limit.clock.core_hz > 0;

  std::size_t total = 0, done = 0;
  for (algorithm alg : r.options.algs)
    for (const subject& s : r.subjects)
      if (subject_supports(s, alg))
        for (operation op : r.options.ops) total += sizes_of(r.options.sizes, op).size();
  bool wrong = false;
  for (algorithm alg : r.options.algs) {
    for (operation op : r.options.ops) {
      for (std::size_t bytes : sizes_of(r.options.sizes, op)) {
        // Every implementation of one size in the same rounds (see speed_measure.cpp).
        if (progress) {
          std::fprintf(stderr, "\33[2K[%zu/%zu] %s %s %zu B\r", done + 1, total,
                       alg_name(alg).data(), op_name(op).data(), bytes);
        }
        for (speed_row& row : measure_cell(r.subjects, alg, op, bytes, r.options, count_cycles)) {
          ++done;
          wrong |= !row.check.empty();
          r.rows.push_back(std::move(row));
        }
      }
    }
  }
  if (progress) std::fprintf(stderr, "\33[2K");
  annotate(r);

  if (r.options.json) {
    print_json(stdout, r);
  } else if (r.options.csv) {
    print_csv(stdout, r);
  } else {
    if (r.options.limit) print_limit(stdout, r);
    print_table(stdout, r);
  }
  int rc = wrong ? 1 : 0;
  if (!r.options.plot.empty() && plot(r) != 0) rc = 1;
  if (wrong) std::fprintf(stderr, "vg speed: some implementation produced wrong output\n");
  return rc;
}

}  // namespace vg::tool
