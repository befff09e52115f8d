// `vg speed` outputs: the human table, the limit section, JSON (the input of
// scripts/plot_speed.py) and CSV.
#include <algorithm>
#include <set>
#include <string>

#include "dispatch/gcm_variants.hpp"
#include "dispatch/registry.hpp"
#include "speed.hpp"
#include "vg/cpu.hpp"

namespace vg::tool {

bool has_gcm_variant(std::string_view backend, std::string_view variant) {
  for (const detail::backend* t : detail::all_gcm_tables())
    if (t->name == backend && t->gcm_variant == variant) return true;
  return false;
}

std::string bound_name(std::string_view backend) {
  if (const std::size_t slash = backend.find('/'); slash != std::string_view::npos) {
    // A variant named: the bound's tables name a backend's default variant without the suffix.
    const std::string_view base = backend.substr(0, slash);
    for (const detail::backend* t : detail::all_gcm_tables())
      if (t->name == base)
        return t->gcm_variant == backend.substr(slash + 1) ? std::string(base)
                                                           : std::string(backend);
    return std::string(backend);
  }
  const detail::gcm_variant_choice c = detail::gcm_variant_of(backend);
  if (c.table == nullptr) return std::string(backend);
  for (const detail::backend* t : detail::all_gcm_tables()) {
    if (t->name != backend) continue;
    if (t == c.table) return std::string(backend);  // the default variant (listed first)
    return std::string(backend) + "/" + std::string(c.table->gcm_variant);
  }
  return std::string(backend);
}

namespace {

constexpr algorithm all_algs[] = {algorithm::aes_128_gcm,     algorithm::aes_192_gcm,
                                  algorithm::aes_256_gcm,     algorithm::aes_128_gcm_siv,
                                  algorithm::aes_256_gcm_siv, algorithm::xaes_256_gcm};

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Peers that appear in the rows of one (alg, op) group, in subject order.
std::vector<std::string> peers_in(const speed_result& r, algorithm alg, operation op) {
  std::vector<std::string> out;
  for (const subject& s : r.subjects) {
    if (s.is_vgcrypt) continue;
    for (const speed_row& row : r.rows) {
      if (row.impl == s.impl && row.alg == alg && row.op == op) {
        out.push_back(s.impl);
        break;
      }
    }
  }
  return out;
}

void print_header(std::FILE* to, const speed_result& r) {
  std::fprintf(to, "cpu: %s, %s\n", r.cpu_model.c_str(), r.pinning.c_str());
  std::fprintf(to, "clock: %s\n", r.limit.clock.method.c_str());
  std::fprintf(
      to,
      "method: key reused, %zu-byte AAD, 12-byte nonce (XAES: 24), out of place, every "
      "implementation's buffers at the same places modulo 4 KiB; %.2f s per measurement "
      "after a warm-up, in %d rounds of ~20 us batches, implementations interleaved round by "
      "round; time per call = median over rounds of each round's 10th-percentile batch, "
      "spread = (max-min)/median; xPEER = median of per-round peer/vgcrypt time ratios; cyc/B at "
      "each round's measured core clock\n",
      r.options.aad, r.options.duration, r.options.rounds);
  for (const subject& s : r.subjects) {
    if (s.is_vgcrypt) continue;
    if (s.is_reference) {
      std::fprintf(to,
                   "reference %s: GCM seal of the same key size and message on %s, in GCM-SIV "
                   "cells (x = its time / GCM-SIV's)\n",
                   s.impl.c_str(), s.backend.c_str());
      continue;
    }
    if (s.batch_burst) {
      std::fprintf(to, "burst %s: the same jobs through %s's burst API, time per job\n",
                   s.impl.c_str(), std::string(s.peer->name()).c_str());
      continue;
    }
    if (s.batch_jobs > 0) {
      std::fprintf(to,
                   "%s %s: %s of %zu jobs of the row's size on %s (own buffers per job), time "
                   "per job\n",
                   s.batch_singles ? "singles" : "batch", s.impl.c_str(),
                   s.batch_singles ? "single seal/open calls" : "seal_batch/open_batch",
                   s.batch_jobs, s.backend.c_str());
      continue;
    }
    std::fprintf(to, "peer %-8s %s\n", s.impl.c_str(), s.peer->code_path().c_str());
  }
  std::fprintf(to,
               "xPEER = PEER's time / vgcrypt's time (above 1: vgcrypt is faster); eff = "
               "lower bound / measured cycles (vg speed --limit)\n");
}

}  // namespace

std::string_view alg_name(algorithm alg) {
  switch (alg) {
    case algorithm::aes_128_gcm:
      return "aes-128-gcm";
    case algorithm::aes_192_gcm:
      return "aes-192-gcm";
    case algorithm::aes_256_gcm:
      return "aes-256-gcm";
    case algorithm::aes_128_gcm_siv:
      return "aes-128-gcm-siv";
    case algorithm::aes_256_gcm_siv:
      return "aes-256-gcm-siv";
    case algorithm::xaes_256_gcm:
      return "xaes-256-gcm";
  }
  return "?";
}

std::optional<algorithm> parse_alg(std::string_view name) {
  for (algorithm alg : all_algs)
    if (alg_name(alg) == name) return alg;
  return std::nullopt;
}

std::string_view op_name(operation op) {
  switch (op) {
    case operation::seal:
      return "seal";
    case operation::open:
      return "open";
    case operation::setup:
      return "setup";
    case operation::key:
      return "key";
  }
  return "?";
}

void print_table(std::FILE* to, const speed_result& r) {
  print_header(to, r);
  for (algorithm alg : r.options.algs) {
    for (operation op : r.options.ops) {
      const std::vector<std::string> peers = peers_in(r, alg, op);
      bool any = false;
      for (const speed_row& row : r.rows) any |= row.alg == alg && row.op == op;
      if (!any) continue;
      // The implementation column as wide as its longest name (22 at least).
      int width = 22;
      for (const speed_row& row : r.rows)
        width = std::max(width, static_cast<int>(row.impl.size()));
      std::fprintf(to, "\n%s %s\n%8s  %-*s %9s %7s %7s %6s %6s %5s %-9s", alg_name(alg).data(),
                   op_name(op).data(), "bytes", width, "implementation", "ns/call", "GB/s", "cyc/B",
                   "spread", "bound", "eff", "binds");
      for (const std::string& p : peers) std::fprintf(to, " %8s", ("x" + p).c_str());
      std::fprintf(to, "\n");
      for (std::size_t bytes : sizes_of(r.options.sizes, op)) {
        for (const speed_row& row : r.rows) {
          if (row.alg != alg || row.op != op || row.bytes != bytes) continue;
          if (row.bytes > 0) {
            std::fprintf(to, "%8zu  %-*s %9.1f %7.3f %7.3f %5.1f%%", row.bytes, width,
                         row.impl.c_str(), row.ns_per_call, row.gbps, row.cycles_per_byte,
                         row.spread * 100);
          } else {  // a bare key: no bytes to divide by
            std::fprintf(to, "%8zu  %-*s %9.1f %7s %7s %5.1f%%", row.bytes, width, row.impl.c_str(),
                         row.ns_per_call, "-", "-", row.spread * 100);
          }
          if (row.bound_cpb > 0) {
            std::fprintf(to, " %6.3f %4.0f%% %-9s", row.bound_cpb,
                         100 * row.bound_cpb / row.cycles_per_byte, row.bound_binds.c_str());
          } else {
            std::fprintf(to, " %6s %5s %-9s", "-", "-", "-");
          }
          if (row.is_vgcrypt || !row.ratios.empty()) {
            for (const std::string& p : peers) {
              auto it = row.ratios.find(p);
              if (it == row.ratios.end()) {
                std::fprintf(to, " %8s", "-");
              } else {
                std::fprintf(to, " %7.2fx", it->second);
              }
            }
          }
          if (!row.check.empty()) std::fprintf(to, "  %s", row.check.c_str());
          std::fprintf(to, "\n");
        }
      }
    }
  }
}

void print_limit(std::FILE* to, const speed_result& r) {
  std::fprintf(to,
               "machine limit (instructions started per core cycle, independent chains; GCM mix: "
               "core cycles per register of blocks for R AES rounds + M CLMUL issued together; "
               "shared: AES+CLMUL per cycle together where the mixes show them contending)\n");
  std::fprintf(to, "%6s %7s %7s %7s %7s %7s", "width", "aesenc", "clmul", "vxor", "load", "store");
  for (int ri = 0; ri < 3; ++ri)
    for (int m = 0; m < 2; ++m) std::fprintf(to, "  mix%d/%d", 10 + 2 * ri, 3 + m);
  std::fprintf(to, " %7s %7s\n", "shared", "AND B/c");
  for (const bench::width_rates& w : r.limit.widths) {
    if (!w.measured) {
      std::fprintf(to, "%6s  not available on this CPU\n", w.width.data());
      continue;
    }
    std::fprintf(to, "%6s %7.2f %7.2f %7.2f %7.2f %7.2f", w.width.data(), w.aes, w.clmul, w.vector,
                 w.loads, w.stores);
    for (int ri = 0; ri < 3; ++ri)
      for (int m = 0; m < 2; ++m) std::fprintf(to, " %7.2f", w.gcm_mix[ri][m]);
    const double shared = bench::shared_rate(w);
    if (shared > 0) {
      std::fprintf(to, " %7.2f", shared);
    } else {
      std::fprintf(to, " %7s", "-");
    }
    std::fprintf(to, " %7.1f\n", w.and_bytes);
  }
  std::fprintf(to, "bound: %s\n", bench::bound_formula().data());
  std::fprintf(to, "%-12s %-16s %s\n", "backend", "algorithm",
               "bound cyc/B at 16 KiB, seal | open (seal GB/s at the measured clock); seal's "
               "cycles per resource, * = binds");
  for (const backend_info& b : backends()) {
    std::optional<bench::gcm_scheme> scheme = bench::scheme_for(bound_name(b.name));
    if (!scheme) continue;
    for (algorithm alg : {algorithm::aes_128_gcm, algorithm::aes_256_gcm,
                          algorithm::aes_128_gcm_siv, algorithm::aes_256_gcm_siv}) {
      const bench::bound_parts seal =
          bench::bound_detail(r.limit, *scheme, alg, bench::gcm_op::seal, 16384, r.options.aad);
      const double open_cycles =
          bench::bound_cycles(r.limit, *scheme, alg, bench::gcm_op::open, 16384, r.options.aad);
      if (seal.total <= 0) {
        std::fprintf(to, "%-12s %-16s not measurable here\n", b.name.data(), alg_name(alg).data());
        continue;
      }
      const double cpb = seal.total / 16384;
      std::fprintf(to, "%-12s %-16s %.3f | %.3f (%.1f GB/s) ", b.name.data(), alg_name(alg).data(),
                   cpb, open_cycles / 16384, r.limit.clock.core_hz / cpb * 1e-9);
      for (int k = 0; k < bench::resource_count; ++k) {
        if (seal.cycles[k] <= 0) continue;
        const auto res = static_cast<bench::resource>(k);
        std::fprintf(to, " %s%s %.0f", res == seal.binding ? "*" : "",
                     bench::resource_name(res).data(), seal.cycles[k]);
      }
      std::fprintf(to, "  [%.*s, %.*s]\n", static_cast<int>(scheme->note.size()),
                   scheme->note.data(), static_cast<int>(scheme->products.size()),
                   scheme->products.data());
    }
  }
  std::fprintf(to, "\n");
}

void print_json(std::FILE* to, const speed_result& r) {
  std::fprintf(to, "{\n  \"tool\": \"vg speed\",\n  \"cpu\": %s,\n  \"pinning\": %s,\n",
               json_string(r.cpu_model).c_str(), json_string(r.pinning).c_str());
  std::fprintf(to, "  \"detected_features\": %s,\n  \"allowed_features\": %s,\n",
               json_string(feature_list(detected_features())).c_str(),
               json_string(feature_list(allowed_features())).c_str());
  std::fprintf(to,
               "  \"clock\": {\"core_hz\": %.0f, \"core_spread\": %.4f, \"tsc_hz\": %.0f, "
               "\"method\": %s},\n",
               r.limit.clock.core_hz, r.limit.clock.core_spread, r.limit.clock.tsc_hz,
               json_string(r.limit.clock.method).c_str());
  std::fprintf(to, "  \"aad_bytes\": %zu,\n  \"duration_s\": %.3f,\n  \"rounds\": %d,\n",
               r.options.aad, r.options.duration, r.options.rounds);
  std::fprintf(to, "  \"limit\": [");
  bool first = true;
  for (const bench::width_rates& w : r.limit.widths) {
    if (!w.measured) continue;
    std::fprintf(to,
                 "%s\n    {\"width\": \"%s\", \"blocks\": %d, \"aesenc_per_cycle\": %.3f, "
                 "\"clmul_per_cycle\": %.3f, \"vector_per_cycle\": %.3f, \"loads_per_cycle\": "
                 "%.3f, \"stores_per_cycle\": %.3f, \"gcm_mix_cycles_per_register\": "
                 "{\"rounds\": [10, 12, 14], \"multiplies\": [3, 4], \"cycles\": [[%.3f, %.3f], "
                 "[%.3f, %.3f], [%.3f, %.3f]]}, \"shared_aes_clmul_per_cycle\": %.3f, "
                 "\"and_bytes_per_cycle\": %.2f}",
                 first ? "" : ",", w.width.data(), w.blocks, w.aes, w.clmul, w.vector, w.loads,
                 w.stores, w.gcm_mix[0][0], w.gcm_mix[0][1], w.gcm_mix[1][0], w.gcm_mix[1][1],
                 w.gcm_mix[2][0], w.gcm_mix[2][1], bench::shared_rate(w), w.and_bytes);
    first = false;
  }
  std::fprintf(to, "\n  ],\n  \"implementations\": [");
  first = true;
  for (const subject& s : r.subjects) {
    const std::string code_path =
        s.is_vgcrypt || s.is_reference || (s.batch_jobs > 0 && !s.batch_burst)
            ? s.backend
            : s.peer->code_path();
    std::fprintf(to, "%s\n    {\"name\": %s, \"kind\": \"%s\", \"code_path\": %s}",
                 first ? "" : ",", json_string(s.impl).c_str(),
                 s.is_vgcrypt       ? "vgcrypt"
                 : s.is_reference   ? "reference"
                 : s.batch_jobs > 0 ? "batch"
                                    : "peer",
                 json_string(code_path).c_str());
    first = false;
  }
  std::fprintf(to, "\n  ],\n  \"results\": [");
  first = true;
  for (const speed_row& row : r.rows) {
    std::fprintf(to,
                 "%s\n    {\"alg\": \"%s\", \"op\": \"%s\", \"bytes\": %zu, \"impl\": %s, "
                 "\"kind\": \"%s\", \"ns_per_call\": %.3f, \"spread\": %.4f, \"gbps\": %.4f, "
                 "\"cycles_per_byte\": %.4f",
                 first ? "" : ",", alg_name(row.alg).data(), op_name(row.op).data(), row.bytes,
                 json_string(row.impl).c_str(), row.is_vgcrypt ? "vgcrypt" : "peer",
                 row.ns_per_call, row.spread, row.gbps, row.cycles_per_byte);
    if (row.bound_cpb > 0)
      std::fprintf(to,
                   ", \"bound_cycles_per_byte\": %.4f, \"efficiency\": %.4f, \"bound_binds\": "
                   "%s",
                   row.bound_cpb, row.bound_cpb / row.cycles_per_byte,
                   json_string(row.bound_binds).c_str());
    if (!row.ratios.empty()) {
      std::fprintf(to, ", \"ratios\": {");
      bool f = true;
      for (const auto& [peer, ratio] : row.ratios) {
        std::fprintf(to, "%s%s: %.4f", f ? "" : ", ", json_string(peer).c_str(), ratio);
        f = false;
      }
      std::fprintf(to, "}");
    }
    if (!row.check.empty()) std::fprintf(to, ", \"check\": %s", json_string(row.check).c_str());
    std::fprintf(to, "}");
    first = false;
  }
  std::fprintf(to, "\n  ]\n}\n");
}

void print_csv(std::FILE* to, const speed_result& r) {
  std::set<std::string> peers;
  for (const subject& s : r.subjects)
    if (!s.is_vgcrypt) peers.insert(s.impl);
  std::fprintf(to,
               "alg,op,bytes,impl,ns_per_call,spread,gbps,cycles_per_byte,bound_cycles_per_"
               "byte,efficiency,bound_binds,check");
  for (const std::string& p : peers) std::fprintf(to, ",ratio_%s", p.c_str());
  std::fprintf(to, "\n");
  for (const speed_row& row : r.rows) {
    std::fprintf(to, "%s,%s,%zu,%s,%.3f,%.4f,%.4f,%.4f,", alg_name(row.alg).data(),
                 op_name(row.op).data(), row.bytes, row.impl.c_str(), row.ns_per_call, row.spread,
                 row.gbps, row.cycles_per_byte);
    if (row.bound_cpb > 0) {
      std::fprintf(to, "%.4f,%.4f,%s,", row.bound_cpb, row.bound_cpb / row.cycles_per_byte,
                   row.bound_binds.c_str());
    } else {
      std::fprintf(to, ",,,");
    }
    std::fprintf(to, "%s", row.check.c_str());
    for (const std::string& p : peers) {
      auto it = row.ratios.find(p);
      if (it == row.ratios.end()) {
        std::fprintf(to, ",");
      } else {
        std::fprintf(to, ",%.4f", it->second);
      }
    }
    std::fprintf(to, "\n");
  }
}

}  // namespace vg::tool
