// Every C function that takes a pointer and a length, given a null pointer with a non-zero length,
// returns VG_ERR_ARGUMENT without building a span over it first.
//
// This binary compiles the C API's sources (src/capi/) itself, with libstdc++'s debug mode
// (_GLIBCXX_DEBUG), whose std::span constructor aborts on a null pointer with a non-zero count;
// a C function that builds a span before checking its pointers therefore aborts this test instead
// of returning. The library's own copies of these functions are not linked in: the test's objects
// define every symbol they would provide.
#include <gtest/gtest.h>

#include <cstdint>

#include "vg/vg.h"

namespace {

class CNullSpans : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(vg_aead_new(&aead_, VG_AES_128_GCM, key_, 16), VG_OK);
    ASSERT_EQ(vg_gcm_stream_new(&stream_), VG_OK);
  }
  void TearDown() override {
    vg_gcm_stream_free(stream_);
    vg_aead_free(aead_);
  }

  std::uint8_t key_[16] = {1, 2, 3}, nonce_[12] = {4}, buf_[32] = {}, out_[32] = {}, tag_[16] = {};
  vg_aead* aead_ = nullptr;
  vg_gcm_stream* stream_ = nullptr;
};

TEST_F(CNullSpans, KeyCreation) {
  vg_aead* a = nullptr;
  EXPECT_EQ(vg_aead_new(&a, VG_AES_128_GCM, nullptr, 16), VG_ERR_ARGUMENT);
  EXPECT_EQ(a, nullptr);
}

TEST_F(CNullSpans, SealAndOpen) {
  for (int open = 0; open < 2; ++open) {
    const auto call = [&](const std::uint8_t* n, const std::uint8_t* a, const std::uint8_t* in,
                          std::uint8_t* out, std::uint8_t* tag) {
      return open ? vg_aead_open(aead_, n, 12, a, 5, in, 32, out, tag, 16)
                  : vg_aead_seal(aead_, n, 12, a, 5, in, 32, out, tag, 16);
    };
    EXPECT_EQ(call(nullptr, buf_, buf_, out_, tag_), VG_ERR_ARGUMENT) << "nonce, open=" << open;
    EXPECT_EQ(call(nonce_, nullptr, buf_, out_, tag_), VG_ERR_ARGUMENT) << "aad, open=" << open;
    EXPECT_EQ(call(nonce_, buf_, nullptr, out_, tag_), VG_ERR_ARGUMENT) << "in, open=" << open;
    EXPECT_EQ(call(nonce_, buf_, buf_, nullptr, tag_), VG_ERR_ARGUMENT) << "out, open=" << open;
    EXPECT_EQ(call(nonce_, buf_, buf_, out_, nullptr), VG_ERR_ARGUMENT) << "tag, open=" << open;
  }
}

TEST_F(CNullSpans, Stream) {
  EXPECT_EQ(vg_gcm_stream_begin_seal(stream_, aead_, nullptr, 12), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_begin_open(stream_, aead_, nullptr, 12), VG_ERR_ARGUMENT);
  ASSERT_EQ(vg_gcm_stream_begin_seal(stream_, aead_, nonce_, 12), VG_OK);
  EXPECT_EQ(vg_gcm_stream_aad(stream_, nullptr, 5), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_update(stream_, nullptr, 5, out_), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_update(stream_, buf_, 5, nullptr), VG_ERR_ARGUMENT);
  EXPECT_EQ(vg_gcm_stream_finish_seal(stream_, nullptr, 16), VG_ERR_ARGUMENT);
  ASSERT_EQ(vg_gcm_stream_begin_open(stream_, aead_, nonce_, 12), VG_OK);
  EXPECT_EQ(vg_gcm_stream_finish_open(stream_, nullptr, 16), VG_ERR_ARGUMENT);
}

}  // namespace
