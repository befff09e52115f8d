"""One key shared by many threads: every thread's results equal the single-threaded ones, for
messages below and above the length from which the GIL is released."""

import threading

import vgcrypt

KEY, NONCE = bytes(range(16)), bytes(12)
SIZES = [0, 100, 4095, 4096, 65536, 200000]


def test_shared_key_across_threads():
    for cls in (vgcrypt.AESGCM, vgcrypt.AESGCMSIV):
        aead = cls(KEY)
        messages = [bytes([i]) * n for i, n in enumerate(SIZES)]
        expected = [aead.encrypt(NONCE, m, b"aad") for m in messages]
        errors = []

        def work():
            try:
                for _ in range(20):
                    for m, e in zip(messages, expected):
                        assert aead.encrypt(NONCE, m, b"aad") == e
                        assert aead.decrypt(NONCE, e, b"aad") == m
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
