// fuzz_provider's opcodes, and its model of the vgcrypt provider's context where that provider
// deliberately refuses what OpenSSL's default provider accepts (README, "Use vgcrypt from OpenSSL
// programs"; each shown by a test in tests/provider/deliberate_differences_test.cpp or
// tls_mode_test.cpp):
//  * tags of lengths SP 800-38D does not allow (1-3, 5-7, 9-11 bytes), set or read;
//  * AAD, text or final while sealing before any IV was given (the default provider draws one);
//  * AAD, text or final after the message ended on vgcrypt but not on the default provider: after
//    a failed tag check, a new key or a change of direction in the middle of a message;
//  * the TLS 1.2 record controls with an IV length other than 12;
//  * record mode after the IV length changed, until "tlsivfixed" is given again;
//  * reading more bytes than a tag set for opening has, after switching to sealing (the default
//    provider gives what its buffer holds past the tag);
//  * reading the tag after "tlsaad" until a tag is set or computed again (the default provider
//    gives bytes of the TLS AAD, which it keeps in its tag buffer);
//  * a "tlsaad" refused for its length field leaves vgcrypt's context unchanged (the default
//    provider keeps it for the next call, taken for a record): the program ends there;
//  * a tag set (accepted or not) between "tlsaad" and the record: the default provider writes it
//    over the AAD it keeps, vgcrypt keeps the two apart: the program ends there.
// Everything else must behave the same on both providers.
#ifndef VG_FUZZ_PROVIDER_MODEL_HPP
#define VG_FUZZ_PROVIDER_MODEL_HPP

#include <cstddef>

namespace vg::fuzz {

enum class op {
  init,
  set_iv_length,
  aad,
  text,
  final,
  get_tag,
  set_tag,
  tls_aad,
  tls_iv_fixed,
  tls_iv_gen,
  tls_iv_inv,
  record,
  copy,
  query,
  count,
};

enum class expect {
  same,        // both providers: same success, same output
  vg_refuses,  // vgcrypt must fail; the default provider may succeed
  // vgcrypt must fail; the default provider is not called and the program ends there. Used for
  // the record calls where the two differ by design: OpenSSL 3.0's with IV lengths other than 12
  // can write outside its IV buffer (a 4-byte fixed part or the 8-byte counter of a shorter IV),
  // and in record mode it changes its IV even for a record it then refuses.
  vg_refuses_alone,
};

// Where vgcrypt's IV stands (provider/gcm_ctx.hpp), and one more state: the message ended on
// vgcrypt for one of the reasons above while the default provider goes on with it.
enum class iv_at { unset, buffered, started, finished, ended_on_vgcrypt };

struct model {
  iv_at iv = iv_at::unset;
  bool encrypting = false;
  bool key = false;
  bool tag = false;                // a tag was set, or computed by a sealing final
  std::size_t tag_bytes = 0;       // its length
  bool tls_aad_pending = false;    // "tlsaad" accepted, no cipher call since
  bool record_mode = false;        // "tlsivfixed" accepted: the default provider is in record mode
  bool vg_record_mode = false;     // ... and the IV length has not changed since
  bool tag_holds_tls_aad = false;  // "tlsaad" accepted, no tag set or computed since
  std::size_t aad_tail = 0;        // the message's AAD bytes past its last whole block
  bool aad_closed_early = false;   // an empty text call came after a partial AAD block

  static bool tag_length_allowed(std::size_t n) { return n == 4 || n == 8 || (n >= 12 && n <= 16); }

  // Set tag of n bytes (with_bytes: the bytes are given, not only a length).
  static expect set_tag_call(std::size_t n, bool with_bytes) {
    return with_bytes && n >= 1 && n <= 16 && !tag_length_allowed(n) ? expect::vg_refuses
                                                                     : expect::same;
  }

  // Get tag of n bytes.
  expect get_tag_call(std::size_t n) const {
    return tag_holds_tls_aad || (tag && n > tag_bytes) ? expect::vg_refuses : set_tag_call(n, true);
  }

  // AAD, text or final that reach the provider's cipher outside a TLS record.
  expect data_call() const {
    if (tls_aad_pending) return expect::same;
    if (iv == iv_at::ended_on_vgcrypt || (iv == iv_at::unset && encrypting)) {
      return expect::vg_refuses;
    }
    return expect::same;
  }

  // AAD of n bytes outside a TLS record: after an empty text call that followed a partial AAD
  // block, where OpenSSL's GCM pads that block, vgcrypt refuses more AAD.
  expect aad_call(std::size_t n) const {
    return aad_closed_early && n != 0 && iv == iv_at::started ? expect::vg_refuses : data_call();
  }

  // "tlsaad" and "tlsivfixed".
  static expect tls_call(std::size_t iv_bytes) {
    return iv_bytes != 12 ? expect::vg_refuses_alone : expect::same;
  }

  // "tlsivgen", "tlsivinv" and records.
  expect tls_record_call(std::size_t iv_bytes) const {
    if (iv_bytes != 12) return expect::vg_refuses_alone;
    return record_mode && !vg_record_mode ? expect::vg_refuses_alone : expect::same;
  }

  // State changes after calls that both providers accepted (or both refused: ok false).
  void init(bool ok, bool enc, bool with_key, bool with_iv) {
    if (!ok) return;
    if (iv == iv_at::started && (enc != encrypting || (with_key && !with_iv))) {
      iv = iv_at::ended_on_vgcrypt;
    }
    if (with_iv) iv = iv_at::buffered, new_iv();
    encrypting = enc;
    key = key || with_key;
  }
  void iv_length_changed() {
    if (iv != iv_at::unset) iv = iv_at::finished;
    vg_record_mode = false;
  }
  // An update, EVP_Cipher or final call that reached the provider's cipher; a record (after
  // "tlsaad") reaches the seal or open of its bytes when in place, at least 24 bytes long, with a
  // key in record mode, and then sets the tag length to 16 on both providers.
  void data_call_done(bool ok, bool record_sealed_or_opened = false) {
    if (tls_aad_pending) {
      tls_aad_pending = false;
      iv = iv_at::finished;
      if (record_sealed_or_opened && key && vg_record_mode) tag = true, tag_bytes = 16;
    } else if (ok && iv == iv_at::buffered) {
      iv = iv_at::started;
    }
  }
  // A new IV: the next data call starts a message, with no AAD yet.
  void new_iv() {
    aad_tail = 0;
    aad_closed_early = false;
  }
  void aad_done(bool ok, std::size_t n) {
    const bool record = tls_aad_pending;
    data_call_done(ok);
    if (ok && !record) aad_tail = (aad_tail + n) % 16;
  }
  void empty_text_done(bool ok) {
    const bool record = tls_aad_pending;
    data_call_done(ok);
    if (ok && !record && aad_tail != 0) aad_closed_early = true;
  }
  void final_done(bool ok) {
    const bool record = tls_aad_pending;
    const iv_at before = iv;
    data_call_done(ok);
    if (record) return;
    if (ok) {
      iv = iv_at::finished;
      if (encrypting) tag = true, tag_bytes = 16, tag_holds_tls_aad = false;
      return;
    }
    const bool started = key && (before == iv_at::buffered || before == iv_at::started);
    if (!started || encrypting) return;
    // A failed tag check ends the message on vgcrypt; without a tag nothing was checked.
    iv = tag ? iv_at::ended_on_vgcrypt : iv_at::started;
  }
  void tag_set(bool ok, std::size_t n) {
    if (ok) tag = true, tag_bytes = n, tag_holds_tls_aad = false;
  }
  void tls_aad_set(bool ok) {
    if (ok) tls_aad_pending = tag_holds_tls_aad = true;
  }
  void fixed_iv_set(bool ok) {
    if (ok) iv = iv_at::buffered, record_mode = vg_record_mode = true, new_iv();
  }
  void explicit_iv_used(bool ok) {
    if (ok) iv = iv_at::started, new_iv();
  }
};

}  // namespace vg::fuzz

#endif  // VG_FUZZ_PROVIDER_MODEL_HPP
