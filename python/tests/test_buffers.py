"""Buffer types, encrypt_into/decrypt_into (also in place), and forged messages: decrypt raises and
returns nothing, decrypt_into leaves zeros where the plaintext would be."""

import array
import mmap

import pytest

import vgcrypt

KEY, NONCE, AAD = bytes(range(32)), bytes(range(12)), b"header"
MSG = bytes(range(256)) * 20 + b"tail"


def _kinds(b):
    m = mmap.mmap(-1, max(len(b), 1))
    m[: len(b)] = b
    yield bytes(b)
    yield bytearray(b)
    yield memoryview(b)
    yield memoryview(b"xx" + b + b"yy")[2 : 2 + len(b)]  # an unaligned slice
    yield array.array("B", b)
    yield memoryview(m)[: len(b)]


@pytest.fixture(params=["AESGCM", "AESGCMSIV"])
def aead(request, backend):
    return getattr(vgcrypt, request.param)(KEY, backend=backend)


def test_every_argument_takes_every_buffer_type(aead):
    sealed = aead.encrypt(NONCE, MSG, AAD)
    for key in _kinds(KEY):
        type(aead)(key)
    for nonce in _kinds(NONCE):
        for data in _kinds(MSG):
            for aad in _kinds(AAD):
                assert aead.encrypt(nonce, data, aad) == sealed
        for data in _kinds(sealed):
            assert aead.decrypt(nonce, data, AAD) == MSG


def test_multibyte_formats_count_bytes(aead):
    sealed = aead.encrypt(NONCE, MSG[:64], AAD)
    assert aead.encrypt(NONCE, memoryview(MSG[:64]).cast("Q"), AAD) == sealed


def test_non_contiguous_buffers_are_refused(aead):
    with pytest.raises(BufferError):
        aead.encrypt(NONCE, memoryview(MSG)[::2], AAD)


def test_into(aead):
    sealed = aead.encrypt(NONCE, MSG, AAD)
    out = bytearray(len(sealed) + 5)
    assert aead.encrypt_into(NONCE, MSG, AAD, out) == len(sealed)
    assert out == sealed + bytes(5)
    plain = bytearray(len(MSG))
    assert aead.decrypt_into(NONCE, sealed, AAD, memoryview(plain)) == len(MSG)
    assert plain == MSG
    with pytest.raises(ValueError, match="at least"):
        aead.encrypt_into(NONCE, MSG, AAD, bytearray(len(sealed) - 1))
    with pytest.raises(ValueError, match="at least"):
        aead.decrypt_into(NONCE, sealed, AAD, bytearray(len(MSG) - 1))
    with pytest.raises(BufferError):
        aead.encrypt_into(NONCE, MSG, AAD, bytes(len(sealed)))
    with pytest.raises(TypeError):
        aead.decrypt_into(NONCE, sealed, AAD, None)


def test_into_in_place(aead):
    sealed = aead.encrypt(NONCE, MSG, AAD)
    buf = bytearray(MSG + bytes(16))
    view = memoryview(buf)
    assert aead.encrypt_into(NONCE, view[: len(MSG)], AAD, buf) == len(sealed)
    assert buf == sealed
    assert aead.decrypt_into(NONCE, buf, AAD, view[: len(MSG)]) == len(MSG)
    assert buf[: len(MSG)] == MSG
    # Overlap other than exactly in place is refused, not silently wrong.
    buf = bytearray(MSG + bytes(32))
    with pytest.raises(ValueError, match="overlaps"):
        aead.encrypt_into(NONCE, memoryview(buf)[: len(MSG)], AAD, memoryview(buf)[1:])


def _forgeries(sealed):
    for i in (0, len(sealed) // 2, len(sealed) - 16, len(sealed) - 1):
        for bit in (0x01, 0x80):
            forged = bytearray(sealed)
            forged[i] ^= bit
            yield NONCE, bytes(forged), AAD
    yield NONCE, sealed, AAD + b"!"
    yield NONCE, sealed, None
    yield bytes(11) + b"\1", sealed, AAD


def test_forged_messages_release_nothing(aead):
    for n in (0, 1, 16, 100, 5000):
        sealed = aead.encrypt(NONCE, MSG[:n], AAD)
        for nonce, data, aad in _forgeries(sealed):
            result = "unset"
            with pytest.raises(vgcrypt.InvalidTag):
                result = aead.decrypt(nonce, data, aad)
            assert result == "unset"
            out = bytearray(b"\xaa" * (n + 8))
            with pytest.raises(vgcrypt.InvalidTag):
                aead.decrypt_into(nonce, data, aad, out)
            assert out == bytes(n) + b"\xaa" * 8
            # In place: the ciphertext is wiped too.
            buf = bytearray(data)
            with pytest.raises(vgcrypt.InvalidTag):
                aead.decrypt_into(nonce, buf, aad, memoryview(buf)[:n])
            assert buf[:n] == bytes(n)


def test_module_attributes():
    assert vgcrypt.__version__.count(".") == 2
    assert vgcrypt.backend == vgcrypt.backends()[0] == vgcrypt.AESGCM(KEY).backend
    assert "portable" in vgcrypt.backends()
    assert vgcrypt.AESGCM.__module__ == "vgcrypt"
    assert "16-byte tag" in vgcrypt.AESGCM.encrypt.__doc__


def test_stub_lists_the_runtime_api():
    import ast
    import pathlib

    stub = ast.parse((pathlib.Path(vgcrypt.__file__).parent / "__init__.pyi").read_text())
    names = {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    names |= {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    assert set(vgcrypt.__all__) <= names
    aead = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "_Aead")
    methods = {f.name for f in aead.body if isinstance(f, ast.FunctionDef)}
    for cls in (vgcrypt.AESGCM, vgcrypt.AESGCMSIV):
        assert methods == {m for m in vars(cls) if not m.startswith("_")} | {"__init__"}
