#!/usr/bin/env python3
"""Writes starting programs for fuzz_provider (layout: fuzz_provider.cpp, opcodes: provider_model.hpp):
messages sealed then opened with every IV and tag length class, tampered tags, re-init with an IV
only, IV length changes, context copies, EVP_Cipher, tag controls without bytes, TLS 1.2 records.
The committed corpus (corpus/fuzz_provider) is these programs grown by fuzzing and minimized:

  fuzz/make_provider_seeds.py /tmp/seeds
  build/asan/fuzz/fuzz_provider -max_total_time=600 /tmp/grown /tmp/seeds
  build/asan/fuzz/fuzz_provider -merge=1 fuzz/corpus/fuzz_provider /tmp/grown /tmp/seeds
"""
import hashlib
import os
import sys

INIT, IVLEN, AAD, TEXT, FINAL, GET_TAG, SET_TAG = range(7)
TLS_AAD, TLS_FIXED, TLS_GEN, TLS_INV, RECORD, COPY, QUERY = range(7, 14)
DEC, ENC, KEEP = 0, 1, 2
KEY, KEY_B, WITH_IV = 4, 8, 0x10
TAPE, CIPHER, IN_PLACE = 1, 2, 4


def length_byte(n):
    """The byte piece_length() maps to n (n < 40, or 40 + 7k)."""
    if n < 40:
        return n
    assert (n - 40) % 7 == 0 and n <= 481
    return 0xC0 + (n - 40) // 7


def fill(n, seed):
    return bytes((seed * 31 + i * 7) & 0xFF for i in range(n))


def init(direction, key=True, key_b=False, iv=None):
    f = direction | (KEY if key else 0) | (KEY_B if key_b else 0) | (WITH_IV if iv is not None else 0)
    return bytes([INIT, f]) + (iv or b"")


def iv_length(n):
    return bytes([IVLEN, 0x00 if n == 12 else 0xFE if n == 128 else 0x80 + n])


def aad(n, seed=1, tape=False, cipher=False):
    f = (TAPE if tape else 0) | (CIPHER if cipher else 0)
    return bytes([AAD, f, length_byte(n)]) + (b"" if tape else fill(n, seed))


def text(n, seed=2, tape=False, cipher=False, in_place=False):
    f = (TAPE if tape else 0) | (CIPHER if cipher else 0) | (IN_PLACE if in_place else 0)
    return bytes([TEXT, f, length_byte(n)]) + (b"" if tape else fill(n, seed))


def final(cipher=False):
    return bytes([FINAL, 1 if cipher else 0])


def tag_byte(n):
    return 0 if n == 16 else 0x80 + n  # 0x80 + n maps to n mod 18


def get_tag(n=16):
    return bytes([GET_TAG, tag_byte(n)])


def set_tag(n=16, source="last", data=b""):
    src = {"input": 0, "last": 1, "none": 2}[source]
    return bytes([SET_TAG, tag_byte(n), src]) + (b"" if source == "last" else data.ljust(n, b"\0"))


def tls_aad(payload, seed=3):  # the length field: the record's (fuzz_provider adds the rest)
    assert payload % 2 == 0
    return bytes([TLS_AAD]) + fill(13, seed) + bytes([payload // 2])


def tls_fixed(part):  # 4 bytes, or the whole 12-byte IV
    return bytes([TLS_FIXED, 0 if len(part) == 4 else 0xA0]) + part


def record(payload, tape=False, cipher=False, seed=4):
    f = (TAPE if tape else 0) | (CIPHER if cipher else 0)
    n = payload + 24
    return bytes([RECORD, f | 8, length_byte(n)]) + (b"" if tape else fill(n, seed))


def seal_open(key_size, iv, a, t, tag_len=16, opener=None):
    seal = init(ENC, iv=iv) + aad(a) + text(t) + final() + get_tag(tag_len)
    open_ = opener or (init(DEC, iv=iv) + aad(a, tape=True) + text(t, tape=True) +
                       set_tag(tag_len) + final())
    return bytes([key_size, 1]) + fill(32, 9)[: 16 + 8 * key_size] * 2 + seal + open_


def programs():
    iv12 = fill(12, 5)
    for ks in range(3):
        yield seal_open(ks, iv12, 20, 33)
        yield seal_open(ks, iv12, 0, 0)
    for n in (1, 8, 13, 60, 128):
        iv = fill(n, n)
        body = iv_length(n) + init(ENC, iv=iv) + aad(5) + text(47) + final() + get_tag()
        body += iv_length(n) + init(DEC, iv=iv) + aad(5, tape=True) + text(47, tape=True)
        body += set_tag() + final()
        yield bytes([0, 1]) + fill(32, 9)[:16] * 2 + body
    for t in (4, 8, 12, 13, 14, 15):
        yield seal_open(0, iv12, 3, 17, tag_len=t)
    # A tampered tag.
    yield seal_open(2, iv12, 7, 61, opener=init(DEC, iv=iv12) + aad(7, tape=True) +
                    text(61, tape=True) + set_tag(16, "input", b"\x01" * 16) + final())
    head = bytes([0, 1]) + fill(16, 9) * 2
    # Re-init with an IV only after final, then the tag; the next message.
    yield head + init(ENC, iv=iv12) + text(30) + final() + get_tag() + init(KEEP, key=False, iv=fill(12, 6)) + get_tag() + text(9) + final() + get_tag()
    # A length without bytes, while sealing and while opening.
    yield head + init(ENC, iv=iv12) + set_tag(16, "none") + text(16) + final() + get_tag()
    yield head + init(DEC, iv=iv12) + set_tag(12, "none") + text(16) + final()
    # The IV length changed after the IV was given.
    yield head + init(ENC, iv=iv12) + iv_length(16) + text(20) + final() + get_tag() + QUERY.to_bytes(1, "big") + b"\0"
    # Copies mid-message, EVP_Cipher, in place, queries.
    yield head + init(ENC, iv=iv12) + aad(11) + bytes([COPY]) + text(96, in_place=True) + bytes([COPY]) + text(5, cipher=True) + final(cipher=True) + get_tag() + bytes([QUERY, 0, QUERY, 1, QUERY, 2])
    yield head + init(ENC, key=False, iv=iv12) + init(KEEP, key=True, key_b=True) + aad(16, cipher=True) + text(16) + final()
    # Data before any IV (the documented refusal).
    yield head + init(ENC) + text(10)
    # TLS 1.2: seal a record with a 4-byte fixed part, open it; explicit nonces by iv_gen/iv_inv.
    yield head + init(ENC) + tls_fixed(fill(4, 7)) + tls_aad(30) + record(30) + init(DEC, key=True) + tls_fixed(fill(4, 7)) + tls_aad(30) + record(30, tape=True)
    yield head + init(ENC) + tls_fixed(fill(12, 7)) + tls_aad(30) + record(30, cipher=True) + bytes([TLS_GEN, 8, TLS_GEN, 0]) + text(10) + final() + get_tag()
    yield head + init(DEC, key=True) + tls_fixed(fill(4, 7)) + bytes([TLS_INV, 8]) + fill(9, 1) + text(20) + set_tag(16, "input", fill(16, 3)) + final()
    yield head + init(ENC) + tls_fixed(fill(12, 7)) + tls_aad(10) + final() + text(5) + bytes([QUERY, 0])
    yield head + init(ENC) + tls_fixed(fill(12, 7)) + iv_length(16) + iv_length(12) + tls_aad(10) + record(10)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus", "fuzz_provider")
    os.makedirs(folder, exist_ok=True)
    n = 0
    for blob in programs():
        with open(os.path.join(folder, hashlib.sha1(blob).hexdigest()[:16]), "wb") as f:
            f.write(blob)
        n += 1
    print(f"wrote {n} programs")


if __name__ == "__main__":
    main()
