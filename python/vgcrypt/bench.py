"""python3 -m vgcrypt.bench: nanoseconds per AESGCM.encrypt/decrypt call, vgcrypt beside
pyca/cryptography, for 16 B ... 16 KiB messages (12-byte nonce, 13 bytes of associated data).

Each cell is the fastest ~1 ms batch of timeit over several rounds; both libraries are timed in the
same rounds, so their ratio holds even on a busy machine. Options: --rounds N, --seconds S (per round and cell),
--key-bits {128,192,256}, --decrypt.
"""

import argparse
import timeit

import vgcrypt

SIZES = [16, 64, 256, 1024, 4096, 16384]


def _peer():
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    except ImportError:
        return None
    return AESGCM


def _ns_per_call(fn, seconds):
    """The fastest of many ~1 ms batches: a batch that was preempted does not count."""
    timer = timeit.Timer(fn)
    number, elapsed = timer.autorange()  # number calls take >= 0.2 s
    number = max(1, int(number * 0.001 / elapsed))
    batches = max(3, int(seconds / 0.001))
    return min(timer.repeat(repeat=batches, number=number)) / number * 1e9


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m vgcrypt.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.05)
    parser.add_argument("--key-bits", type=int, default=128, choices=(128, 192, 256))
    parser.add_argument("--decrypt", action="store_true", help="time decrypt instead of encrypt")
    args = parser.parse_args(argv)

    key = bytes(range(args.key_bits // 8))
    nonce, aad = bytes(12), bytes(13)
    impls = {"vgcrypt": vgcrypt.AESGCM(key)}
    peer = _peer()
    if peer is not None:
        impls["cryptography"] = peer(key)
    op = "decrypt" if args.decrypt else "encrypt"
    print(f"AES-{args.key_bits}-GCM {op}, ns per call (best of {args.rounds} rounds); "
          f"vgcrypt {vgcrypt.__version__} on {vgcrypt.AESGCM(key).backend}")
    header = f"{'bytes':>6}" + "".join(f"{name:>14}" for name in impls)
    if peer is not None:
        header += f"{'speed-up':>10}"
    print(header)
    for size in SIZES:
        data = bytes(size)
        best = {}
        for name, aead in impls.items():
            best[name] = float("inf")
        for _ in range(args.rounds):
            for name, aead in impls.items():
                arg = aead.encrypt(nonce, data, aad) if args.decrypt else data
                fn = getattr(aead, op)
                t = _ns_per_call(lambda: fn(nonce, arg, aad), args.seconds)
                best[name] = min(best[name], t)
        line = f"{size:>6}" + "".join(f"{best[name]:>14.1f}" for name in impls)
        if peer is not None:
            line += f"{best['cryptography'] / best['vgcrypt']:>9.2f}x"
        print(line)


if __name__ == "__main__":
    main()
