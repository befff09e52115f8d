// Truncated tags and forgeries: every tag length 4..16 against the spec; a flipped bit anywhere in
// the ciphertext, tag, AAD or nonce, or a nonce one byte longer, must be rejected with
// status::auth and the output zeroed, in place and out of place.
#include "common/tag_lengths.hpp"
#include "cross/fixture.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

bytes flip_bit(bytes b, std::size_t bit) {
  b[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
  return b;
}

TEST_P(CrossTest, EveryAllowedTagLength) {
  auto rng = data_rng(10);
  for (std::size_t tag_len : vg::test::kGcmTagLengths) {
    for (std::size_t n : {0, 5, 16, 100, 1000}) {
      check_message(message{rng.bytes(12), rng.bytes(11), rng.bytes(n), tag_len});
      check_message(message{rng.bytes(60), rng.bytes(3), rng.bytes(n), tag_len});
    }
  }
}

// Seals with the spec (the reference sealed data), then tampers with one field at a time.
TEST_P(CrossTest, FlippedBitsAreRejected) {
  auto rng = data_rng(11);
  for (std::size_t n : {0, 1, 16, 17, 64, 100, 1024}) {
    for (std::size_t iv_len : {12, 7}) {
      for (std::size_t tag_len : {16, 12, 4}) {
        const bytes iv = rng.bytes(iv_len), aad = rng.bytes(n % 2 == 0 ? 19 : 0), pt = rng.bytes(n);
        const bytes sealed = spec::gcm_seal(key_bytes_, iv, aad, pt, tag_len);
        const bytes ct(sealed.begin(), sealed.begin() + static_cast<std::ptrdiff_t>(n));
        const bytes tag(sealed.begin() + static_cast<std::ptrdiff_t>(n), sealed.end());
        const bool in_place = n % 2 == 1;

        for (std::size_t bit = 0; bit < 8 * tag_len; ++bit)
          check(check_rejected(key_, iv, aad, ct, flip_bit(tag, bit), in_place));
        for (std::size_t bit : {std::size_t{0}, 7 * n / 2, 8 * n - 1})
          if (n > 0) check(check_rejected(key_, iv, aad, flip_bit(ct, bit), tag, !in_place));
        for (std::size_t bit = 0; bit < 8 * aad.size(); bit += 13)
          check(check_rejected(key_, iv, flip_bit(aad, bit), ct, tag, in_place));
        for (std::size_t bit = 0; bit < 8 * iv_len; bit += 5)
          check(check_rejected(key_, flip_bit(iv, bit), aad, ct, tag, in_place));
        // A shorter or longer nonce with the same prefix is a different nonce.
        bytes longer_iv = iv;
        longer_iv.push_back(0);
        check(check_rejected(key_, longer_iv, aad, ct, tag, in_place));
        // And the untampered message still opens (the forgeries above were the only change).
        if (!too_many_failures()) check_message(message{iv, aad, pt, tag_len});
      }
    }
  }
}

// An all-zero tag and a tag of the wrong message must be rejected too.
TEST_P(CrossTest, ForeignTagsAreRejected) {
  auto rng = data_rng(12);
  const bytes iv = rng.bytes(12), aad = rng.bytes(5);
  const bytes ct = rng.bytes(77);
  check(check_rejected(key_, iv, aad, ct, bytes(16, 0), false));
  check(check_rejected(key_, iv, aad, ct, bytes(16, 0xff), true));
  const bytes other = spec::gcm_seal(key_bytes_, iv, aad, rng.bytes(77), 16);
  check(check_rejected(key_, iv, aad, ct, bytes(other.end() - 16, other.end()), false));
}

}  // namespace
}  // namespace vg::test
