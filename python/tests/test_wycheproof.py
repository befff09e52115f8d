"""Wycheproof's AES-GCM and AES-GCM-SIV vectors through the Python API on every backend; the
GCM-SIV ones also check the Python reference used by test_differential.py."""

import json

import pytest

import gcm_siv_reference
import vgcrypt
from conftest import VECTORS_DIR

CASES = {"AESGCM": "aes_gcm_test.json", "AESGCMSIV": "aes_gcm_siv_test.json"}


def _vectors(file):
    data = json.loads((VECTORS_DIR / "wycheproof" / file).read_text())
    for group in data["testGroups"]:
        for t in group["tests"]:
            yield group, {k: bytes.fromhex(t[k]) for k in ("key", "iv", "aad", "msg", "ct", "tag")}, t


@pytest.mark.parametrize("name", sorted(CASES))
def test_wycheproof(name, backend):
    cls = getattr(vgcrypt, name)
    checked = 0
    for group, v, t in _vectors(CASES[name]):
        if group["tagSize"] != 128:
            continue
        aead = cls(v["key"], backend=backend)
        if not 8 <= len(v["iv"]) <= 128:  # outside pyca/cryptography's nonce range
            with pytest.raises(ValueError):
                aead.encrypt(v["iv"], v["msg"], v["aad"])
            continue
        sealed = v["ct"] + v["tag"]
        if t["result"] == "invalid":
            with pytest.raises(vgcrypt.InvalidTag):
                aead.decrypt(v["iv"], sealed, v["aad"])
        else:
            assert aead.encrypt(v["iv"], v["msg"], v["aad"]) == sealed, t["tcId"]
            assert aead.decrypt(v["iv"], sealed, v["aad"]) == v["msg"], t["tcId"]
        checked += 1
    assert checked > 150


def test_reference_gcm_siv_on_wycheproof():
    for _, v, t in _vectors(CASES["AESGCMSIV"]):
        sealed = v["ct"] + v["tag"]
        if t["result"] == "invalid":
            assert gcm_siv_reference.open_(v["key"], v["iv"], v["aad"], sealed) is None, t["tcId"]
        else:
            assert gcm_siv_reference.seal(v["key"], v["iv"], v["aad"], v["msg"]) == sealed, t["tcId"]
