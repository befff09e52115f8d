#!/usr/bin/env python3
# Recounts every bulk loop of bench/limit's table (kernel_counts.cpp) from the release objects with
# count_loop.py and fails when a count differs: a kernel change that moves the counts must move
# the table with it, or `vg speed --limit` charges a loop that no longer runs.
#
#   bench/limit/check_counts.py PRINT_COUNTS_PROGRAM OBJECT...
#
# PRINT_COUNTS_PROGRAM prints the table (tests/bench/print_counts.cpp); the objects are the x86
# backend units' object files, found by their file names.
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import count_loop  # noqa: E402

FIELDS = ("clmul", "valu_xmm", "valu_ymm", "valu_zmm", "loads", "stores")


def main():
    table = subprocess.run([sys.argv[1]], check=True, capture_output=True, text=True).stdout
    objects = {os.path.basename(p): p for p in sys.argv[2:]}
    rows = stale = 0
    for line in table.splitlines():
        backend, obj, function, lanes, rounds, loop_blocks, *values = line.split("\t")
        if obj not in objects:
            sys.exit(f"{backend}: object {obj} not among the objects given")
        _, _, blocks, per_block = count_loop.count(objects[obj], function, int(lanes),
                                                   int(rounds), int(loop_blocks))
        got = [round(per_block[f], 3) for f in FIELDS]
        want = [float(v) for v in values]
        rows += 1
        # The table holds three decimals; a recount that differs by more than rounding is stale.
        diffs = [f"{f} {w:.3f} -> {g:.3f}" for f, w, g in zip(FIELDS, want, got)
                 if abs(w - g) > 0.0015]
        if blocks != int(loop_blocks):
            diffs.append(f"blocks per iteration {loop_blocks} -> {blocks:g}")
        if diffs:
            stale += 1
            print(f"STALE {backend} {function}: " + ", ".join(diffs))
    print(f"{rows} loops recounted, {stale} stale")
    if rows == 0 or stale:
        print("Recount with bench/limit/count_loop.py and update bench/limit/kernel_counts.cpp.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
