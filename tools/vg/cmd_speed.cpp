// `vg speed`: options, pinning, the measurement loop, and the outputs (table, --json, --csv,
// --plot through scripts/plot_speed.py). See speed_measure.cpp for how one number is obtained
// and bench/limit/limit.hpp for the machine's limit and the efficiency column.
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "speed.hpp"
#include "vg/cpu.hpp"

namespace vg::tool {
namespace {

constexpr const char* speed_usage =
    "usage: vg speed [options]\n"
    "  --alg LIST        aes-128-gcm,aes-256-gcm,aes-128-gcm-siv,aes-256-gcm-siv,xaes-256-gcm\n"
    "                    (default: both GCM sizes, plus GCM-SIV where vgcrypt supports it)\n"
    "  --op LIST         seal,open (default both)\n"
    "  --sizes LIST      message sizes in bytes (default 16,64,256,512,1024,1420,4096,16384)\n"
    "  --backend NAME    vgcrypt backend to measure (default: the one new keys get)\n"
    "  --all-backends    every runnable vgcrypt backend\n"
    "  --peers LIST      peers to measure (default: all built in); --no-peers for none\n"
    "  --duration SEC    timed seconds per measurement (default 0.2), --rounds N (default 7)\n"
    "  --cpu N           core to pin to (default: the current one)\n"
    "  --limit           also print the machine's AES/CLMUL limit and the bounds it implies\n"
    "  --vs-gcm          in GCM-SIV and XAES-256-GCM cells, also time GCM seal of the same key\n"
    "                    size on each\n"
    "                    measured backend in the same rounds (column xgcm-seal/BACKEND)\n"
    "  --batch N         also time seal_batch/open_batch of N jobs of each size per call on each\n"
    "                    measured backend, beside the same N jobs as single calls "
    "(singlesN/BACKEND;\n"
    "                    both per job; the batch row's xsinglesN = singles' time / the batch's)\n"
    "  --json | --csv    machine-readable results on stdout instead of the table\n"
    "  --plot FILE       draw throughput vs size (png or svg) with scripts/plot_speed.py\n";

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

bool parse(const std::vector<std::string>& args, speed_options& o) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string* {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "vg speed: %s needs a value\n", a.c_str());
        return nullptr;
      }
      return &args[++i];
    };
    const std::string* v = nullptr;
    if (a == "--all-backends") {
      o.all_backends = true;
    } else if (a == "--no-peers") {
      o.no_peers = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--csv") {
      o.csv = true;
    } else if (a == "--limit") {
      o.limit = true;
    } else if (a == "--vs-gcm") {
      o.vs_gcm = true;
    } else if (a == "--help" || a == "-h") {
      std::fputs(speed_usage, stdout);
      std::exit(0);
    } else if (!(v = value())) {
      return false;
    } else if (a == "--alg") {
      o.algs.clear();
      for (const std::string& name : split(*v)) {
        std::optional<algorithm> alg = parse_alg(name);
        if (!alg) {
          std::fprintf(stderr, "vg speed: unknown algorithm '%s'\n", name.c_str());
          return false;
        }
        o.algs.push_back(*alg);
      }
    } else if (a == "--op") {
      o.ops.clear();
      for (const std::string& name : split(*v)) {
        if (name == "seal") {
          o.ops.push_back(operation::seal);
        } else if (name == "open") {
          o.ops.push_back(operation::open);
        } else {
          std::fprintf(stderr, "vg speed: unknown operation '%s'\n", name.c_str());
          return false;
        }
      }
    } else if (a == "--sizes") {
      o.sizes.clear();
      for (const std::string& n : split(*v)) {
        char* end = nullptr;
        const unsigned long long size = std::strtoull(n.c_str(), &end, 10);
        if (*end != '\0' || size == 0 || size > (1ull << 30)) {
          std::fprintf(stderr, "vg speed: bad size '%s' (1 .. 2^30)\n", n.c_str());
          return false;
        }
        o.sizes.push_back(static_cast<std::size_t>(size));
      }
    } else if (a == "--backend") {
      o.backends.push_back(*v);
    } else if (a == "--peers") {
      o.peers = split(*v);
    } else if (a == "--duration") {
      o.duration = std::atof(v->c_str());
      if (!(o.duration > 0 && o.duration <= 60)) {
        std::fprintf(stderr, "vg speed: --duration must be in (0, 60] seconds\n");
        return false;
      }
    } else if (a == "--rounds") {
      o.rounds = std::atoi(v->c_str());
      if (o.rounds < 1 || o.rounds > 1000) {
        std::fprintf(stderr, "vg speed: --rounds must be in 1..1000\n");
        return false;
      }
    } else if (a == "--cpu") {
      o.cpu = std::atoi(v->c_str());
    } else if (a == "--batch") {
      o.batch = static_cast<std::size_t>(std::atoi(v->c_str()));
      if (o.batch < 1 || o.batch > 4096) {
        std::fprintf(stderr, "vg speed: --batch must be in 1..4096\n");
        return false;
      }
    } else if (a == "--plot") {
      o.plot = *v;
    } else {
      std::fprintf(stderr, "vg speed: unknown option '%s'\n%s", a.c_str(), speed_usage);
      return false;
    }
  }
  if (o.json && o.csv) {
    std::fprintf(stderr, "vg speed: --json and --csv are exclusive\n");
    return false;
  }
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

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "unknown";
}

bool choose_subjects(speed_options& o, std::vector<subject>& out) {
  std::vector<std::string> names = o.backends;
  if (o.all_backends) {
    for (const backend_info& b : backends())
      if (b.runnable) names.emplace_back(b.name);
  }
  if (names.empty()) names.emplace_back(default_backend());
  for (const std::string& name : names) {
    bool known = false;
    for (const backend_info& b : backends()) {
      if (b.name != name) continue;
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
    if (std::optional<bench::gcm_scheme> scheme = bench::scheme_for(backend); scheme) {
      const bench::gcm_op op =
          row.op == operation::open ? bench::gcm_op::open : bench::gcm_op::seal;
      row.bound_cpb =
          bench::bound_cycles(r.limit, *scheme, row.alg, op, row.bytes, speed_aad_bytes) /
          static_cast<double>(row.bytes);
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

// The script that draws the chart: VG_PLOT_SCRIPT if set; else the installed copy
// (<prefix>/share/vgcrypt/plot_speed.py, found from this executable's own path, so a relocated or
// packaged install works); else the source tree this binary was built from.
std::string plot_script() {
  if (const char* env = std::getenv("VG_PLOT_SCRIPT")) return env;
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    std::string dir(exe, static_cast<std::size_t>(n));
    dir.erase(dir.find_last_of('/') + 1);
    const std::string installed = dir + "../" VG_PLOT_SCRIPT_INSTALLED;
    if (access(installed.c_str(), R_OK) == 0) return installed;
  }
  return VG_PLOT_SCRIPT;
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
  if (r.options.plot.find('\'') != std::string::npos) {
    std::fprintf(stderr, "vg speed: --plot file name must not contain a quote\n");
    return 2;
  }
  if (!choose_subjects(r.options, r.subjects)) return 2;
  r.pinning = pin(r.options.cpu);
  r.cpu_model = cpu_model();
  const bool progress = isatty(STDERR_FILENO) != 0;
  if (progress) std::fprintf(stderr, "measuring the clock and the machine's limit...\r");
  r.limit = bench::measure_limit(detected_features());
  const double core_hz = r.limit.clock.core_hz;

  std::size_t total = 0, done = 0;
  for (algorithm alg : r.options.algs)
    for (const subject& s : r.subjects)
      if (subject_supports(s, alg)) total += r.options.ops.size() * r.options.sizes.size();
  bool wrong = false;
  for (algorithm alg : r.options.algs) {
    for (operation op : r.options.ops) {
      for (std::size_t bytes : r.options.sizes) {
        // Every implementation of one size in the same rounds (see speed_measure.cpp).
        if (progress) {
          std::fprintf(stderr, "\33[2K[%zu/%zu] %s %s %zu B\r", done + 1, total,
                       alg_name(alg).data(), op_name(op).data(), bytes);
        }
        for (speed_row& row : measure_cell(r.subjects, alg, op, bytes, r.options, core_hz)) {
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
