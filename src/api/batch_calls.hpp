// The body of aead_key::seal_batch/open_batch, shared by the C++ API (api/batch.cpp) and the C API
// (capi/batch.cpp). Both describe jobs in their own struct; `Jobs` turns job i into the C++
// seal_job/open_job, so neither side copies its array (no allocation, any count).
//
// Every job is checked with the rules of a single call before any is processed, so a refused batch
// writes nothing. Then each job runs as the single call would, without checking it again (the
// common lengths as the inline tier of modes.hpp calls the kernel, the others through the
// *_checked calls; checking twice cost ~4 ns per job, 5-7% at 576..1420 B), except that GCM jobs a
// backend's batch kernels take (batch_ops.hpp: 96-bit nonce, short message and AAD) are gathered,
// `kChunk` at a time, and handed to them together.
#ifndef VG_SRC_API_BATCH_CALLS_HPP
#define VG_SRC_API_BATCH_CALLS_HPP

#include <cstddef>

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

  // As the single calls do: for the common lengths (12-byte nonce, 16-byte tag) the checks run with
  // them as constants, which folds most compares away.
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

  // The status of the first refused job, or ok.
  template <class Jobs>
  static status check_all(const aead_key& key, const Jobs& jobs) noexcept {
    if (key.backend_ == nullptr) return status::argument;
    const mode_limits& l = limits(key);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (const status s = check(l, jobs.get(i)); s != status::ok) return s;
    }
    return status::ok;
  }

  static constexpr std::size_t kChunk = 16;

  // How a checked batch runs on `key`: its backend, its algorithm's kind and batch kernels.
  struct run_plan {
    const backend& b;
    bool siv, xaes;
    const gcm_batch_ops* ops;
  };
  static run_plan plan(const aead_key& key) noexcept {
    key_calls::note_stack_depth(key);
    const bool siv = key_calls::is_siv(key.alg_);
    const bool xaes = key.alg_ == algorithm::xaes_256_gcm;
    return {*key.backend_, siv, xaes, siv || xaes ? nullptr : gcm_batch_for(*key.backend_)};
  }

  static bool fits(const gcm_batch_ops& ops, const bytes_view& nonce, const bytes_view& aad,
                   const bytes_view& in) noexcept {
    return nonce.size() == 12 && in.size() <= ops.max_len && aad.size() <= ops.max_aad;
  }

  template <class Jobs>
  static status seal(const aead_key& key, const Jobs& jobs) noexcept {
    if (const status s = check_all(key, jobs); s != status::ok) return s;
    const run_plan p = plan(key);
    const backend& b = p.b;
    const bool siv = p.siv, xaes = p.xaes;
    const gcm_batch_ops* ops = p.ops;
    gcm_batch_job gathered[kChunk];
    std::size_t n = 0;
    // A status other than ok cannot come back after the checks above; the first one is still
    // passed on rather than dropped.
    status first = status::ok;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const seal_job j = jobs.get(i);
      if (ops != nullptr && fits(*ops, j.nonce, j.aad, j.in)) {
        gathered[n++] = {j.nonce.data(), j.aad.data(), j.aad.size(), j.in.data(), j.out.data(),
                         j.in.size(),    j.tag.data(), nullptr,      j.tag.size()};
        if (n == kChunk) {
          ops->seal(key.state_, gathered, n);
          n = 0;
        }
        continue;
      }
      if (xaes) {  // its own key derivation per nonce: the single call, checks and all
        const status s = key_calls::seal(key, j.nonce, j.aad, j.in, j.out, j.tag);
        if (s != status::ok && first == status::ok) first = s;
        continue;
      }
      if (!siv && common_lengths(j.nonce, j.tag.size())) {  // the inline tier's call, checked
        alignas(16) std::uint8_t j0[16];
        gcm::j0_96(j.nonce.data(), j0);
        b.gcm->seal(key.state_, j0, true, j.aad.data(), j.aad.size(), j.in.data(), j.out.data(),
                    j.in.size(), j.tag.data());
        continue;
      }
      const status s = siv ? siv::seal_checked(b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag)
                           : gcm::seal_checked(b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag);
      if (s != status::ok && first == status::ok) first = s;
    }
    if (n != 0) ops->seal(key.state_, gathered, n);
    return first;
  }

  template <class Jobs>
  static status open(const aead_key& key, Jobs& jobs) noexcept {
    if (const status s = check_all(key, jobs); s != status::ok) {
      for (std::size_t i = 0; i < jobs.size(); ++i) jobs.set_result(i, s);
      return s;
    }
    const run_plan p = plan(key);
    const backend& b = p.b;
    const bool siv = p.siv, xaes = p.xaes;
    const gcm_batch_ops* ops = p.ops;
    gcm_batch_job gathered[kChunk];
    std::size_t index[kChunk];
    std::uint8_t ok[kChunk];
    std::size_t n = 0;
    // Verdicts are combined arithmetically: any failed job makes the batch status::auth.
    unsigned failed = 0;
    auto finish_gathered = [&]() noexcept {
      ops->open_verify(key.state_, gathered, n, ok);
      for (std::size_t k = 0; k < n; ++k) {
        const status s = verdict_status(ok[k]);
        jobs.set_result(index[k], s);
        failed |= static_cast<unsigned>(s);
      }
      n = 0;
    };
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const open_job j = jobs.get(i);
      if (ops != nullptr && fits(*ops, j.nonce, j.aad, j.in)) {
        index[n] = i;
        gathered[n++] = {j.nonce.data(), j.aad.data(), j.aad.size(), j.in.data(), j.out.data(),
                         j.in.size(),    nullptr,      j.tag.data(), j.tag.size()};
        if (n == kChunk) finish_gathered();
        continue;
      }
      status s;
      if (xaes) {  // its own key derivation per nonce: the single call, checks and all
        s = key_calls::open(key, j.nonce, j.aad, j.in, j.out, j.tag);
      } else if (!siv && common_lengths(j.nonce, j.tag.size()) && b.gcm->open_verify != nullptr) {
        alignas(16) std::uint8_t j0[16];
        gcm::j0_96(j.nonce.data(), j0);
        s = verdict_status(b.gcm->open_verify(key.state_, j0, true, j.aad.data(), j.aad.size(),
                                              j.in.data(), j.out.data(), j.in.size(), j.tag.data(),
                                              16));
      } else {
        s = siv ? siv::open_checked(b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag)
                : gcm::open_checked(b, key.state_, j.nonce, j.aad, j.in, j.out, j.tag);
      }
      jobs.set_result(i, s);
      failed |= static_cast<unsigned>(s);
    }
    if (n != 0) finish_gathered();
    const unsigned any = 0u - static_cast<unsigned>(failed != 0);
    return static_cast<status>(static_cast<unsigned>(status::auth) & any);
  }
};

}  // namespace vg::detail

#endif  // VG_SRC_API_BATCH_CALLS_HPP
