// Peer: libgcrypt, through its cipher handle API.
//
// The key is set once on a gcry_cipher_hd_t (GCM mode); each call sets the IV (which resets the
// GCM state but keeps the key schedule and GHASH table), authenticates the AAD, marks the final
// chunk, encrypts and reads the tag. libgcrypt 1.10 does GCM as CTR and GHASH in two passes (no
// stitching): the CTR part runs its VAES/AVX2 bulk code when the CPU has VAES ("intel-vaes-vpclmul"
// in its hardware feature list), else AES-NI; GHASH runs its PCLMULQDQ code. The hardware features
// it may use can be narrowed for comparison with VG_GCRYPT_HWF_DENY (comma list of libgcrypt's
// names, e.g. "intel-vaes-vpclmul,intel-avx2"), applied before the library initialises.
#include <gcrypt.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "peer.hpp"

namespace vg::bench {
namespace {

// Initialises libgcrypt once; returns its hardware feature list ("" when it failed).
const std::string& library_features() {
  static const std::string features = []() -> std::string {
    if (const char* deny = std::getenv("VG_GCRYPT_HWF_DENY"); deny != nullptr) {
      std::string list = deny;
      std::size_t start = 0;
      while (start <= list.size()) {
        std::size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        std::string name = list.substr(start, end - start);
        if (!name.empty()) gcry_control(GCRYCTL_DISABLE_HWF, name.c_str(), nullptr);
        start = end + 1;
      }
    }
    if (gcry_check_version(GCRYPT_VERSION) == nullptr) return {};
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    // The feature list is only printed, so capture the print.
    char* text = nullptr;
    std::size_t size = 0;
    FILE* mem = open_memstream(&text, &size);
    if (mem == nullptr) return "?";
    gcry_control(GCRYCTL_PRINT_CONFIG, mem);
    std::fclose(mem);
    std::string config(text, size);
    std::free(text);
    const std::string key = "hwflist:";
    std::size_t at = config.find(key);
    if (at == std::string::npos) return "?";
    std::size_t end = config.find('\n', at);
    std::string list = config.substr(at + key.size(), end - at - key.size());
    if (!list.empty() && list.back() == ':') list.pop_back();
    return list.empty() ? std::string("none") : list;
  }();
  return features;
}

int algo_for(algorithm alg) {
  switch (alg) {
    case algorithm::aes_128_gcm:
      return GCRY_CIPHER_AES128;
    case algorithm::aes_256_gcm:
      return GCRY_CIPHER_AES256;
    default:
      return 0;
  }
}

class gcrypt_key final : public peer_key {
 public:
  gcrypt_key(int algo, bytes_view key, bool* ok) {
    *ok = gcry_cipher_open(&handle_, algo, GCRY_CIPHER_MODE_GCM, 0) == 0 &&
          gcry_cipher_setkey(handle_, key.data(), key.size()) == 0;
  }
  ~gcrypt_key() override { gcry_cipher_close(handle_); }
  gcrypt_key(const gcrypt_key&) = delete;
  gcrypt_key& operator=(const gcrypt_key&) = delete;

  bool seal(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_span tag) override {
    if (!start(nonce, aad)) return false;
    // libgcrypt encrypts in place when the input pointer is null.
    const bool in_place = in.data() == out.data();
    if (gcry_cipher_encrypt(handle_, out.data(), out.size(), in_place ? nullptr : in.data(),
                            in_place ? 0 : in.size()) != 0)
      return false;
    return gcry_cipher_gettag(handle_, tag.data(), tag.size()) == 0;
  }

  bool open(bytes_view nonce, bytes_view aad, bytes_view in, bytes_span out,
            bytes_view tag) override {
    if (!start(nonce, aad)) return false;
    const bool in_place = in.data() == out.data();
    if (gcry_cipher_decrypt(handle_, out.data(), out.size(), in_place ? nullptr : in.data(),
                            in_place ? 0 : in.size()) != 0)
      return false;
    return gcry_cipher_checktag(handle_, tag.data(), tag.size()) == 0;
  }

 private:
  bool start(bytes_view nonce, bytes_view aad) {
    if (gcry_cipher_setiv(handle_, nonce.data(), nonce.size()) != 0) return false;
    if (gcry_cipher_authenticate(handle_, aad.data(), aad.size()) != 0) return false;
    return gcry_cipher_final(handle_) == 0;
  }

  gcry_cipher_hd_t handle_ = nullptr;
};

class gcrypt final : public peer {
 public:
  std::string_view name() const override { return "gcrypt"; }
  std::string code_path() const override {
    const std::string& hwf = library_features();
    const bool vaes = hwf.find("intel-vaes-vpclmul") != std::string::npos;
    return std::string("libgcrypt ") + gcry_check_version(nullptr) +
           (vaes ? ", CTR on VAES/AVX2 ymm + PCLMULQDQ GHASH, two passes"
                 : ", CTR on AES-NI + PCLMULQDQ GHASH, two passes") +
           " [hwf " + hwf + "]";
  }
  bool supports(algorithm alg) const override {
    return algo_for(alg) != 0 && !library_features().empty();
  }
  std::unique_ptr<peer_key> make_key(algorithm alg, bytes_view key) const override {
    if (!supports(alg) || key.size() != key_length(alg)) return nullptr;
    bool ok = false;
    auto k = std::make_unique<gcrypt_key>(algo_for(alg), key, &ok);
    return ok ? std::move(k) : nullptr;
  }
};

}  // namespace

const peer* gcrypt_peer() {
  static const gcrypt instance;
  return &instance;
}

}  // namespace vg::bench
