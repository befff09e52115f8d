// The body of aead_key::seal_batch/open_batch, shared by the C++ API (api/batch.cpp) and the C API
// (capi/batch.cpp). Both describe jobs in their own struct; `Jobs` turns job i into the C++
// seal_job/open_job, so neither side copies its array (no allocation, any count).
//
// A batch of fewer than kFewJobs jobs is checked job by job (check_call) and then run as single
// calls: no batch kernel gains on so few, and the columns cost more than they save. Larger batches
// are taken `capacity` jobs at a time into columns (backends/batch_ops.hpp: one array per
// argument). Every job is checked before any is processed, so a refused batch writes nothing:
// one pass tests each chunk for the common job (common_job: arithmetic, no branch; vectorised by
// backends with batch kernels), and only jobs that fail that test get check_call, whose status is
// the batch's. Then each job runs as the single call would, without checking it again: while the
// columns are filled, the jobs a backend's batch kernels take (96-bit nonce, 16-byte tag, short
// or medium message, short AAD) are listed by kind, whole groups only, and each list is handed to
// its kernel; the other jobs run one by one, the common ones calling the kernel as the inline tier
// of modes.hpp does, the rest through the *_checked calls. A single call's checks overlap the
// previous call's kernel in the core; a batch's checks are a pass of their own, so they have to
// cost less than the single call's.
#ifndef VG_SRC_API_BATCH_CALLS_HPP
#define VG_SRC_API_BATCH_CALLS_HPP

#include <bit>
#include <cstddef>
#include <cstdint>

#include "api/key_calls.hpp"
#include "backends/batch_ops.hpp"
#include "modes/modes.hpp"
#include "modes/xaes.hpp"

namespace vg::detail {

struct batch_calls {
  static const mode_limits& limits(const aead_key& key) noexcept {
    if (key.alg_ == algorithm::xaes_256_gcm) return xaes::kLimits;
    return key_calls::is_siv(key.alg_) ? siv::kLimits : gcm::kLimits;
  }

  // check_call on one job; for the common lengths (12-byte nonce, 16-byte tag) with them as
  // constants, as the single calls do.
  static status check(const mode_limits& l, const seal_job& j) noexcept {
    if (common_lengths(j.nonce, j.tag.size()))
      return check_call(l, j.nonce, j.aad, j.in, j.out, j.tag.data(), 16, true);
    return check_call(l, j.nonce, j.aad, j.in, j.out, j.tag.data(), j.tag.size(), true);
  }
  static status check(const mode_limits& l, const open_job& j) noexcept {
    if (common_lengths(j.nonce, j.tag.size()))
      return check_call(l, j.nonce, j.aad, j.in, j.out, j.tag.data(), 16, false);
    return check_call(l, j.nonce, j.aad, j.in, j.out, j.tag.data(), j.tag.size(), false);
  }

  // The common job's nonce length: 12 bytes (XAES-256-GCM: 24). With it and a 16-byte tag every
  // algorithm's nonce and tag rules hold.
  static gcm_batch_rules rules(const aead_key& key, bool tag_is_output) noexcept {
    const mode_limits& l = limits(key);
    const std::size_t nonce_len = key.alg_ == algorithm::xaes_256_gcm ? xaes::kNonceBytes : 12;
    return {nonce_len, l.max_in, l.max_aad, tag_is_output};
  }
  static_assert(gcm::kLimits.min_nonce <= 12 && siv::kLimits.min_nonce == 12 &&
                siv::kLimits.max_nonce == 12 && xaes::kLimits.min_nonce == xaes::kNonceBytes &&
                xaes::kLimits.max_nonce == xaes::kNonceBytes && gcm::kLimits.max_tag == 16 &&
                siv::kLimits.min_tag == 16 && xaes::kLimits.min_tag == 16);

  // 1 when end <= start for one of the byte ranges [x, xe) and [y, ye), else 0.
  static unsigned apart(std::uintptr_t x, std::uintptr_t xe, std::uintptr_t y,
                        std::uintptr_t ye) noexcept {
    return unsigned{xe <= y} | unsigned{ye <= x};
  }

  // The common job k of c: nonce and tag of the common lengths, no null buffer with a length, out
  // the size of in, lengths within the limits, and every pair of buffers the rules keep apart lying
  // one before the other. Stricter than check_call, never looser: apart() implies !overlaps() (an
  // empty range that starts inside another is refused here, accepted there), so a job refused
  // here gets check_call's exact answer. The backends' common_jobs kernels test the same.
  static unsigned common_job(const gcm_batch_columns& c, std::size_t k,
                             const gcm_batch_rules& r) noexcept {
    const auto one = [](bool b) { return unsigned{b}; };
    const std::uintptr_t n = c.nonce[k], a = c.aad[k], i = c.in[k], o = c.out[k], t = c.tag[k];
    const std::size_t al = c.aad_len[k], len = c.len[k];
    const std::uintptr_t ne = n + r.nonce_len, ae = a + al, ie = i + len, oe = o + len, te = t + 16;
    const unsigned lengths =
        ((c.common_lengths >> k) & 1u) & one(len <= r.max_in) & one(al <= r.max_aad);
    const unsigned empty = one(len == 0);
    const unsigned addresses = one(n != 0) & one(t != 0) & (one(a != 0) | one(al == 0)) &
                               (one(i != 0) | empty) & (one(o != 0) | empty);
    const unsigned out_apart = (one(o == i) | apart(o, oe, i, ie)) & apart(o, oe, n, ne) &
                               apart(o, oe, a, ae) & apart(o, oe, t, te);
    const unsigned tag_apart =
        (apart(t, te, n, ne) & apart(t, te, a, ae) & apart(t, te, i, ie)) | one(!r.tag_is_output);
    return lengths & addresses & out_apart & tag_apart;
  }
  static std::uint32_t common_jobs(const gcm_batch_ops* ops, const gcm_batch_columns& c,
                                   std::size_t count, const gcm_batch_rules& r) noexcept {
    if (ops != nullptr) return ops->common_jobs(c, count, r);
    std::uint32_t bits = 0;
    for (std::size_t k = 0; k < count; ++k) bits |= common_job(c, k, r) << k;
    return bits;
  }

  static constexpr std::size_t kChunk = gcm_batch_columns::capacity;
  static_assert(kChunk <= 32, "one bit per job of a chunk");

  // Where the jobs of a chunk run: lists of column indices for the batch kernels' short and medium
  // jobs, whole groups only, and the rest (bit k of `singles`) as single calls.
  struct routes {
    std::uint8_t short_at[kChunk], medium_at[kChunk];
    std::size_t shorts = 0, mediums = 0;
    std::uint32_t singles = 0;
  };

  // Jobs [first, first + count) into c, one job at a time, read in place, and their routes into r:
  // those the kernels take (96-bit nonce, 16-byte tag, short or medium message, short AAD; whole
  // groups only: a part group runs as single calls, which measured faster, docs/design/batch.md;
  // open's medium jobs up to the kernels' open_max_len, the CPU's tuning) and the rest. The nonce,
  // tag and output lengths are compared here against the common job's (nonce_len: the rules'), not
  // stored. The lengths are public. The empty asm hides k from the vectoriser: GCC 12 vectorises
  // the plain loop over pairs of jobs, and a 64 B seal batch measured twice as slow (34 against 16
  // ns a job); a copy of each job (which GCC leaves scalar) costs 20 more loads and stores a job
  // (64 B seal 0.56x of a single call against 0.50x).
  template <class Jobs>
  static void fill(gcm_batch_columns& c, const Jobs& jobs, std::size_t first, std::size_t count,
                   std::size_t nonce_len, const gcm_batch_ops* kernels, bool seal,
                   routes& r) noexcept {
    const auto at = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p); };
    // The kernels' limits; none without kernels (no job fits).
    const std::size_t short_len = kernels != nullptr ? kernels->short_len : 0,
                      max_len = kernels == nullptr ? 0
                                : seal             ? kernels->max_len
                                                   : kernels->open_max_len,
                      max_aad = kernels != nullptr ? kernels->max_aad : 0;
    std::uint32_t short_bits = 0, medium_bits = 0, common_lengths = 0;
    for (std::size_t k = 0; k < count; ++k) {
      asm("" : "+r"(k));
      const auto& j = jobs.get(first + k);
      const std::size_t len = j.in.size();
      const bool lengths = j.nonce.size() == nonce_len && j.tag.size() == 16 && j.out.size() == len;
      common_lengths |= std::uint32_t{lengths} << k;
      // Kernels exist for plain GCM only, whose common nonce is the kernels' 96 bits.
      if (kernels != nullptr && lengths && j.aad.size() <= max_aad && len <= max_len) {
        if (len <= short_len) {
          short_bits |= std::uint32_t{1} << k;
        } else {
          medium_bits |= std::uint32_t{1} << k;
        }
      }
      c.nonce[k] = at(j.nonce.data());
      c.aad[k] = at(j.aad.data());
      c.aad_len[k] = j.aad.size();
      c.in[k] = at(j.in.data());
      c.len[k] = len;
      c.out[k] = at(j.out.data());
      c.tag[k] = at(j.tag.data());
    }
    c.common_lengths = common_lengths;
    // The lists, written here after the column stores (the vector test's loads then wait less for
    // those), whole groups only: the last jobs of a part group stay single calls. (No
    // std::popcount: without -mpopcnt it is a call into libgcc through the PLT, whose first use
    // resolves the symbol on the caller's stack.)
    const std::size_t part = kernels != nullptr ? kernels->group - 1 : 0;
    std::size_t shorts = 0, mediums = 0;
    for (std::uint32_t b = short_bits; b != 0; b &= b - 1)
      r.short_at[shorts++] = static_cast<std::uint8_t>(std::countr_zero(b));
    for (std::uint32_t b = medium_bits; b != 0; b &= b - 1)
      r.medium_at[mediums++] = static_cast<std::uint8_t>(std::countr_zero(b));
    r.shorts = shorts & ~part;
    r.mediums = mediums & ~part;
    for (std::size_t q = r.shorts; q < shorts; ++q)
      short_bits &= ~(std::uint32_t{1} << r.short_at[q]);
    for (std::size_t q = r.mediums; q < mediums; ++q)
      medium_bits &= ~(std::uint32_t{1} << r.medium_at[q]);
    r.singles =
        static_cast<std::uint32_t>((std::uint64_t{1} << count) - 1) & ~(short_bits | medium_bits);
  }

  // The status of the first refused job, or ok. On return c holds the last chunk and r its routes.
  template <class Jobs>
  static status check_all(const aead_key& key, const gcm_batch_ops* ops, const Jobs& jobs,
                          gcm_batch_columns& c, bool tag_is_output, const gcm_batch_ops* kernels,
                          routes& rt) noexcept {
    const gcm_batch_rules r = rules(key, tag_is_output);
    for (std::size_t first = 0; first < jobs.size(); first += kChunk) {
      const std::size_t n = jobs.size() - first < kChunk ? jobs.size() - first : kChunk;
      fill(c, jobs, first, n, r.nonce_len, kernels, tag_is_output, rt);
      const std::uint32_t all = static_cast<std::uint32_t>((std::uint64_t{1} << n) - 1);
      const std::uint32_t common = common_jobs(ops, c, n, r);
      if (common == all) [[likely]]
        continue;
      for (std::size_t k = 0; k < n; ++k) {
        if ((common >> k) & 1u) continue;
        if (const status s = check(limits(key), jobs.get(first + k)); s != status::ok) return s;
      }
    }
    return status::ok;
  }

  // What a batch on this key runs on: the backend and the algorithm family. A batch of few jobs
  // needs no more (run_few); the others take their batch ops too (plan).
  struct single_plan {
    const backend& b;
    bool siv, xaes;
    explicit single_plan(const aead_key& key) noexcept
        : b(*key.backend_),
          siv(key_calls::is_siv(key.alg_)),
          xaes(key.alg_ == algorithm::xaes_256_gcm) {}
  };
  // With the backend's batch ops (the jobs' argument test) and the batch kernels its jobs may take
  // (GCM only: GCM-SIV and XAES-256-GCM jobs go one by one). gcm_batch_for is a call into the
  // dispatch layer, which a batch of few jobs does not make.
  struct plan : single_plan {
    const gcm_batch_ops* ops;
    const gcm_batch_ops* kernels;
    explicit plan(const aead_key& key) noexcept
        : single_plan(key), ops(gcm_batch_for(b)), kernels(siv || xaes ? nullptr : ops) {}
  };

  // One checked job as its single call runs it: the common GCM job calls the kernel as the inline
  // tier of modes.hpp does, the others go through the *_checked calls.
  [[gnu::always_inline]] static status run_one(const aead_key& key, const single_plan& p,
                                               const seal_job& j) noexcept {
    if (!p.siv && !p.xaes && common_lengths(j.nonce, j.tag.size())) {
      alignas(16) std::uint8_t j0[16];
      gcm::j0_96(j.nonce.data(), j0);
      p.b.gcm->seal(key.state_, j0, true, j.aad.data(), j.aad.size(), j.in.data(), j.out.data(),
                    j.in.size(), j.tag.data());
      return status::ok;
    }
    if (p.xaes)
      return key_calls::seal(key, j.nonce, j.aad, j.in, j.out, j.tag);  // own key per nonce
    return p.siv ? siv::seal_checked(p.b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag)
                 : gcm::seal_checked(p.b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag);
  }
  [[gnu::always_inline]] static status run_one(const aead_key& key, const single_plan& p,
                                               const open_job& j) noexcept {
    if (!p.siv && !p.xaes && common_lengths(j.nonce, j.tag.size())) {
      alignas(16) std::uint8_t j0[16];
      gcm::j0_96(j.nonce.data(), j0);
      return verdict_status(p.b.gcm->open_verify(key.state_, j0, true, j.aad.data(), j.aad.size(),
                                                 j.in.data(), j.out.data(), j.in.size(),
                                                 j.tag.data(), 16));
    }
    if (p.xaes) return key_calls::open(key, j.nonce, j.aad, j.in, j.out, j.tag);
    return p.siv ? siv::open_checked(p.b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag)
                 : gcm::open_checked(p.b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag);
  }

  // Batches of fewer jobs than this run as single calls after checking every job: the columns,
  // the test and the routing cost more than such a batch can gain (docs/design/batch.md).
  static constexpr std::size_t kFewJobs = 4;

  // What a batch returns. Seal: the first status other than ok (none can come after the checks;
  // it is passed on rather than dropped). Open: every job's result set, and the verdicts combined
  // arithmetically: any failed job makes the batch status::auth, and no branch depends on one.
  template <bool Seal, class Jobs>
  struct outcome {
    Jobs& jobs;
    unsigned failed = 0;
    status first = status::ok;
    void done(std::size_t i, status s) noexcept {
      if constexpr (Seal) {
        if (s != status::ok && first == status::ok) first = s;
      } else {
        jobs.set_result(i, s);
        failed |= static_cast<unsigned>(s);
      }
    }
    status refuse(status s) noexcept {  // every job gets a refused batch's status
      if constexpr (!Seal) {
        for (std::size_t i = 0; i < jobs.size(); ++i) jobs.set_result(i, s);
      }
      return s;
    }
    status result() const noexcept {
      if constexpr (Seal) {
        return first;
      } else {
        const unsigned any = 0u - static_cast<unsigned>(failed != 0);
        return static_cast<status>(static_cast<unsigned>(status::auth) & any);
      }
    }
  };

  // A batch of fewer than kFewJobs: every job checked, then each as its single call. Inlined into
  // the entry, without the columns' frame (2.2 KiB, 64-byte aligned), which stays in run_columns:
  // a call less for the batches whose overhead weighs most (docs/design/batch.md).
  template <bool Seal, class Jobs>
  [[gnu::always_inline]] static status run_few(const aead_key& key, Jobs& jobs) noexcept {
    outcome<Seal, Jobs> out{jobs};
    const single_plan p(key);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const auto& j = jobs.get(i);
      // The common GCM job with the limits as constants, as the inline tier checks it.
      const status s =
          !p.siv && !p.xaes && common_lengths(j.nonce, j.tag.size())
              ? check_call(gcm::kLimits, j.nonce, j.aad, j.in, j.out, j.tag.data(), 16, Seal)
              : check(limits(key), j);
      if (s != status::ok) return out.refuse(s);
    }
    key_calls::note_stack_depth(key);
    for (std::size_t i = 0; i < jobs.size(); ++i) out.done(i, run_one(key, p, jobs.get(i)));
    return out.result();
  }

  // Any other batch: through the columns, the kernels taking their jobs.
  template <bool Seal, class Jobs>
  [[gnu::noinline]] static status run_columns(const aead_key& key, Jobs& jobs) noexcept {
    outcome<Seal, Jobs> out{jobs};
    const plan p(key);
    gcm_batch_columns c;
    routes r;
    if (const status s = check_all(key, p.ops, jobs, c, Seal, p.kernels, r); s != status::ok)
      return out.refuse(s);
    const std::size_t nonce_len = rules(key, Seal).nonce_len;
    key_calls::note_stack_depth(key);
    for (std::size_t first = 0; first < jobs.size(); first += kChunk) {
      if (jobs.size() > kChunk) {  // else c and r hold them from the checks
        const std::size_t n = jobs.size() - first < kChunk ? jobs.size() - first : kChunk;
        fill(c, jobs, first, n, nonce_len, p.kernels, Seal, r);
      }
      for (std::uint32_t s = r.singles; s != 0; s &= s - 1) {
        const std::size_t i = first + static_cast<std::size_t>(std::countr_zero(s));
        out.done(i, run_one(key, p, jobs.get(i)));
      }
      if constexpr (Seal) {
        if (r.shorts != 0) p.kernels->seal_short(key.state_, c, r.short_at, r.shorts);
        if (r.mediums != 0) p.kernels->seal(key.state_, c, r.medium_at, r.mediums);
      } else {
        std::uint8_t ok[kChunk];
        if (r.shorts != 0) p.kernels->open_short(key.state_, c, r.short_at, r.shorts, ok);
        for (std::size_t q = 0; q < r.shorts; ++q)
          out.done(first + r.short_at[q], verdict_status(ok[q]));
        if (r.mediums != 0) p.kernels->open_verify(key.state_, c, r.medium_at, r.mediums, ok);
        for (std::size_t q = 0; q < r.mediums; ++q)
          out.done(first + r.medium_at[q], verdict_status(ok[q]));
      }
    }
    return out.result();
  }

  template <bool Seal, class Jobs>
  static status run(const aead_key& key, Jobs& jobs) noexcept {
    return jobs.size() < kFewJobs ? run_few<Seal>(key, jobs) : run_columns<Seal>(key, jobs);
  }

  template <class Jobs>
  static status seal(const aead_key& key, const Jobs& jobs) noexcept {
    if (key.backend_ == nullptr) return status::argument;
    if (jobs.size() == 1) {  // the single call: the same checks and result, without the columns
      const seal_job j = jobs.get(0);
      return key_calls::seal(key, j.nonce, j.aad, j.in, j.out, j.tag);
    }
    return run<true>(key, jobs);
  }

  template <class Jobs>
  static status open(const aead_key& key, Jobs& jobs) noexcept {
    const auto refuse = [&jobs](status s) noexcept {
      for (std::size_t i = 0; i < jobs.size(); ++i) jobs.set_result(i, s);
      return s;
    };
    if (key.backend_ == nullptr) return refuse(status::argument);
    if (jobs.size() == 1) {  // the single call: the same checks and result, without the columns
      const open_job j = jobs.get(0);
      const status s = key_calls::open(key, j.nonce, j.aad, j.in, j.out, j.tag);
      jobs.set_result(0, s);
      return s;
    }
    return run<false>(key, jobs);
  }
};

}  // namespace vg::detail

#endif  // VG_SRC_API_BATCH_CALLS_HPP
