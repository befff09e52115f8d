"""Random differential tests: vgcrypt.AESGCM against pyca/cryptography's AESGCM and
vgcrypt.AESGCMSIV against the Python reference, every key size and backend, message lengths 0 to
70000 bytes (every block-boundary neighbour plus random ones), associated data 0 to 600 bytes."""

import random

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM as PycaAESGCM

import gcm_siv_reference
import vgcrypt

EDGES = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 383, 384, 385,
         511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097, 16383, 16384, 16385, 65536, 70000]


def _cases(seed, edges, randoms, max_len):
    rng = random.Random(seed)
    lengths = edges + [rng.randrange(max_len + 1) for _ in range(randoms)]
    for n in lengths:
        yield rng.randbytes(n), rng.randbytes(rng.choice([0, 1, 13, 16, 17, rng.randrange(601)])), rng


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_aesgcm_matches_cryptography(backend, key_bytes):
    for msg, aad, rng in _cases(f"gcm-{backend}-{key_bytes}", EDGES, 40, 70000):
        key = rng.randbytes(key_bytes)
        nonce = rng.randbytes(rng.choice([12, 12, 12, 8, 13, 16, rng.randrange(8, 129)]))
        ours, theirs = vgcrypt.AESGCM(key, backend=backend), PycaAESGCM(key)
        sealed = theirs.encrypt(nonce, msg, aad or None)
        assert ours.encrypt(nonce, msg, aad or None) == sealed, (len(msg), len(aad), len(nonce))
        assert ours.decrypt(nonce, sealed, aad) == msg
        assert theirs.decrypt(nonce, ours.encrypt(nonce, msg, aad), aad) == msg


@pytest.mark.parametrize("key_bytes", [16, 32])
def test_aesgcmsiv_matches_reference(backend, key_bytes):
    # The reference costs ~10 us per block: the long messages are a few, the short ones many.
    edges = [n for n in EDGES if n <= 4097] + [16385, 70000]
    short = _cases(f"siv-{backend}-{key_bytes}", edges, 30, 2000)
    long = _cases(f"siv-long-{backend}-{key_bytes}", [], 4, 70000)
    for msg, aad, rng in [*short, *long]:
        key, nonce = rng.randbytes(key_bytes), rng.randbytes(12)
        sealed = gcm_siv_reference.seal(key, nonce, aad, msg)
        ours = vgcrypt.AESGCMSIV(key, backend=backend)
        assert ours.encrypt(nonce, msg, aad) == sealed, (len(msg), len(aad))
        assert ours.decrypt(nonce, sealed, aad or None) == msg
