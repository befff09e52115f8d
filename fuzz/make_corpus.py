#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus (corpus/fuzz_seal, fuzz_open, fuzz_stream) from the Wycheproof
vectors, in the byte layout of fuzz_input.hpp. The files are committed; rerun this only when the
layout changes:  fuzz/make_corpus.py [path/to/vectors]   (default: tests/data)
"""
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "tests", "data")
PER_FILE = 24  # cases per vector file and target: enough variety, small files


def header(alg, backend, iv_len, aad_len):
    nonce_byte = 0 if iv_len == 12 else 0xC0 + (iv_len - 1)
    return bytes([alg, backend, nonce_byte, 0, aad_len & 0xFF, aad_len >> 8])


def cases(path, siv):
    with open(path) as f:
        groups = json.load(f)["testGroups"]
    picked = []
    for g in groups:
        for t in g["tests"]:
            iv = bytes.fromhex(t["iv"])
            if not 1 <= len(iv) <= 64 or (siv and len(iv) != 12):
                continue
            if len(bytes.fromhex(t["key"])) not in ((16, 32) if siv else (16, 24, 32)):
                continue
            picked.append(t)
    step = max(1, len(picked) // PER_FILE)
    return picked[::step][:PER_FILE]


def alg_index(key_len, siv):
    return {16: 3, 32: 4}[key_len] if siv else {16: 0, 24: 1, 32: 2}[key_len]


def write(target, blob):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(blob).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(blob)


def main():
    n = 0
    for file, siv in (("aes_gcm_test.json", False), ("aes_gcm_siv_test.json", True)):
        for i, t in enumerate(cases(os.path.join(VECTORS, "wycheproof", file), siv)):
            key, iv, aad = (bytes.fromhex(t[k]) for k in ("key", "iv", "aad"))
            msg, ct, tag = (bytes.fromhex(t[k]) for k in ("msg", "ct", "tag"))
            head = header(alg_index(len(key), siv), i % 4, len(iv), len(aad))
            write("fuzz_seal", head + key + iv + aad + msg)
            write("fuzz_open", head + key + iv + aad + ct + tag)
            if not siv:  # the incremental API is GCM only
                write("fuzz_stream", head + key + iv + aad + msg)
            n += 1
    print(f"wrote {n} seeds per target")


if __name__ == "__main__":
    main()
