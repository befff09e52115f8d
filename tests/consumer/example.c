#include <stdio.h>
#include <string.h>
#include <vg/vg.h>

int main(void) {
  const uint8_t key[32] = {1, 2, 3}, nonce[12] = {4, 5, 6}, aad[] = "header";
  const uint8_t msg[] = "attack at dawn";
  uint8_t ct[sizeof msg], pt[sizeof msg], tag[16];
  vg_aead* aead;
  if (vg_aead_new(&aead, VG_AES_256_GCM, key, sizeof key) != VG_OK) return 1;
  vg_status s = vg_aead_seal(aead, nonce, 12, aad, sizeof aad, msg, sizeof msg, ct, tag, 16);
  if (s == VG_OK) s = vg_aead_open(aead, nonce, 12, aad, sizeof aad, ct, sizeof ct, pt, tag, 16);
  int ok = s == VG_OK && memcmp(pt, msg, sizeof msg) == 0;
  printf("%s (%s): %s\n", vg_status_string(s), vg_aead_backend(aead), ok ? (char*)pt : "-");
  tag[0] ^= 1; /* a forged tag is rejected and no plaintext is released */
  s = vg_aead_open(aead, nonce, 12, aad, sizeof aad, ct, sizeof ct, pt, tag, 16);
  ok = ok && s == VG_ERR_AUTH && pt[0] == 0;
  vg_aead_free(aead);
  return ok ? 0 : 1;
}
