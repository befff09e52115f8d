/// \file
/// vgcrypt C++ API: incremental AES-GCM, for data that arrives in pieces.
///
/// A stream is one GCM message: begin_seal()/begin_open() with a nonce, aad() any number of times,
/// update() any number of times, then finish_seal() or finish_open(). Any chunking gives exactly
/// the bytes and the tag of one-shot aead_key::seal()/open(); update() writes exactly as many bytes
/// as it reads (no output is held back), in place (`out` == `in`) or out of place.
///
/// \warning Decryption with a stream releases plaintext BEFORE the tag has been checked: update()
/// returns unauthenticated plaintext, and only finish_open() tells whether it was genuine. A caller
/// must not act on (parse, display, forward) that plaintext until finish_open() returned
/// status::ok, and must discard it otherwise. Prefer aead_key::open() whenever the whole message
/// fits in memory: it releases nothing on failure.
///
/// Contract:
///  * No exceptions, no heap allocation. The stream refers to the key given to begin_*(): that key
///    must stay alive and unmoved until the stream is finished (or begun again).
///  * A stream may be copied at any point; the copy and the original then continue independently
///    (e.g. to finish one message with two different tails). The destructor wipes the state.
///  * One stream is not for concurrent use; distinct streams on one key are.
///  * Errors leave the stream unchanged, except that finish_*() ends it on every outcome but
///    status::argument. Calls out of order (aad() after update(), anything before begin_*(),
///    finish_open() on a sealing stream) return status::argument.
#ifndef VG_GCM_STREAM_HPP
#define VG_GCM_STREAM_HPP

#include <cstddef>
#include <cstdint>

#include "vg/aead.hpp"

namespace vg {

/// One incremental AES-GCM message (seal or open) under an aes_128/192/256_gcm key, or an
/// XAES-256-GCM message under an xaes256_gcm key (24-byte nonce, 16-byte tag only; the stream
/// holds the message's derived key itself).
class VG_API gcm_stream {
 public:
  gcm_stream() noexcept = default;
  ~gcm_stream();
  /// A stream at the same point as `other`; the two continue independently.
  gcm_stream(const gcm_stream& other) noexcept;
  /// Wipes this stream, then makes it a copy of `other` (see the copy constructor).
  gcm_stream& operator=(const gcm_stream& other) noexcept;

  /// Starts sealing a message under `key` with `nonce` (any length >= 1; 12 is the fast path).
  /// Errors: argument (empty key, null nonce with a length), unsupported (a GCM-SIV key),
  /// nonce_length (empty nonce; for XAES-256-GCM any nonce that is not 24 bytes).
  [[nodiscard]] status begin_seal(const aead_key& key, bytes_view nonce) noexcept;
  /// Starts opening a message; see the warning above about unauthenticated plaintext.
  [[nodiscard]] status begin_open(const aead_key& key, bytes_view nonce) noexcept;

  /// Adds associated data; only before the first update(). Errors: argument, too_long.
  [[nodiscard]] status aad(bytes_view data) noexcept;

  /// Encrypts (seal) or decrypts (open) `in` into `out`, which has the same size and is either
  /// exactly `in` or disjoint from it. Errors: argument, too_long (more than 2^36 - 32 bytes).
  [[nodiscard]] status update(bytes_view in, bytes_span out) noexcept;

  /// Ends a sealing stream and writes tag.size() bytes of tag (gcm_tag_length_allowed: 16, 15, 14,
  /// 13, 12, 8 or 4; XAES-256-GCM: 16). Errors: argument (not a sealing stream), tag_length; the
  /// stream is ended on every outcome but argument.
  [[nodiscard]] status finish_seal(bytes_span tag) noexcept;

  /// Ends an opening stream: status::ok when `tag` (a length gcm_tag_length_allowed accepts)
  /// authenticates everything given to aad() and update(), status::auth otherwise (computed
  /// without a branch on the tag).
  [[nodiscard]] status finish_open(bytes_view tag) noexcept;

 private:
  enum class phase : std::uint8_t { idle, aad, text };
  // The API's checks and the stream's lifetime (src/api/gcm_stream.cpp).
  VG_LOCAL status begin(const aead_key& key, bytes_view nonce, bool sealing) noexcept;
  VG_LOCAL void end() noexcept;
  VG_LOCAL void copy_from(const gcm_stream& other) noexcept;
  // The mode's rules, run on checked calls (src/modes/gcm_stream.cpp).
  VG_LOCAL void start(const aead_key& key, bytes_view nonce, bool sealing) noexcept;
  VG_LOCAL void absorb_aad(const std::uint8_t* p, std::size_t n) noexcept;
  VG_LOCAL void crypt(const std::uint8_t* in, std::uint8_t* out, std::size_t n) noexcept;
  VG_LOCAL void absorb_partial(const std::uint8_t* in, std::uint8_t* out, std::size_t n) noexcept;
  VG_LOCAL bool tag_length_allowed(std::size_t n) const noexcept;
  VG_LOCAL void final_tag(std::uint8_t full[16]) noexcept;

  const aead_key* key_ = nullptr;
  phase phase_ = phase::idle;
  bool sealing_ = false;
  bool public_counter_ = true;  // a 96-bit nonce: the counter values are not derived from the key
  bool full_tag_only_ = false;  // XAES-256-GCM: 16-byte tags only
  std::uint8_t used_ = 0;       // bytes of keystream_ already used (0: none pending)
  std::uint8_t filled_ = 0;     // bytes waiting in block_ for GHASH
  std::uint64_t aad_len_ = 0;
  std::uint64_t text_len_ = 0;
  // Everything secret, together so that one wipe covers it.
  struct secrets {
    alignas(16) std::uint8_t hash[16] = {};       // GHASH accumulator
    alignas(16) std::uint8_t counter[16] = {};    // next counter block
    alignas(16) std::uint8_t tag_mask[16] = {};   // E(J0)
    alignas(16) std::uint8_t keystream[16] = {};  // the current partial block's keystream
    alignas(16) std::uint8_t block[16] = {};      // an incomplete AAD or ciphertext block
  };
  secrets s_;
  aead_key derived_;  // XAES-256-GCM: the message's AES-256-GCM key (then key_ == &derived_)
};

}  // namespace vg

#endif  // VG_GCM_STREAM_HPP
