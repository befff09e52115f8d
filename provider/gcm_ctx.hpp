// The state of one EVP_CIPHER_CTX for AES-GCM in the vgcrypt provider, and the functions the
// dispatch tables point to.
//
// The expanded key lives in a reference-counted block so that EVP_CIPHER_CTX_copy (dupctx) can copy
// a message in flight: both contexts' gcm_streams refer to the same immutable key. A context that
// sets a new key rewrites its block in place when it is the only owner (no allocation per key,
// which matters to callers that re-key for every message) and takes a fresh block otherwise.
#ifndef VG_PROVIDER_GCM_CTX_HPP
#define VG_PROVIDER_GCM_CTX_HPP

#include <openssl/core.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "vg/aead.hpp"
#include "vg/gcm_stream.hpp"

namespace vgprov {

// OpenSSL's limits and TLS constants (EVP_GCM_TLS_*), spelled out to keep the provider independent
// of libcrypto's internal headers.
inline constexpr std::size_t kMaxIvBytes = 128;
inline constexpr std::size_t kDefaultIvBytes = 12;
inline constexpr std::size_t kTagBytes = 16;
inline constexpr std::size_t kTlsAadBytes = 13;
inline constexpr std::size_t kTlsFixedIvBytes = 4;
inline constexpr std::size_t kTlsExplicitIvBytes = 8;
// TLS 1.2 record mode (RFC 5288) runs only with this IV length: fixed part || explicit part.
inline constexpr std::size_t kTlsIvBytes = kTlsFixedIvBytes + kTlsExplicitIvBytes;

struct shared_key {
  std::atomic<int> owners{1};
  vg::aead_key key;
};

// Where the IV of the current message stands (public state).
enum class iv_state : std::uint8_t {
  unset,     // no IV given yet
  buffered,  // an IV is stored; the message starts at the next AAD/data/final call
  started,   // the gcm_stream has begun with it
  finished,  // final() ran: a new IV is needed before the next message
};

struct gcm_ctx {
  vg::algorithm alg;
  std::size_t key_bytes;
  shared_key* key = nullptr;
  vg::gcm_stream stream;
  bool encrypting = false;
  iv_state iv = iv_state::unset;
  std::size_t iv_bytes = kDefaultIvBytes;
  std::uint8_t iv_value[kMaxIvBytes] = {};
  // AAD bytes of the message past its last whole block, and whether an empty text call came after
  // such a partial block. OpenSSL's GCM pads the partial block at that call, so AAD after it would
  // hash differently there: no GCM tag of the concatenated AAD. vgcrypt refuses that AAD.
  std::uint8_t aad_tail = 0;
  bool aad_closed_early = false;
  // Decryption: the expected tag given by set_ctx_params. Encryption: the tag final() computed.
  std::uint8_t tag[kTagBytes] = {};
  std::size_t tag_bytes = 0;  // 0: no tag yet
  // "tlsaad" was given since the tag was set or computed: there is no tag to give or check.
  bool tag_is_tls_aad = false;
  // TLS 1.2 record mode (RFC 5288): AAD given by "tlsaad", nonce = fixed 4 bytes || 8-byte counter.
  std::uint8_t tls_aad[kTlsAadBytes] = {};
  std::size_t tls_aad_bytes = 0;  // 0: not in record mode
  std::size_t tls_aad_pad = 0;    // what "tlsaadpad" reports: the tag bytes a record adds
  // "tlsivfixed" set with a 12-byte IV: the explicit part is a counter. Cleared when the IV length
  // changes, so that the record paths always see a 12-byte IV.
  bool tls_iv_generated = false;
  std::uint64_t tls_records = 0;  // records sealed under this key (capped below 2^64)
};

// Counters for VG_PROVIDER_STATS (provider.cpp): messages sealed/opened, bytes en/decrypted.
void count_seal() noexcept;
void count_open() noexcept;
void count_bytes(std::size_t n) noexcept;

// Dispatch entries (gcm_cipher.cpp).
void* newctx_128(void* provctx);
void* newctx_192(void* provctx);
void* newctx_256(void* provctx);
void freectx(void* vctx);
void* dupctx(void* vctx);
int encrypt_init(void* vctx, const unsigned char* key, size_t keylen, const unsigned char* iv,
                 size_t ivlen, const OSSL_PARAM params[]);
int decrypt_init(void* vctx, const unsigned char* key, size_t keylen, const unsigned char* iv,
                 size_t ivlen, const OSSL_PARAM params[]);
int update(void* vctx, unsigned char* out, size_t* outl, size_t outsize, const unsigned char* in,
           size_t inl);
int final(void* vctx, unsigned char* out, size_t* outl, size_t outsize);
int cipher(void* vctx, unsigned char* out, size_t* outl, size_t outsize, const unsigned char* in,
           size_t inl);

// Parameters (gcm_params.cpp).
int get_params_128(OSSL_PARAM params[]);
int get_params_192(OSSL_PARAM params[]);
int get_params_256(OSSL_PARAM params[]);
const OSSL_PARAM* gettable_params(void* provctx);
int get_ctx_params(void* vctx, OSSL_PARAM params[]);
int set_ctx_params(void* vctx, const OSSL_PARAM params[]);
const OSSL_PARAM* gettable_ctx_params(void* cctx, void* provctx);
const OSSL_PARAM* settable_ctx_params(void* cctx, void* provctx);

// Helpers shared by the two files.
bool tls_set_fixed_iv(gcm_ctx& c, const std::uint8_t* p, std::size_t n) noexcept;
bool tls_generate_iv(gcm_ctx& c, std::uint8_t* out, std::size_t n) noexcept;
bool tls_set_invocation(gcm_ctx& c, const std::uint8_t* p, std::size_t n) noexcept;

}  // namespace vgprov

#endif  // VG_PROVIDER_GCM_CTX_HPP
