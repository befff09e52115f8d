// The vgcrypt OpenSSL 3 provider: entry point, algorithm table, provider parameters and the
// optional statistics line.
//
// It offers AES-128/192/256-GCM under the names libcrypto and libssl fetch, with the property
// provider=vgcrypt; load it next to the default provider and prefer it with
// `default_properties = ?provider=vgcrypt` (see openssl.cnf.in and the README).
// With VG_PROVIDER_STATS=1 in the environment when the provider is loaded, it counts messages and
// bytes and prints one line to stderr when it is unloaded, so tests can prove it did the work.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "gcm_ctx.hpp"
#include "vg/cpu.hpp"

// OpenSSL 3.0's headers have no OSSL_DISPATCH_END (added in 3.1).
#define VG_DISPATCH_END \
  { 0, nullptr }

namespace vgprov {
namespace {

std::atomic<bool> stats_enabled{false};
std::atomic<unsigned long long> seals{0}, opens{0}, bytes{0};

template <typename F>
void (*fn(F* f))(void) {
  return reinterpret_cast<void (*)(void)>(f);
}

#define VG_GCM_FUNCTIONS(bits)                                          \
  const OSSL_DISPATCH gcm##bits##_functions[] = {                       \
      {OSSL_FUNC_CIPHER_NEWCTX, fn(&newctx_##bits)},                    \
      {OSSL_FUNC_CIPHER_FREECTX, fn(&freectx)},                         \
      {OSSL_FUNC_CIPHER_DUPCTX, fn(&dupctx)},                           \
      {OSSL_FUNC_CIPHER_ENCRYPT_INIT, fn(&encrypt_init)},               \
      {OSSL_FUNC_CIPHER_DECRYPT_INIT, fn(&decrypt_init)},               \
      {OSSL_FUNC_CIPHER_UPDATE, fn(&update)},                           \
      {OSSL_FUNC_CIPHER_FINAL, fn(&final)},                             \
      {OSSL_FUNC_CIPHER_CIPHER, fn(&cipher)},                           \
      {OSSL_FUNC_CIPHER_GET_PARAMS, fn(&get_params_##bits)},            \
      {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, fn(&gettable_params)},         \
      {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, fn(&get_ctx_params)},           \
      {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, fn(&set_ctx_params)},           \
      {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, fn(&gettable_ctx_params)}, \
      {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, fn(&settable_ctx_params)}, \
      VG_DISPATCH_END};

VG_GCM_FUNCTIONS(128)
VG_GCM_FUNCTIONS(192)
VG_GCM_FUNCTIONS(256)

constexpr char kProperties[] = "provider=vgcrypt";

const OSSL_ALGORITHM kCiphers[] = {{"AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", kProperties,
                                    gcm128_functions, "vgcrypt AES-128-GCM"},
                                   {"AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26",
                                    kProperties, gcm192_functions, "vgcrypt AES-192-GCM"},
                                   {"AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46",
                                    kProperties, gcm256_functions, "vgcrypt AES-256-GCM"},
                                   {nullptr, nullptr, nullptr, nullptr}};

const OSSL_ALGORITHM* query_operation(void*, int operation_id, int* no_cache) {
  *no_cache = 0;
  return operation_id == OSSL_OP_CIPHER ? kCiphers : nullptr;
}

const OSSL_PARAM kProviderParams[] = {OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, nullptr, 0),
                                      OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, nullptr, 0),
                                      OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, nullptr, 0),
                                      OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, nullptr),
                                      OSSL_PARAM_END};

const OSSL_PARAM* provider_gettable_params(void*) {
  return kProviderParams;
}

int provider_get_params(void*, OSSL_PARAM params[]) {
  OSSL_PARAM* p;
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, "vgcrypt AES-GCM provider")) {
    return 0;
  }
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, vg_version())) {
    return 0;
  }
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, vg_version())) {
    return 0;
  }
  if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != nullptr &&
      !OSSL_PARAM_set_int(p, 1)) {
    return 0;
  }
  return 1;
}

void teardown(void*) {
  if (!stats_enabled.load()) return;
  const std::string backend(vg::default_backend());
  std::fprintf(stderr, "vgcrypt-provider: seal=%llu open=%llu bytes=%llu backend=%s\n",
               seals.load(), opens.load(), bytes.load(), backend.c_str());
}

const OSSL_DISPATCH kProviderFunctions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, fn(&teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, fn(&provider_gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, fn(&provider_get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, fn(&query_operation)},
    VG_DISPATCH_END};

// The provider context is not needed (no per-library-context state); OpenSSL wants a non-null one.
int provider_context_tag;

}  // namespace

void count_seal() noexcept {
  if (stats_enabled.load(std::memory_order_relaxed)) seals.fetch_add(1, std::memory_order_relaxed);
}
void count_open() noexcept {
  if (stats_enabled.load(std::memory_order_relaxed)) opens.fetch_add(1, std::memory_order_relaxed);
}
void count_bytes(std::size_t n) noexcept {
  if (stats_enabled.load(std::memory_order_relaxed)) bytes.fetch_add(n, std::memory_order_relaxed);
}

}  // namespace vgprov

extern "C" __attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE*,
                                                                         const OSSL_DISPATCH*,
                                                                         const OSSL_DISPATCH** out,
                                                                         void** provctx) {
  const char* stats = std::getenv("VG_PROVIDER_STATS");
  vgprov::stats_enabled.store(stats != nullptr && std::strcmp(stats, "1") == 0);
  *out = vgprov::kProviderFunctions;
  *provctx = &vgprov::provider_context_tag;
  return 1;
}
