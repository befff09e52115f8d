// Differential fuzz target for the vgcrypt OpenSSL provider (provider/): the input is a program of
// EVP calls run on two contexts, one on vgcrypt and one on OpenSSL's default provider, which must
// agree on every call's success, its output bytes and lengths, tags and IVs. The calls: init (key,
// IV, direction, each optional), IV length, AAD and text in pieces (EVP_CipherUpdate or
// EVP_Cipher, in place or not), final, get/set tag (any length, or a length without bytes), the
// TLS 1.2 record controls and records, context copy, IV and length queries. What was sealed is
// kept, so that a later program step can open it.
//
// Where the README documents that vgcrypt deliberately refuses what the default provider accepts
// (provider_model.hpp), the call must fail on vgcrypt; when the default provider accepted it, the
// two contexts no longer hold the same state and the program ends there.
//
// Layout: [0] key size (mod 3), [1] direction of the first init (bit 0), two keys, then steps;
// each step is an opcode byte followed by the bytes that step reads (provider_model.hpp lists the
// opcodes). Bytes past the end read as zero. VG_FUZZ_TRACE=1 prints every step.
#include <openssl/err.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "provider_model.hpp"
#include "provider_pair.hpp"

namespace {

using bytes = std::vector<std::uint8_t>;
using vg::fuzz::expect;
using vg::fuzz::op;
using vg::fuzz::outcome;

constexpr std::size_t kMaxSteps = 64;
constexpr std::size_t kMaxIv = 128;

struct reader {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t byte() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  bytes take(std::size_t want) {
    bytes b(want, 0);
    const std::size_t k = std::min(want, n);
    if (k != 0) std::memcpy(b.data(), p, k);
    p += k;
    n -= k;
    return b;
  }
};

// Piece lengths: short ones often (the partial-block paths), up to 481 bytes.
std::size_t piece_length(std::uint8_t b) {
  return b < 0xc0 ? b % 40 : 40 + std::size_t{b - 0xc0u} * 7;
}

// Tag lengths: 16 mostly, else any of 0..17 (the refused ones included).
std::size_t tag_length(std::uint8_t b) {
  return b < 0x80 ? 16 : (b - 0x80u) % 18;
}

// IV lengths: 12 mostly, else 0..127, 128 and 129 (0 and 129 are refused).
std::size_t iv_length(std::uint8_t b) {
  if (b < 0x80) return 12;
  const std::size_t v = b - 0x80u;
  return v == 0x7f ? 129 : v == 0x7e ? 128 : v;
}

int as_int(std::size_t n) {
  return static_cast<int>(n);
}

// Bytes [at, at + n) of a tape, zero past its end.
bytes from_tape(const bytes& tape, std::size_t& at, std::size_t n) {
  bytes b(n, 0);
  for (std::size_t i = 0; i < n && at + i < tape.size(); ++i) b[i] = tape[at + i];
  at += n;
  return b;
}

void append(bytes& to, const std::uint8_t* p, std::size_t n) {
  to.insert(to.end(), p, p + n);
}

struct program {
  vg::fuzz::provider_pair& pair;
  reader in;
  bytes keys[2];
  vg::fuzz::model model{};
  bool trace = std::getenv("VG_FUZZ_TRACE") != nullptr;
  std::size_t step = 0;
  bool ended = false;
  // Sealed material for opening: AAD and ciphertext of the message being sealed, the last tag read
  // and the last record sealed.
  bytes aad_tape, text_tape, last_tag, last_record;
  std::size_t aad_at = 0, text_at = 0;

  program(vg::fuzz::provider_pair& p, reader r, bytes key_a, bytes key_b)
      : pair(p), in(r), keys{std::move(key_a), std::move(key_b)} {}

  bool encrypting() const { return EVP_CIPHER_CTX_is_encrypting(pair.ref) == 1; }
  std::size_t iv_bytes() const {
    const int n = EVP_CIPHER_CTX_get_iv_length(pair.ref);
    return n > 0 ? static_cast<std::size_t>(n) : 0;
  }

  [[noreturn]] void fail(const char* what, const outcome& v, const outcome& r) const {
    std::fprintf(stderr, "MISMATCH: %s (step %zu; vgcrypt returned %d with %zu bytes, default %d",
                 what, step, v.ret, v.out.size(), r.ret);
    std::fprintf(stderr, " with %zu bytes)\n", r.out.size());
    for (const outcome* o : {&v, &r}) {
      std::fprintf(stderr, "  %s:", o == &v ? "vgcrypt" : "default");
      for (std::size_t i = 0; i < o->out.size() && i < 160; ++i)
        std::fprintf(stderr, " %02x", o->out[i]);
      std::fprintf(stderr, "\n");
    }
    std::abort();
  }

  // Runs `call` on both contexts and compares, or, when the model expects vgcrypt to refuse,
  // checks that it did and ends the program unless the default provider refused too.
  template <class Call>
  outcome both(const char* what, expect e, Call&& call) {
    const outcome v = call(pair.vg);
    if (e == expect::vg_refuses_alone) {
      ERR_clear_error();
      if (trace) std::fprintf(stderr, "step %zu: %s (vgcrypt alone) -> %d\n", step, what, v.ret);
      if (v.ok) fail(what, v, {});
      ended = true;
      return {};
    }
    const outcome r = call(pair.ref);
    ERR_clear_error();
    if (trace) {
      std::fprintf(stderr, "step %zu: %s%s -> vgcrypt %d, default %d\n", step, what,
                   e == expect::vg_refuses ? " (documented refusal)" : "", v.ret, r.ret);
    }
    if (e == expect::vg_refuses) {
      if (v.ok) fail(what, v, r);
      if (r.ok) ended = true;
      return r;
    }
    if (v.ok != r.ok) fail(what, v, r);
    if (v.ret != r.ret || v.out != r.out) fail(what, v, r);
    return r;
  }

  void run() {
    while (in.n > 0 && step < kMaxSteps && !ended) {
      const op o = static_cast<op>(in.byte() % static_cast<int>(op::count));
      dispatch(o);
      ++step;
    }
  }

  void dispatch(op o) {
    switch (o) {
      case op::init:
        return init();
      case op::set_iv_length:
        return set_iv_length();
      case op::aad:
        return aad();
      case op::text:
        return text();
      case op::final:
        return final();
      case op::get_tag:
        return get_tag();
      case op::set_tag:
        return set_tag();
      case op::tls_aad:
        return tls_aad();
      case op::tls_iv_fixed:
        return tls_iv_fixed();
      case op::tls_iv_gen:
        return tls_iv_gen();
      case op::tls_iv_inv:
        return tls_iv_inv();
      case op::record:
        return record();
      case op::copy:
        return copy();
      case op::query:
        return query();
      case op::count:
        break;
    }
  }

  // EVP_CipherInit_ex without a cipher: direction (or -1: keep), key and IV each optional.
  void init() {
    const std::uint8_t f = in.byte();
    if (trace) std::fprintf(stderr, "init flags %02x, IV length %zu\n", f, iv_bytes());
    const int enc = (f & 3) == 0 ? 0 : (f & 3) == 1 ? 1 : -1;
    const bytes* key = (f & 4) ? &keys[(f >> 3) & 1] : nullptr;
    const bool with_iv = (f & 0x10) != 0;
    bytes iv = in.take(with_iv ? iv_bytes() : 0);
    iv.resize(kMaxIv);
    const outcome r = both("init", expect::same, [&](EVP_CIPHER_CTX* c) {
      const int ret = EVP_CipherInit_ex(c, nullptr, nullptr, key ? key->data() : nullptr,
                                        with_iv ? iv.data() : nullptr, enc);
      return outcome{ret, ret == 1, {}};
    });
    model.init(r.ok, encrypting(), key != nullptr, with_iv);
    if (!r.ok || !with_iv) return;
    if (encrypting()) {
      aad_tape.clear();
      text_tape.clear();
    } else {
      aad_at = text_at = 0;
    }
  }

  void set_iv_length() {
    const std::size_t n = iv_length(in.byte());
    const std::size_t before = iv_bytes();
    const outcome r = both("set IV length", expect::same, [&](EVP_CIPHER_CTX* c) {
      const int ret = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, as_int(n), nullptr);
      return outcome{ret, ret > 0, {}};
    });
    if (r.ok && n != before) model.iv_length_changed();
  }

  // An update of no bytes returns before it reaches either provider's cipher; after "tlsaad" any
  // other call is taken for a record.
  expect data_expectation(bool reached, expect outside_record) const {
    if (!reached) return expect::same;
    return model.tls_aad_pending ? model.tls_record_call(iv_bytes()) : outside_record;
  }
  expect data_expectation(bool reached) const {
    return data_expectation(reached, model.data_call());
  }

  // After a text or record call: an empty one through EVP_Cipher, outside a record, is empty text.
  void text_call_done(std::size_t n, bool via_cipher, bool ok, bool record_sealed_or_opened) {
    if (n == 0 && via_cipher && !model.tls_aad_pending) return model.empty_text_done(ok);
    if (n != 0 || via_cipher) model.data_call_done(ok, record_sealed_or_opened);
  }

  void aad() {
    const std::uint8_t f = in.byte();
    const std::size_t n = piece_length(in.byte());
    const bool enc = encrypting();
    bytes a = (f & 1) && !enc ? from_tape(aad_tape, aad_at, n) : in.take(n);
    a.resize(n + 1);  // never a null pointer: EVP_Cipher would take that for final
    const bool via_cipher = (f & 2) != 0;
    if (trace) std::fprintf(stderr, "AAD of %zu bytes%s\n", n, via_cipher ? " via EVP_Cipher" : "");
    const bool reached = n != 0 || via_cipher;
    const outcome r =
        both("AAD", data_expectation(reached, model.aad_call(n)), [&](EVP_CIPHER_CTX* c) {
          if (via_cipher) {
            const int ret = EVP_Cipher(c, nullptr, a.data(), static_cast<unsigned>(n));
            return outcome{ret, ret >= 0, {}};
          }
          int len = -1;
          const int ret = EVP_CipherUpdate(c, nullptr, &len, a.data(), as_int(n));
          return outcome{ret, ret == 1, {static_cast<std::uint8_t>(len)}};
        });
    if (reached) model.aad_done(r.ok, n);
    if (r.ok && enc) append(aad_tape, a.data(), n);
  }

  void text() {
    const std::uint8_t f = in.byte();
    const std::size_t n = piece_length(in.byte());
    const bool enc = encrypting();
    bytes t = (f & 1) && !enc ? from_tape(text_tape, text_at, n) : in.take(n);
    t.resize(n + 1);
    const bool via_cipher = (f & 2) != 0, in_place = (f & 4) != 0;
    if (trace) {
      std::fprintf(stderr, "text of %zu bytes%s%s\n", n, via_cipher ? " via EVP_Cipher" : "",
                   in_place ? " in place" : "");
    }
    const outcome r = both("text", data_expectation(n != 0 || via_cipher), [&](EVP_CIPHER_CTX* c) {
      bytes buf = t, out(n + 1, 0xa5);  // one byte more: nothing may be written past n
      std::uint8_t* dst = in_place ? buf.data() : out.data();
      int ret, len = -1;
      bool ok;
      if (via_cipher) {
        ret = EVP_Cipher(c, dst, buf.data(), static_cast<unsigned>(n));
        ok = ret >= 0;
      } else {
        ret = EVP_CipherUpdate(c, dst, &len, buf.data(), as_int(n));
        ok = ret == 1;
      }
      bytes got(dst, dst + n);
      if (!in_place) got.push_back(out[n]);
      got.push_back(static_cast<std::uint8_t>(len));
      return outcome{ret, ok, got};
    });
    text_call_done(n, via_cipher, r.ok, in_place && n >= 24);
    if (r.ok && enc) append(text_tape, r.out.data(), n);
  }

  void final() {
    const bool via_cipher = (in.byte() & 1) != 0;
    const outcome r = both("final", data_expectation(true), [&](EVP_CIPHER_CTX* c) {
      std::uint8_t out[16] = {};
      if (via_cipher) {
        const int ret = EVP_Cipher(c, nullptr, nullptr, 0);
        return outcome{ret, ret >= 0, {}};
      }
      int len = -1;
      const int ret = EVP_CipherFinal_ex(c, out, &len);
      return outcome{ret, ret == 1, {static_cast<std::uint8_t>(len)}};
    });
    model.final_done(r.ok);
  }

  void get_tag() {
    const std::size_t n = tag_length(in.byte());
    const outcome r = both("get tag", model.get_tag_call(n), [&](EVP_CIPHER_CTX* c) {
      bytes tag(std::max<std::size_t>(n, 1) + 1, 0);
      const int ret = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, as_int(n), tag.data());
      return outcome{ret, ret > 0, tag};
    });
    if (r.ok) last_tag.assign(r.out.begin(), r.out.begin() + static_cast<std::ptrdiff_t>(n));
  }

  // The tag's bytes from the input or from the last tag read; or no bytes, only a length.
  void set_tag() {
    const std::size_t n = tag_length(in.byte());
    const std::uint8_t source = in.byte() % 4;
    bytes tag = source == 1 ? last_tag : in.take(n);
    tag.resize(std::max<std::size_t>(n, 1));
    const bool no_bytes = source == 2;
    const outcome r = both("set tag", model.set_tag_call(n, !no_bytes), [&](EVP_CIPHER_CTX* c) {
      const int ret =
          EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, as_int(n), no_bytes ? nullptr : tag.data());
      return outcome{ret, ret > 0, {}};
    });
    model.tag_set(r.ok, n);
    // The default provider copies the bytes into the buffer that holds a pending TLS AAD before
    // it checks them: that record's AAD is now the tag's bytes there, not on vgcrypt.
    if (model.tls_aad_pending && !no_bytes && n <= 16) ended = true;
  }

  // The 13-byte TLS 1.2 AAD; its length field mostly a record's (explicit nonce, payload, and,
  // when opening, tag).
  void tls_aad() {
    bytes a = in.take(13);
    const std::uint8_t f = in.byte();
    const std::size_t size = f >= 0xf8 ? 12 + (f & 1) * 2 : 13;
    if (f < 0xe0) {
      const std::size_t len = 8 + (encrypting() ? 0 : 16) + std::size_t{f} * 2;
      a[11] = static_cast<std::uint8_t>(len >> 8);
      a[12] = static_cast<std::uint8_t>(len);
    }
    a.resize(16);
    const outcome r = both("TLS AAD", model.tls_call(iv_bytes()), [&](EVP_CIPHER_CTX* c) {
      bytes copy = a;
      const int ret = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_TLS1_AAD, as_int(size), copy.data());
      return outcome{ret, ret > 0, {}};
    });
    model.tls_aad_set(r.ok);
    // A 13-byte AAD refused for its length field stays pending on the default provider only.
    if (!r.ok && size == 13) ended = true;
  }

  // The fixed part of the nonce (4 bytes), the whole IV (length -1), or another length. Sealing
  // with a 4-byte fixed part draws the explicit part at random on both sides: vgcrypt's context
  // is then given the default provider's whole IV so that the two stay comparable.
  void tls_iv_fixed() {
    const std::uint8_t f = in.byte();
    // Other lengths stay within the 12-byte IV: OpenSSL 3.0 checks a longer fixed part with
    // wrapping arithmetic and writes past its IV buffer.
    const int n = f < 0xa0 ? 4 : f < 0xe0 ? -1 : f % 13;
    bytes iv = in.take(n < 0 ? iv_bytes() : static_cast<std::size_t>(n));
    iv.resize(kMaxIv);
    const outcome r = both("TLS fixed IV", model.tls_call(iv_bytes()), [&](EVP_CIPHER_CTX* c) {
      bytes copy = iv;
      const int ret = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IV_FIXED, n, copy.data());
      return outcome{ret, ret > 0, {}};
    });
    if (!r.ok || ended) return;
    model.fixed_iv_set(true);
    if (n == 4 && encrypting()) {
      bytes whole(kMaxIv);
      if (EVP_CIPHER_CTX_get_updated_iv(pair.ref, whole.data(), iv_bytes()) != 1 ||
          EVP_CIPHER_CTX_ctrl(pair.vg, EVP_CTRL_GCM_SET_IV_FIXED, -1, whole.data()) != 1) {
        fail("TLS fixed IV: copying the default provider's random IV", {}, {});
      }
    }
  }

  // The next explicit nonce (0: the whole IV); the buffer holds any IV.
  void tls_iv_gen() {
    const int n = in.byte() % 17;
    const outcome r =
        both("TLS IV generation", model.tls_record_call(iv_bytes()), [&](EVP_CIPHER_CTX* c) {
          bytes out(kMaxIv, 0);
          const int ret = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_IV_GEN, n, out.data());
          return outcome{ret, ret > 0, out};
        });
    model.explicit_iv_used(r.ok);
  }

  // A received explicit nonce (at most the IV's length: the default provider does not check).
  void tls_iv_inv() {
    const std::size_t n = std::min<std::size_t>(in.byte() % 9, iv_bytes());
    const bytes inv = in.take(n + 1);
    const outcome r =
        both("TLS IV invocation", model.tls_record_call(iv_bytes()), [&](EVP_CIPHER_CTX* c) {
          bytes copy = inv;
          const int ret = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IV_INV, as_int(n), copy.data());
          return outcome{ret, ret > 0, {}};
        });
    model.explicit_iv_used(r.ok);
  }

  // One record (explicit nonce, payload, tag) in place, through EVP_CipherUpdate or EVP_Cipher;
  // when opening, possibly the last record sealed.
  void record() {
    const std::uint8_t f = in.byte();
    const std::size_t len = 24 + piece_length(in.byte()) - (f & 8 ? 24 : 0);
    const bool enc = encrypting();
    bytes rec = (f & 1) && !enc ? last_record : in.take(len);
    const std::size_t n = rec.size();
    rec.resize(n + 1);
    const bool via_cipher = (f & 2) != 0, in_place = (f & 4) == 0;
    const bool reached = n != 0 || via_cipher;
    const expect e = data_expectation(reached);
    const outcome r = both("TLS record", e, [&](EVP_CIPHER_CTX* c) {
      bytes buf = rec, other(n + 1, 0);
      std::uint8_t* dst = in_place ? buf.data() : other.data();
      int ret, len = -1;
      bool ok;
      if (via_cipher) {
        ret = EVP_Cipher(c, dst, buf.data(), static_cast<unsigned>(n));
        ok = ret >= 0;
      } else {
        ret = EVP_CipherUpdate(c, dst, &len, buf.data(), as_int(n));
        ok = ret == 1;
      }
      bytes got(dst, dst + n);
      got.push_back(static_cast<std::uint8_t>(len));
      got.push_back(static_cast<std::uint8_t>(len >> 8));
      return outcome{ret, ok, got};
    });
    text_call_done(n, via_cipher, r.ok, in_place && n >= 24);
    if (r.ok && enc) last_record.assign(r.out.begin(), r.out.end() - 2);
  }

  void copy() {
    const bool ok = pair.copy();
    if (trace) std::fprintf(stderr, "step %zu: copy -> %d\n", step, ok);
    if (!ok) fail("copy", {}, {});
  }

  // The IV (original or updated, into a buffer of the IV's length, one byte less, or the
  // maximum), the IV, tag and key lengths.
  void query() {
    const std::uint8_t f = in.byte();
    const std::size_t size = f & 2 ? kMaxIv : f & 4 ? iv_bytes() - 1 : iv_bytes();
    both("IV and lengths", expect::same, [&](EVP_CIPHER_CTX* c) {
      bytes iv(kMaxIv, 0);
      const int ret = (f & 1) ? EVP_CIPHER_CTX_get_original_iv(c, iv.data(), size)
                              : EVP_CIPHER_CTX_get_updated_iv(c, iv.data(), size);
      iv.push_back(static_cast<std::uint8_t>(EVP_CIPHER_CTX_get_iv_length(c)));
      iv.push_back(static_cast<std::uint8_t>(EVP_CIPHER_CTX_get_tag_length(c)));
      iv.push_back(static_cast<std::uint8_t>(EVP_CIPHER_CTX_get_key_length(c)));
      return outcome{ret, ret == 1, iv};
    });
  }
};

}  // namespace

// The module is loaded before fuzzing starts, so that libFuzzer sees its coverage counters.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  vg::fuzz::vgcrypt_gcm(16);
  vg::fuzz::default_gcm(16);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t key_bytes = 16 + 8 * (data[0] % 3);
  vg::fuzz::provider_pair pair(key_bytes, data[1] & 1);
  reader in{data + 2, size - 2};
  bytes key_a = in.take(key_bytes), key_b = in.take(key_bytes);
  program p(pair, in, key_a, key_b);
  p.model.encrypting = (data[1] & 1) != 0;
  p.run();
  ERR_clear_error();
  return 0;
}
