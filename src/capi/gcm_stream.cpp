// The C API of incremental AES-GCM: a thin layer over vg::gcm_stream (include/vg/gcm_stream.hpp).
//
// Nothing secret is handled here beyond passing pointers; the stream wipes itself when freed.
#include "vg/gcm_stream.hpp"

#include <new>

#include "modes/args.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

// The key handle of src/capi/vg.cpp. C++ allows the same class definition in several translation
// units as long as they are token for token identical; this one must stay identical to vg.cpp's.
struct vg_aead {
  vg::aead_key key;
};

struct vg_gcm_stream {
  vg::gcm_stream stream;
};

namespace {

vg_status to_c(vg::status s) noexcept {
  return static_cast<vg_status>(s);
}

// Pointers are checked before a span is built from them: std::span(nullptr, n) with n > 0 is
// undefined (a hardened standard library asserts).
using vg::detail::null_with_length;

}  // namespace

extern "C" {

vg_status vg_gcm_stream_new(vg_gcm_stream** out) {
  if (out == nullptr) return VG_ERR_ARGUMENT;
  *out = new (std::nothrow) vg_gcm_stream;
  return *out == nullptr ? VG_ERR_NOMEM : VG_OK;
}

void vg_gcm_stream_free(vg_gcm_stream* stream) {
  delete stream;
}  // ~gcm_stream wipes

vg_status vg_gcm_stream_copy(vg_gcm_stream* dst, const vg_gcm_stream* src) {
  if (dst == nullptr || src == nullptr) return VG_ERR_ARGUMENT;
  dst->stream = src->stream;
  return VG_OK;
}

vg_status vg_gcm_stream_begin_seal(vg_gcm_stream* stream, const vg_aead* aead, const uint8_t* nonce,
                                   size_t nonce_len) {
  if (stream == nullptr || aead == nullptr || null_with_length(nonce, nonce_len)) {
    return VG_ERR_ARGUMENT;
  }
  return to_c(stream->stream.begin_seal(aead->key, {nonce, nonce_len}));
}

vg_status vg_gcm_stream_begin_open(vg_gcm_stream* stream, const vg_aead* aead, const uint8_t* nonce,
                                   size_t nonce_len) {
  if (stream == nullptr || aead == nullptr || null_with_length(nonce, nonce_len)) {
    return VG_ERR_ARGUMENT;
  }
  return to_c(stream->stream.begin_open(aead->key, {nonce, nonce_len}));
}

vg_status vg_gcm_stream_aad(vg_gcm_stream* stream, const uint8_t* aad, size_t aad_len) {
  if (stream == nullptr || null_with_length(aad, aad_len)) return VG_ERR_ARGUMENT;
  return to_c(stream->stream.aad({aad, aad_len}));
}

vg_status vg_gcm_stream_update(vg_gcm_stream* stream, const uint8_t* in, size_t len, uint8_t* out) {
  if (stream == nullptr || null_with_length(in, len) || null_with_length(out, len)) {
    return VG_ERR_ARGUMENT;
  }
  return to_c(stream->stream.update({in, len}, {out, len}));
}

vg_status vg_gcm_stream_finish_seal(vg_gcm_stream* stream, uint8_t* tag, size_t tag_len) {
  if (stream == nullptr || null_with_length(tag, tag_len)) return VG_ERR_ARGUMENT;
  return to_c(stream->stream.finish_seal({tag, tag_len}));
}

vg_status vg_gcm_stream_finish_open(vg_gcm_stream* stream, const uint8_t* tag, size_t tag_len) {
  if (stream == nullptr || null_with_length(tag, tag_len)) return VG_ERR_ARGUMENT;
  return to_c(stream->stream.finish_open({tag, tag_len}));
}

}  // extern "C"
