"""XAES256GCM: the C2SP specification's fixed vectors on every backend, round trips, forged tags
and argument errors (pyca/cryptography has no XAES-256-GCM to compare with)."""

import pytest

import vgcrypt
from conftest import VECTORS_DIR


def fixed_vectors():
    records, record = [], {}
    for line in (VECTORS_DIR / "c2sp-xaes" / "xaes_vectors.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        if not line.strip():
            if "Ciphertext" in record:
                records.append(record)
            record = {}
            continue
        name, _, value = (part.strip() for part in line.partition("="))
        if name in ("K", "N", "Plaintext", "AAD", "Ciphertext"):  # not the accumulated records
            record[name] = bytes.fromhex(value)
    if "Ciphertext" in record:
        records.append(record)
    return records


VECTORS = fixed_vectors()


def test_the_fixed_vectors_are_read():
    assert len(VECTORS) == 2


@pytest.mark.parametrize("v", VECTORS, ids=["no-aad", "aad"])
def test_fixed_vectors(backend, v):
    x = vgcrypt.XAES256GCM(v["K"], backend=backend)
    aad = v["AAD"] or None
    assert x.encrypt(v["N"], v["Plaintext"], aad) == v["Ciphertext"]
    assert x.decrypt(v["N"], v["Ciphertext"], aad) == v["Plaintext"]


def test_round_trip_and_forged_tag(backend):
    key = vgcrypt.XAES256GCM.generate_key(256)
    x = vgcrypt.XAES256GCM(key, backend=backend)
    nonce = bytes(range(24))
    for n in (0, 1, 15, 16, 17, 255, 4099):
        msg = bytes((i * 7) & 0xFF for i in range(n))
        sealed = x.encrypt(nonce, msg, b"header")
        assert len(sealed) == n + 16
        assert x.decrypt(nonce, sealed, b"header") == msg
        forged = bytearray(sealed)
        forged[-1] ^= 1
        with pytest.raises(vgcrypt.InvalidTag):
            x.decrypt(nonce, bytes(forged), b"header")
        out = bytearray(b"\xaa" * n)
        with pytest.raises(vgcrypt.InvalidTag):
            x.decrypt_into(nonce, bytes(forged), b"header", out)
        assert out == bytes(n)


def test_argument_errors():
    with pytest.raises(ValueError, match="XAES-256-GCM key must be 256 bits"):
        vgcrypt.XAES256GCM(bytes(16))
    with pytest.raises(ValueError, match="bit_length must be 256"):
        vgcrypt.XAES256GCM.generate_key(128)
    x = vgcrypt.XAES256GCM(bytes(32))
    for n in (12, 23, 25):
        with pytest.raises(ValueError, match="Nonce must be 24 bytes long"):
            x.encrypt(bytes(n), b"", None)
