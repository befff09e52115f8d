// The C API of single-block AES and QUIC header protection: a thin layer over vg::aes_block_key.
#include "vg/aes_block.hpp"

#include <new>

#include "vg/vg.h"

struct vg_aes_block {
  vg::aes_block_key key;
};

extern "C" {

vg_status vg_aes_block_new(vg_aes_block** out, const uint8_t* key, size_t key_len) {
  if (out == nullptr) return VG_ERR_ARGUMENT;
  *out = nullptr;
  auto* k = new (std::nothrow) vg_aes_block;
  if (k == nullptr) return VG_ERR_NOMEM;
  const vg::status s = vg::aes_block_key::create({key, key_len}, k->key);
  if (s != vg::status::ok) {
    delete k;
    return static_cast<vg_status>(s);
  }
  *out = k;
  return VG_OK;
}

void vg_aes_block_free(vg_aes_block* key) {
  delete key;
}  // the contained aead_key wipes itself

vg_status vg_aes_block_encrypt(const vg_aes_block* key, const uint8_t* in, uint8_t* out,
                               size_t blocks) {
  if (key == nullptr || blocks > SIZE_MAX / 16) return VG_ERR_ARGUMENT;
  return static_cast<vg_status>(key->key.encrypt({in, blocks * 16}, {out, blocks * 16}));
}

vg_status vg_quic_header_mask(const vg_aes_block* key, const uint8_t sample[16], uint8_t mask[5]) {
  if (key == nullptr || sample == nullptr || mask == nullptr) return VG_ERR_ARGUMENT;
  return static_cast<vg_status>(key->key.quic_header_mask(
      std::span<const std::uint8_t, 16>(sample, 16), std::span<std::uint8_t, 5>(mask, 5)));
}

}  // extern "C"
