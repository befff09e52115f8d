"""Bad arguments raise what pyca/cryptography raises: for AESGCM the same exception type and
message as Debian's cryptography for the very same call; for AESGCMSIV (which Debian's version
lacks) the types and messages of cryptography's own AESGCMSIV."""

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM as PycaAESGCM

import vgcrypt

N12, KEY = bytes(12), bytes(16)
SEALED = PycaAESGCM(KEY).encrypt(N12, b"message", b"aad")


def _outcome(call):
    try:
        return "ok", type(call()).__name__
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        kind = "InvalidTag" if type(e).__name__ == "InvalidTag" else type(e).__name__
        return kind, str(e)


# Each entry: a call on an AESGCM class. Data and associated data of bytearray/memoryview type are
# left out: cryptography 38 refuses them (newer versions accept them, as vgcrypt does).
AESGCM_CALLS = {
    "key 15 bytes": lambda c: c(bytes(15)),
    "key 0 bytes": lambda c: c(b""),
    "key 64 bytes": lambda c: c(bytes(64)),
    "key str": lambda c: c("k" * 16),
    "key None": lambda c: c(None),
    "key int": lambda c: c(16),
    "generate_key 64": lambda c: c.generate_key(64),
    "generate_key 0": lambda c: c.generate_key(0),
    "generate_key -128": lambda c: c.generate_key(-128),
    "generate_key 2**80": lambda c: c.generate_key(2**80),
    "generate_key True": lambda c: c.generate_key(True),
    "generate_key str": lambda c: c.generate_key("128"),
    "generate_key float": lambda c: c.generate_key(128.0),
    "generate_key None": lambda c: c.generate_key(None),
    **{f"nonce {n} bytes": (lambda n: lambda c: c(KEY).encrypt(bytes(n), b"x", None))(n)
       for n in (0, 1, 7, 129, 1000)},
    "nonce str": lambda c: c(KEY).encrypt("n" * 12, b"x", None),
    "nonce None": lambda c: c(KEY).encrypt(None, b"x", None),
    "nonce int": lambda c: c(KEY).encrypt(12, b"x", None),
    "data str": lambda c: c(KEY).encrypt(N12, "x", None),
    "data int": lambda c: c(KEY).encrypt(N12, 5, None),
    "aad str": lambda c: c(KEY).encrypt(N12, b"x", "a"),
    "decrypt nonce 7 bytes": lambda c: c(KEY).decrypt(bytes(7), SEALED, b"aad"),
    "decrypt data str": lambda c: c(KEY).decrypt(N12, "x" * 32, b"aad"),
    "decrypt data None": lambda c: c(KEY).decrypt(N12, None, b"aad"),
    "decrypt aad str": lambda c: c(KEY).decrypt(N12, SEALED, "aad"),
    "decrypt wrong aad": lambda c: c(KEY).decrypt(N12, SEALED, b"aae"),
    "decrypt wrong nonce length": lambda c: c(KEY).decrypt(bytes(13), SEALED, b"aad"),
    "decrypt 15 bytes": lambda c: c(KEY).decrypt(N12, SEALED[:15], b"aad"),
    "decrypt empty": lambda c: c(KEY).decrypt(N12, b"", b"aad"),
    "missing associated_data": lambda c: c(KEY).encrypt(N12, b"x"),
    "keywords": lambda c: c(KEY).encrypt(nonce=N12, data=b"x", associated_data=None),
    # bytes(2**31) is calloc'ed: its pages are never touched, both sides check the length first.
    "data 2**31 bytes": lambda c: c(KEY).encrypt(N12, bytes(2**31), None),
    "aad 2**31 bytes": lambda c: c(KEY).encrypt(N12, b"", bytes(2**31)),
}


@pytest.mark.parametrize("name", sorted(AESGCM_CALLS))
def test_aesgcm_errors_match_cryptography(name):
    call = AESGCM_CALLS[name]
    theirs, ours = _outcome(lambda: call(PycaAESGCM)), _outcome(lambda: call(vgcrypt.AESGCM))
    assert ours[0] == theirs[0], (ours, theirs)
    if theirs[0] in ("ValueError", "OverflowError"):
        assert ours[1] == theirs[1]
    # "data must be bytes" there: vgcrypt accepts any bytes-like data and says so. Messages that
    # come from Python itself (argument parsing, len()) differ in wording only.
    if "must be" in theirs[1]:
        assert ours[1].startswith(theirs[1])


def _raises(exc, match, call):
    with pytest.raises(exc, match=match):
        call()


def test_aesgcmsiv_errors():
    c = vgcrypt.AESGCMSIV
    for n in (15, 24, 0, 64):
        _raises(ValueError, "AES-GCM-SIV key must be", lambda: c(bytes(n)))
    _raises(TypeError, "key must be bytes-like", lambda: c("k" * 16))
    for bits in (192, 64, True):
        _raises(ValueError, "bit_length must be", lambda: c.generate_key(bits))
    _raises(TypeError, "bit_length must be an integer", lambda: c.generate_key("128"))
    for n in (0, 8, 11, 13, 16):
        _raises(ValueError, "Nonce must be 12 bytes long", lambda: c(KEY).encrypt(bytes(n), b"", None))
        _raises(ValueError, "Nonce must be 12 bytes long", lambda: c(KEY).decrypt(bytes(n), bytes(16), None))
    _raises(vgcrypt.InvalidTag, "", lambda: c(KEY).decrypt(N12, bytes(15), None))
    _raises(OverflowError, "Max 2", lambda: c(KEY).encrypt(N12, bytes(2**31), None))
    _raises(OverflowError, "Max 2", lambda: c(KEY).decrypt(N12, bytes(16), bytes(2**31)))


def test_generate_key():
    for cls, sizes in ((vgcrypt.AESGCM, (128, 192, 256)), (vgcrypt.AESGCMSIV, (128, 256))):
        for bits in sizes:
            k1, k2 = cls.generate_key(bits), cls.generate_key(bits)
            assert type(k1) is bytes and len(k1) == bits // 8 and k1 != k2
            cls(k1)


def test_unknown_backend():
    _raises(ValueError, "backend 'nope'", lambda: vgcrypt.AESGCM(KEY, backend="nope"))


def test_invalid_tag_is_cryptographys():
    from cryptography.exceptions import InvalidTag

    assert issubclass(vgcrypt.InvalidTag, InvalidTag)
    with pytest.raises(InvalidTag):
        vgcrypt.AESGCM(KEY).decrypt(N12, bytes(16), None)
