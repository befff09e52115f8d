"""vgcrypt: fast, constant-time AES-GCM, AES-GCM-SIV and XAES-256-GCM for Python.

The classes have the interface of pyca/cryptography's
``cryptography.hazmat.primitives.ciphers.aead`` classes, so switching is one import::

    from vgcrypt import AESGCM   # was: from cryptography.hazmat.primitives.ciphers.aead import AESGCM

On top of that interface: ``encrypt_into``/``decrypt_into`` write into a caller's buffer, a key's
``backend`` names the implementation it runs on, and ``AESGCM(key, backend="...")`` picks one.
"""

from ._vgcrypt import AESGCM, AESGCMSIV, XAES256GCM, InvalidTag, __version__, backend, backends

for _cls in (AESGCM, AESGCMSIV, XAES256GCM):
    _cls.__module__ = __name__
del _cls

__all__ = ["AESGCM", "AESGCMSIV", "XAES256GCM", "InvalidTag", "__version__", "backend", "backends"]
