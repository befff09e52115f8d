// Peer: Intel Multi-Buffer Crypto for IPsec (intel-ipsec-mb), direct single-buffer GCM API.
//
// The key is expanded once (IMB_AESxxx_GCM_PRE: round keys + GHASH key powers); each call runs
// IMB_AESxxx_GCM_ENC/DEC, which does the whole message with a context on the stack. The code
// path depends on the manager's init function, selectable with VG_IPSECMB_ARCH:
//   avx512 — on CPUs with VAES+VPCLMULQDQ ("type 2") the VAES zmm GCM, else AES-NI by8 AVX-512
//   avx2   — AES-NI + AVX2 + PCLMULQDQ by8 ("gen4"); release 1.3 has no VAES ymm GCM (1.5 added it)
//   avx    — AES-NI + AVX + PCLMULQDQ by8 ("gen2")
//   sse    — AES-NI + SSE + PCLMULQDQ by8
//   unset/auto — init_mb_mgr_auto, the best for the CPU.
// The DEC path returns the tag it computed; the adapter compares it with a fixed-time loop.
// Bursts (vg speed --batch): the job API's burst form (IMB_GET_NEXT_BURST / IMB_SUBMIT_BURST, new
// in 1.3), one IMB_JOB per message with cipher GCM and hash AES-GMAC, filled on every call as a
// user of the API does; 1.3 runs GCM jobs of a burst one after the other through the same
// single-buffer kernels.
#include <intel-ipsec-mb.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "peer.hpp"

namespace vg::bench {
namespace {

struct manager {
  IMB_MGR* mgr = nullptr;
  std::string arch;  // what was asked for, after defaults
};

// One manager per process, initialised on first use with the requested architecture.
const manager& shared_manager() {
  static const manager m = [] {
    manager out;
    const char* env = std::getenv("VG_IPSECMB_ARCH");
    out.arch = (env != nullptr && *env != '\0') ? env : "auto";
    out.mgr = alloc_mb_mgr(0);
    if (out.mgr == nullptr) return out;
    if (out.arch == "avx512") {
      init_mb_mgr_avx512(out.mgr);
    } else if (out.arch == "avx2") {
      init_mb_mgr_avx2(out.mgr);
    } else if (out.arch == "avx") {
      init_mb_mgr_avx(out.mgr);
    } else if (out.arch == "sse") {
      init_mb_mgr_sse(out.mgr);
    } else {
      if (out.arch != "auto") {
        std::fprintf(stderr, "VG_IPSECMB_ARCH=%s unknown (avx512|avx2|avx|sse|auto); using auto\n",
                     out.arch.c_str());
        out.arch = "auto";
      }
      IMB_ARCH chosen = IMB_ARCH_NONE;
      init_mb_mgr_auto(out.mgr, &chosen);
    }
    if (imb_get_errno(out.mgr) != 0) {
      free_mb_mgr(out.mgr);
      out.mgr = nullptr;
    }
    return out;
  }();
  return m;
}

std::string describe(const IMB_MGR* mgr) {
  const bool vaes =
      (mgr->features & IMB_FEATURE_VAES) != 0 && (mgr->features & IMB_FEATURE_VPCLMULQDQ) != 0;
  switch (mgr->used_arch) {
    case IMB_ARCH_AVX512:
      return vaes ? "avx512: VAES+VPCLMULQDQ zmm GCM (type 2)"
                  : "avx512: AES-NI+PCLMULQDQ by8 (type 1, no VAES)";
    case IMB_ARCH_AVX2:
      return "avx2: AES-NI+AVX2+PCLMULQDQ by8 (gen4; no VAES GCM in 1.3)";
    case IMB_ARCH_AVX:
      return "avx: AES-NI+AVX+PCLMULQDQ by8 (gen2)";
    case IMB_ARCH_SSE:
      return "sse: AES-NI+SSE+PCLMULQDQ by8";
    default:
      return "unknown arch";
  }
}

class ipsecmb_key final : public peer_key {
 public:
  ipsecmb_key(IMB_MGR* mgr, algorithm alg, bytes_view key) : mgr_(mgr), alg_(alg) {
    if (alg == algorithm::aes_128_gcm) {
      IMB_AES128_GCM_PRE(mgr_, key.data(), &key_data_);
    } else {
      IMB_AES256_GCM_PRE(mgr_, key.data(), &key_data_);
    }
  }
  ~ipsecmb_key() override { std::memset(&key_data_, 0, sizeof key_data_); }
  ipsecmb_key(const ipsecmb_key&) = delete;
  ipsecmb_key& operator=(const ipsecmb_key&) = delete;

  bool seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_span tag) override {
    alignas(64) gcm_context_data ctx;
    if (alg_ == algorithm::aes_128_gcm) {
      IMB_AES128_GCM_ENC(mgr_, &key_data_, &ctx, out.data(), in.data(), in.size(), nonce.data(),
                         aad.data(), aad.size(), tag.data(), tag.size());
    } else {
      IMB_AES256_GCM_ENC(mgr_, &key_data_, &ctx, out.data(), in.data(), in.size(), nonce.data(),
                         aad.data(), aad.size(), tag.data(), tag.size());
    }
    return true;
  }

  // IMB_AESxxx_GCM_PRE: the key expansion and the GHASH key powers anew.
  bool has_rekey() const override { return true; }
  bool rekey(bytes_view key) override {
    if (alg_ == algorithm::aes_128_gcm) {
      IMB_AES128_GCM_PRE(mgr_, key.data(), &key_data_);
    } else {
      IMB_AES256_GCM_PRE(mgr_, key.data(), &key_data_);
    }
    return true;
  }

  bool has_burst() const override { return true; }

  bool seal_burst(std::span<const vg::seal_job> jobs) override {
    return burst(jobs.size(), [&](std::size_t i, IMB_JOB* j) {
      const vg::seal_job& s = jobs[i];
      fill(j, IMB_DIR_ENCRYPT, s.nonce, s.aad, s.in, s.out, s.tag.data());
    });
  }

  bool open_burst(std::span<vg::open_job> jobs) override {
    if (jobs.size() > IMB_MAX_BURST_SIZE) return false;
    std::uint8_t expected[IMB_MAX_BURST_SIZE][16];
    if (!burst(jobs.size(), [&](std::size_t i, IMB_JOB* j) {
          const vg::open_job& o = jobs[i];
          fill(j, IMB_DIR_DECRYPT, o.nonce, o.aad, o.in, o.out, expected[i]);
        }))
      return false;
    unsigned diff = 0;  // fixed-time comparison, as open()
    for (std::size_t i = 0; i < jobs.size(); ++i)
      for (std::size_t b = 0; b < jobs[i].tag.size(); ++b)
        diff |= unsigned(expected[i][b] ^ jobs[i].tag[b]);
    return diff == 0;
  }

  bool open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_view tag) override {
    alignas(64) gcm_context_data ctx;
    std::uint8_t expected[16];
    if (alg_ == algorithm::aes_128_gcm) {
      IMB_AES128_GCM_DEC(mgr_, &key_data_, &ctx, out.data(), in.data(), in.size(), nonce.data(),
                         aad.data(), aad.size(), expected, tag.size());
    } else {
      IMB_AES256_GCM_DEC(mgr_, &key_data_, &ctx, out.data(), in.data(), in.size(), nonce.data(),
                         aad.data(), aad.size(), expected, tag.size());
    }
    unsigned diff = 0;  // fixed-time comparison: no early exit on the first differing byte
    for (std::size_t i = 0; i < tag.size(); ++i) diff |= unsigned(expected[i] ^ tag[i]);
    return diff == 0;
  }

 private:
  void fill(IMB_JOB* j, IMB_CIPHER_DIRECTION dir, bytes_view nonce, bytes_view aad, bytes_view in,
            bytes_span out, std::uint8_t* tag) {
    j->cipher_mode = IMB_CIPHER_GCM;
    j->hash_alg = IMB_AUTH_AES_GMAC;
    j->cipher_direction = dir;
    j->chain_order = dir == IMB_DIR_ENCRYPT ? IMB_ORDER_CIPHER_HASH : IMB_ORDER_HASH_CIPHER;
    j->enc_keys = &key_data_;
    j->dec_keys = &key_data_;
    j->key_len_in_bytes = alg_ == algorithm::aes_128_gcm ? 16 : 32;
    j->src = in.data();
    j->dst = out.data();
    j->cipher_start_src_offset_in_bytes = 0;
    j->msg_len_to_cipher_in_bytes = in.size();
    j->hash_start_src_offset_in_bytes = 0;
    j->msg_len_to_hash_in_bytes = in.size();
    j->iv = nonce.data();
    j->iv_len_in_bytes = nonce.size();
    j->u.GCM.aad = aad.data();
    j->u.GCM.aad_len_in_bytes = aad.size();
    j->auth_tag_output = tag;
    j->auth_tag_output_len_in_bytes = 16;
  }

  // Gets `count` jobs, lets `fill` describe job i, submits them as one burst.
  template <class Fill>
  bool burst(std::size_t count, Fill fill) {
    if (count > IMB_MAX_BURST_SIZE) return false;
    IMB_JOB* jobs[IMB_MAX_BURST_SIZE];
    const auto n = static_cast<std::uint32_t>(count);
    if (IMB_GET_NEXT_BURST(mgr_, n, jobs) != n) return false;
    for (std::uint32_t i = 0; i < n; ++i) fill(i, jobs[i]);
    if (IMB_SUBMIT_BURST(mgr_, n, jobs) != n) return false;
    bool ok = true;
    for (std::uint32_t i = 0; i < n; ++i) ok &= jobs[i]->status == IMB_STATUS_COMPLETED;
    return ok;
  }

  IMB_MGR* mgr_;
  algorithm alg_;
  // The library's assembly uses aligned loads/stores, but its header declares no alignment for
  // these structures outside Windows: align them here.
  alignas(64) gcm_key_data key_data_;
};

class ipsecmb final : public peer {
 public:
  std::string_view name() const override { return "ipsecmb"; }
  std::string code_path() const override {
    const manager& m = shared_manager();
    std::string s = std::string("intel-ipsec-mb ") + imb_get_version_str() + ", ";
    if (m.mgr == nullptr) return s + "manager init failed";
    return s + describe(m.mgr) + " [VG_IPSECMB_ARCH=" + m.arch + "]";
  }
  bool supports(algorithm alg) const override {
    return shared_manager().mgr != nullptr &&
           (alg == algorithm::aes_128_gcm || alg == algorithm::aes_256_gcm);
  }
  std::unique_ptr<peer_key> make_key(algorithm alg, bytes_view key) const override {
    if (!supports(alg) || key.size() != key_length(alg)) return nullptr;
    return std::make_unique<ipsecmb_key>(shared_manager().mgr, alg, key);
  }
};

}  // namespace

const peer* ipsecmb_peer() {
  static const ipsecmb instance;
  return &instance;
}

}  // namespace vg::bench
