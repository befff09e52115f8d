"""One key shared by many threads: every thread's results equal the single-threaded ones, for
messages below and above the length from which the GIL is released."""

import sys
import threading
import time

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


def _main_thread_ran_during_first_half_of(call):
    """Runs `call` on a thread while this thread records time stamps; True when a stamp falls in
    the first half of the call. While a call holds the GIL this thread cannot run until the call
    has returned (and then for at most one switch interval before the worker reads the clock)."""
    span = []

    def worker():
        t0 = time.perf_counter()
        call()
        span.extend([t0, time.perf_counter()])

    t = threading.Thread(target=worker)
    stamps = []
    t.start()
    while t.is_alive():
        stamps.append(time.perf_counter())
    t.join()
    middle = (span[0] + span[1]) / 2
    return any(span[0] < s < middle for s in stamps)


def test_gil_is_released_for_long_messages():
    aead, data = vgcrypt.AESGCM(KEY), bytes(64 << 20)  # a call of several ms
    sealed = aead.encrypt(NONCE, data, None)
    out = bytearray(len(data))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0002)  # far shorter than the call
    try:
        for call in (
            lambda: aead.encrypt(NONCE, data, None),
            lambda: aead.decrypt_into(NONCE, sealed, None, out),
        ):
            # A loaded machine may not schedule this thread at all during one call: three tries.
            assert any(_main_thread_ran_during_first_half_of(call) for _ in range(3))
    finally:
        sys.setswitchinterval(interval)
