// The argument rules of seal/open (include/vg/aead.hpp), checked call by call against a model
// written from the contract: buffers are placed at many offsets in one arena (or null), with
// several lengths, and the status of every call must be the model's. A refused call must leave
// the arena untouched; a valid open of random bytes must fail with status::auth and zero `out`.
//
// Why a grid: the mode layer has two tiers (modes.hpp) - an inline one for 12-byte nonces and
// 16-byte tags, with the length tests folded to constants, and an out-of-line one for everything
// else - and the C API inlines the same body as the C++ one. The grid sends every placement
// through each tier and both APIs, so the tiers cannot drift apart unnoticed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "common/tag_lengths.hpp"
#include "vg/aead.hpp"
#include "vg/vg.h"

namespace {

constexpr std::size_t kArena = 96;
constexpr int kNull = -1;

// A buffer of the call: offset into the arena (kNull: a null pointer) and length.
struct buf {
  int at;
  std::size_t len;
};

// [a.at, a.at + a.len) and [b.at, b.at + b.len) share a byte; null or empty buffers share none.
bool share_a_byte(buf a, buf b) {
  if (a.at == kNull || b.at == kNull || a.len == 0 || b.len == 0) return false;
  const std::size_t lo = std::max<std::size_t>(a.at, b.at);
  const std::size_t hi = std::min(a.at + a.len, b.at + b.len);
  return lo < hi;
}

bool null_with_length(buf b) {
  return b.at == kNull && b.len != 0;
}

// The contract: argument rules first, then nonce, then tag lengths; a valid seal succeeds and a
// valid open of arbitrary bytes fails authentication.
vg::status model(bool siv, bool seal, buf nonce, buf aad, buf in, buf out, buf tag) {
  const bool argument =
      null_with_length(nonce) || null_with_length(aad) || null_with_length(in) ||
      null_with_length(out) || null_with_length(tag) || in.len != out.len ||
      (in.at != out.at && share_a_byte(in, out)) || share_a_byte(out, nonce) ||
      share_a_byte(out, aad) || share_a_byte(out, tag) ||
      (seal && (share_a_byte(tag, nonce) || share_a_byte(tag, aad) || share_a_byte(tag, in)));
  if (argument) return vg::status::argument;
  if (siv ? nonce.len != 12 : nonce.len == 0) return vg::status::nonce_length;
  if (siv ? tag.len != 16 : !vg::test::gcm_tag_length_in_standard(tag.len)) {
    return vg::status::tag_length;
  }
  return seal ? vg::status::ok : vg::status::auth;
}

class ArgumentRules : public ::testing::TestWithParam<vg::algorithm> {
 protected:
  void SetUp() override {
    std::array<std::uint8_t, 32> key{};
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i * 7 + 1);
    const vg::bytes_view k(key.data(), vg::key_length(GetParam()));
    ASSERT_EQ(vg::aead_key::create(GetParam(), k, key_), vg::status::ok);
    ASSERT_EQ(vg_aead_new(&c_key_, static_cast<vg_alg>(GetParam()), k.data(), k.size()), VG_OK);
  }
  void TearDown() override { vg_aead_free(c_key_); }

  vg::aead_key key_;
  vg_aead* c_key_ = nullptr;
};

TEST_P(ArgumentRules, EveryPlacementGetsTheModelsStatus) {
  const bool siv = GetParam() == vg::algorithm::aes_128_gcm_siv;
  alignas(16) std::array<std::uint8_t, kArena> arena{}, before{};
  auto ptr = [&](buf b) { return b.at == kNull ? nullptr : arena.data() + b.at; };
  long calls = 0, fast = 0;
  for (std::size_t nonce_len : {12, 8, 0})
    for (std::size_t tag_len : {16, 12, 3})
      for (std::size_t len : {0, 8, 16})
        for (std::size_t aad_len : {0, 5})
          for (int n_at : {kNull, 0, 20, 40})
            for (int a_at : {kNull, 8, 30})
              for (int i_at : {kNull, 16, 24, 40})
                for (int o_at : {kNull, 16, 24, 32, 48})
                  for (int t_at : {kNull, 4, 28, 44, 56}) {
                    const buf nonce{n_at, nonce_len}, aad{a_at, aad_len}, in{i_at, len},
                        out{o_at, len}, tag{t_at, tag_len};
                    for (int api = 0; api < 2; ++api) {
                      for (bool seal : {true, false}) {
                        for (std::size_t i = 0; i < kArena; ++i)
                          arena[i] = static_cast<std::uint8_t>(i * 29 + 3 + calls);
                        before = arena;
                        vg::status got;
                        if (api == 0) {
                          const vg::bytes_view nv(ptr(nonce), nonce.len), av(ptr(aad), aad.len),
                              iv(ptr(in), in.len);
                          const vg::bytes_span os(ptr(out), out.len), ts(ptr(tag), tag.len);
                          got =
                              seal ? key_.seal(nv, av, iv, os, ts) : key_.open(nv, av, iv, os, ts);
                        } else {
                          got = static_cast<vg::status>(
                              seal ? vg_aead_seal(c_key_, ptr(nonce), nonce.len, ptr(aad), aad.len,
                                                  ptr(in), len, ptr(out), ptr(tag), tag.len)
                                   : vg_aead_open(c_key_, ptr(nonce), nonce.len, ptr(aad), aad.len,
                                                  ptr(in), len, ptr(out), ptr(tag), tag.len));
                        }
                        const vg::status want = model(siv, seal, nonce, aad, in, out, tag);
                        ++calls;
                        fast += nonce_len == 12 && tag_len == 16;
                        ASSERT_EQ(got, want)
                            << (api == 0 ? "C++ " : "C ") << (seal ? "seal" : "open") << ": nonce "
                            << n_at << "+" << nonce_len << ", aad " << a_at << "+" << aad_len
                            << ", in " << i_at << "+" << len << ", out " << o_at << "+" << len
                            << ", tag " << t_at << "+" << tag_len;
                        if (want != vg::status::ok && want != vg::status::auth) {
                          ASSERT_EQ(arena, before) << "a refused call wrote";
                        }
                        if (want == vg::status::auth && out.at != kNull) {
                          for (std::size_t i = 0; i < len; ++i)
                            ASSERT_EQ(arena[static_cast<std::size_t>(out.at) + i], 0)
                                << "failed open released plaintext";
                        }
                      }
                    }
                  }
  EXPECT_GT(fast, calls / 10);  // both tiers were exercised
}

INSTANTIATE_TEST_SUITE_P(Algorithms, ArgumentRules,
                         ::testing::Values(vg::algorithm::aes_128_gcm,
                                           vg::algorithm::aes_128_gcm_siv),
                         [](const auto& info) {
                           return info.param == vg::algorithm::aes_128_gcm ? std::string("gcm")
                                                                           : std::string("siv");
                         });

}  // namespace
