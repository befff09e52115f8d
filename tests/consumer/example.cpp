#include <algorithm>
#include <cstdio>
#include <string>
#include <vg/aead.hpp>

int main() {
  const std::uint8_t key_bytes[32] = {1, 2, 3}, nonce[12] = {4, 5, 6}, aad[] = "header";
  const std::uint8_t message[] = "attack at dawn";
  std::uint8_t ciphertext[sizeof message], plaintext[sizeof message], tag[16];
  vg::aes256_gcm key;
  if (vg::aes256_gcm::create(key_bytes, key) != vg::status::ok) return 1;
  vg::status s = key.seal(nonce, aad, message, ciphertext, tag);
  if (s == vg::status::ok) s = key.open(nonce, aad, ciphertext, plaintext, tag);
  bool ok = s == vg::status::ok && std::ranges::equal(plaintext, message);
  std::printf("%s (%s)\n", vg::to_string(s), std::string(key.backend_name()).c_str());
  tag[0] ^= 1;  // a forged tag is rejected and no plaintext is released
  s = key.open(nonce, aad, ciphertext, plaintext, tag);
  ok = ok && s == vg::status::auth && std::ranges::max(plaintext) == 0;
  return ok ? 0 : 1;
}
