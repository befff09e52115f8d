"""AES-GCM-SIV (RFC 8452) in plain Python over pyca/cryptography's AES block cipher: the oracle
for vgcrypt.AESGCMSIV, since Debian's cryptography has no AES-GCM-SIV. Slow and simple; checked
against the Wycheproof vectors (test_wycheproof.py) before it is trusted.
"""

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

# POLYVAL's field: x^128 + x^127 + x^126 + x^121 + 1, bit i of an integer = coefficient of x^i,
# blocks read little-endian.
_P = (1 << 128) | (1 << 127) | (1 << 126) | (1 << 121) | 1


def _slow_mod(a):
    for i in range(a.bit_length() - 1, 127, -1):
        if (a >> i) & 1:
            a ^= _P << (i - 128)
    return a


# _REDUCE[v] = v * x^128 mod P: folds one byte above bit 128 into the low 128 bits.
_REDUCE = [_slow_mod(v << 128) for v in range(256)]


def _clmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


class _Polyval:
    """POLYVAL(H, ...) with dot(a, H) = a * (H * x^-128) mod P, one byte of `a` at a time."""

    def __init__(self, h):
        for _ in range(128):  # h * x^-128
            h = (h ^ _P) >> 1 if h & 1 else h >> 1
        self._table = [_clmul(h, v) for v in range(256)]

    def digest(self, data):
        table, s = self._table, 0
        for i in range(0, len(data), 16):
            a = s ^ int.from_bytes(data[i : i + 16], "little")
            prod = 0
            for k in range(16):
                prod ^= table[(a >> (8 * k)) & 255] << (8 * k)
            for k in range(15, -1, -1):
                v = (prod >> (128 + 8 * k)) & 255
                prod ^= (v << (128 + 8 * k)) ^ (_REDUCE[v] << (8 * k))
            s = prod
        return s.to_bytes(16, "little")


def _ecb(key, blocks):
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(blocks) + enc.finalize()


def _pad(b):
    return b + bytes(-len(b) % 16)


def _derive(key, nonce):
    count = 4 if len(key) == 16 else 6
    out = _ecb(key, b"".join(i.to_bytes(4, "little") + nonce for i in range(count)))
    halves = b"".join(out[16 * i : 16 * i + 8] for i in range(count))
    return halves[:16], halves[16:]


def _tag(auth_key, enc_key, nonce, aad, msg):
    lengths = (8 * len(aad)).to_bytes(8, "little") + (8 * len(msg)).to_bytes(8, "little")
    s = bytearray(_Polyval(int.from_bytes(auth_key, "little")).digest(_pad(aad) + _pad(msg) + lengths))
    for i in range(12):
        s[i] ^= nonce[i]
    s[15] &= 0x7F
    return _ecb(enc_key, bytes(s))


def _ctr(enc_key, tag, data):
    if not data:
        return b""
    first = int.from_bytes(tag[:4], "little")
    rest = bytes([*tag[4:15], tag[15] | 0x80])
    nblocks = (len(data) + 15) // 16
    counters = b"".join(((first + i) & 0xFFFFFFFF).to_bytes(4, "little") + rest for i in range(nblocks))
    stream = _ecb(enc_key, counters)
    return bytes(a ^ b for a, b in zip(data, stream))


def seal(key, nonce, aad, msg):
    """Ciphertext followed by the 16-byte tag."""
    auth_key, enc_key = _derive(key, nonce)
    tag = _tag(auth_key, enc_key, nonce, aad, msg)
    return _ctr(enc_key, tag, msg) + tag


def open_(key, nonce, aad, sealed):
    """The plaintext, or None when the tag does not match."""
    auth_key, enc_key = _derive(key, nonce)
    ct, tag = sealed[:-16], sealed[-16:]
    msg = _ctr(enc_key, tag, ct)
    return msg if _tag(auth_key, enc_key, nonce, aad, msg) == tag else None
