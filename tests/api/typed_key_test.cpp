// A typed key (vg::aes128_gcm, ...) holds its own algorithm or nothing: aead_key::create with
// another algorithm and moves of another algorithm's key through an aead_key& leave it empty.
// ctr_key::create leaves its output empty on every error.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <utility>

#include "vg/aead.hpp"
#include "vg/ctr.hpp"

namespace {

const std::array<std::uint8_t, 32> kKey = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

vg::bytes_view key_for(vg::algorithm a) {
  return vg::bytes_view(kKey).first(vg::key_length(a));
}

constexpr vg::algorithm kAll[] = {vg::algorithm::aes_128_gcm, vg::algorithm::aes_192_gcm,
                                  vg::algorithm::aes_256_gcm, vg::algorithm::aes_128_gcm_siv,
                                  vg::algorithm::aes_256_gcm_siv};

template <class Typed>
void check_base_create(const char* name) {
  for (vg::algorithm a : kAll) {
    Typed key;
    ASSERT_EQ(Typed::create(key_for(Typed::alg_v), key), vg::status::ok) << name;
    vg::aead_key& base = key;
    const vg::status s = vg::aead_key::create(a, key_for(a), base);
    if (a == Typed::alg_v) {
      EXPECT_EQ(s, vg::status::ok) << name;
      EXPECT_FALSE(key.empty()) << name;
    } else {
      EXPECT_EQ(s, vg::status::argument) << name << " given algorithm " << static_cast<int>(a);
      EXPECT_TRUE(key.empty()) << name << " given algorithm " << static_cast<int>(a);
    }
    EXPECT_EQ(key.alg(), Typed::alg_v) << name;
  }
}

TEST(TypedKey, BaseCreateCannotGiveItAnotherAlgorithm) {
  check_base_create<vg::aes128_gcm>("aes128_gcm");
  check_base_create<vg::aes192_gcm>("aes192_gcm");
  check_base_create<vg::aes256_gcm>("aes256_gcm");
  check_base_create<vg::aes128_gcm_siv>("aes128_gcm_siv");
  check_base_create<vg::aes256_gcm_siv>("aes256_gcm_siv");
}

TEST(TypedKey, MoveThroughBaseReferenceKeepsTheAlgorithm) {
  vg::aead_key other;
  ASSERT_EQ(
      vg::aead_key::create(vg::algorithm::aes_256_gcm, key_for(vg::algorithm::aes_256_gcm), other),
      vg::status::ok);
  vg::aes128_gcm typed;
  ASSERT_EQ(vg::aes128_gcm::create(key_for(vg::algorithm::aes_128_gcm), typed), vg::status::ok);
  static_cast<vg::aead_key&>(typed) = std::move(other);
  EXPECT_TRUE(typed.empty());
  EXPECT_EQ(typed.alg(), vg::algorithm::aes_128_gcm);
  EXPECT_FALSE(other.empty()) << "a refused move leaves the source its key";

  vg::aead_key same;
  ASSERT_EQ(
      vg::aead_key::create(vg::algorithm::aes_128_gcm, key_for(vg::algorithm::aes_128_gcm), same),
      vg::status::ok);
  static_cast<vg::aead_key&>(typed) = std::move(same);
  EXPECT_FALSE(typed.empty());
  EXPECT_TRUE(same.empty());

  vg::aes128_gcm moved(std::move(typed));
  EXPECT_FALSE(moved.empty());
  EXPECT_TRUE(typed.empty());
  EXPECT_EQ(
      vg::aead_key::create(vg::algorithm::aes_256_gcm, key_for(vg::algorithm::aes_256_gcm), moved),
      vg::status::argument)
      << "a moved-to typed key is still typed";
  vg::aead_key plain(std::move(other));
  EXPECT_EQ(
      vg::aead_key::create(vg::algorithm::aes_192_gcm, key_for(vg::algorithm::aes_192_gcm), plain),
      vg::status::ok)
      << "a plain key takes any algorithm";
}

TEST(CtrKey, CreateErrorsLeaveTheOutputEmpty) {
  vg::ctr_key key;
  const auto recreate = [&] {
    ASSERT_EQ(vg::ctr_key::create(vg::bytes_view(kKey).first(16), key), vg::status::ok);
  };
  // A null key with a length (what a wrapper over a C caller's pointer and length passes on).
  recreate();
  const std::uint8_t* null_key = nullptr;
  EXPECT_EQ(vg::ctr_key::create(vg::bytes_view(null_key, 16), key), vg::status::argument);
  EXPECT_TRUE(key.empty());
  recreate();
  EXPECT_EQ(vg::ctr_key::create(vg::bytes_view(kKey).first(15), key), vg::status::key_length);
  EXPECT_TRUE(key.empty());
  recreate();
  EXPECT_EQ(vg::ctr_key::create(vg::bytes_view(kKey).first(16), key, "no-such-backend"),
            vg::status::unsupported);
  EXPECT_TRUE(key.empty());
}

}  // namespace
