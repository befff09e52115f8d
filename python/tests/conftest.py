"""Shared fixtures: every backend this CPU runs, and the public vectors folder."""

import os
import pathlib

import pytest

import vgcrypt

BACKENDS = vgcrypt.backends()
VECTORS_DIR = pathlib.Path(
    os.environ.get("VG_VECTORS_DIR", pathlib.Path(__file__).resolve().parents[2] / "tests" / "data")
)


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param
