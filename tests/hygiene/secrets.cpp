// See secrets.hpp.
#include "hygiene/secrets.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace vg::test {

using block = vg::spec::block;

std::vector<block> expand_key(const std::vector<std::uint8_t>& key) {
  const std::size_t nk = key.size() / 4;
  const std::size_t rounds = nk + 6;
  std::vector<std::array<std::uint8_t, 4>> w(4 * (rounds + 1));
  for (std::size_t i = 0; i < nk; ++i)
    for (int j = 0; j < 4; ++j) w[i][j] = key[4 * i + j];
  std::uint8_t rcon = 1;
  for (std::size_t i = nk; i < w.size(); ++i) {
    std::array<std::uint8_t, 4> t = w[i - 1];
    if (i % nk == 0) {
      t = {vg::spec::aes_sbox(t[1]), vg::spec::aes_sbox(t[2]), vg::spec::aes_sbox(t[3]),
           vg::spec::aes_sbox(t[0])};
      t[0] ^= rcon;
      rcon = static_cast<std::uint8_t>((rcon << 1) ^ ((rcon & 0x80) ? 0x1b : 0));
    } else if (nk > 6 && i % nk == 4) {
      for (auto& b : t) b = vg::spec::aes_sbox(b);
    }
    for (int j = 0; j < 4; ++j) w[i][j] = w[i - nk][j] ^ t[j];
  }
  std::vector<block> rk(rounds + 1);
  for (std::size_t r = 0; r <= rounds; ++r)
    for (int j = 0; j < 16; ++j) rk[r][j] = w[4 * r + j / 4][j % 4];
  return rk;
}

std::vector<secret> round_key_secrets(const std::vector<std::uint8_t>& key,
                                      const std::string& what) {
  std::vector<secret> s;
  const std::vector<block> rk = expand_key(key);
  for (std::size_t r = 0; r < rk.size(); ++r)
    s.push_back({what + " rk" + std::to_string(r), rk[r]});
  return s;
}

std::vector<secret> gcm_secrets(const std::vector<std::uint8_t>& key,
                                const std::vector<block>& nonces) {
  std::vector<secret> s = round_key_secrets(key, "key");
  const block h = vg::spec::aes_encrypt(key, block{});
  s.push_back({"H", h});
  block p = h;
  for (int k = 2; k <= 8; ++k) {
    p = vg::spec::gf128_mul(p, h);
    s.push_back({"H^" + std::to_string(k), p});
  }
  for (std::size_t i = 0; i < nonces.size(); ++i) {
    block j0 = nonces[i];
    j0[12] = j0[13] = j0[14] = 0;
    j0[15] = 1;
    s.push_back({"E(J0) of message " + std::to_string(i), vg::spec::aes_encrypt(key, j0)});
  }
  return s;
}

std::vector<secret> siv_secrets(const std::vector<std::uint8_t>& key, const block& nonce) {
  // RFC 8452 §4: block i = AES(K, LE32(i) || nonce); the keys are the first halves of the blocks.
  auto half = [&](std::uint32_t i) {
    block in{};
    for (int j = 0; j < 4; ++j) in[j] = static_cast<std::uint8_t>(i >> (8 * j));
    std::memcpy(in.data() + 4, nonce.data(), 12);
    return vg::spec::aes_encrypt(key, in);
  };
  std::vector<std::uint8_t> enc;
  block h{};
  for (std::uint32_t i = 0; i < 2 + key.size() / 8; ++i) {
    const block b = half(i);
    if (i < 2)
      std::memcpy(h.data() + 8 * i, b.data(), 8);
    else
      enc.insert(enc.end(), b.begin(), b.begin() + 8);
  }
  std::vector<secret> s = round_key_secrets(enc, "derived enc");
  // The key-generating key's round keys live in the key object until it is destroyed; copies on
  // the dead stack would outlive that.
  for (secret& k : round_key_secrets(key, "key-generating")) s.push_back(std::move(k));
  // Powers in POLYVAL's dot terms (H^1 = H, H^k = dot(H^(k-1), H)): what a kernel's table holds.
  block p = h;
  s.push_back({"auth H", h});
  for (int k = 2; k <= 8; ++k) {
    p = vg::spec::polyval_dot(p, h);
    s.push_back({"auth H^" + std::to_string(k), p});
  }
  return s;
}

std::string find_secrets(const std::vector<secret>& secrets, const unsigned char* region,
                         std::size_t size) {
  std::string found;
  for (const secret& s : secrets) {
    block reversed = s.value;
    std::reverse(reversed.begin(), reversed.end());
    for (const block* form : {&s.value, static_cast<const block*>(&reversed)}) {
      const void* hit = memmem(region, size, form->data(), 16);
      if (hit == nullptr) continue;
      const std::size_t depth =
          size - static_cast<std::size_t>(static_cast<const unsigned char*>(hit) - region);
      found += s.name + (form == &reversed ? " (byte-reversed)" : "") + " at " +
               std::to_string(depth) + " B below\n";
    }
  }
  return found;
}

}  // namespace vg::test
