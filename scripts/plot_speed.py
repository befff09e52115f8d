#!/usr/bin/env python3
"""Draws `vg speed --json` results: throughput (GB/s) against message size (log x), one panel per
algorithm and operation, one line per vgcrypt backend and per peer library.

usage: plot_speed.py RESULTS.json OUTPUT.(png|svg)   (`vg speed --plot FILE` calls this)
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display needed
import matplotlib.pyplot as plt  # noqa: E402


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        data = json.load(f)
    # Throughput against size: a bare key (0 bytes, `--op key`) has neither.
    results = [r for r in data["results"] if r["bytes"] > 0]
    panels = []
    for r in results:
        key = (r["alg"], r["op"])
        if key not in panels:
            panels.append(key)
    if not panels:
        print("plot_speed.py: no results to plot", file=sys.stderr)
        return 1
    cols = 2 if len(panels) > 1 else 1
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(6.5 * cols, 4.2 * rows), squeeze=False)
    impls = []
    for r in results:
        if r["impl"] not in impls:
            impls.append(r["impl"])
    styles = {name: ("-" if name.startswith("vgcrypt/") else "--") for name in impls}
    colors = {name: f"C{i % 10}" for i, name in enumerate(impls)}
    for index, (alg, op) in enumerate(panels):
        ax = axes[index // cols][index % cols]
        for impl in impls:
            points = sorted((r["bytes"], r["gbps"]) for r in results
                            if r["alg"] == alg and r["op"] == op and r["impl"] == impl)
            if not points:
                continue
            xs, ys = zip(*points)
            width = 2.2 if impl.startswith("vgcrypt/") else 1.4
            ax.plot(xs, ys, styles[impl], marker="o", markersize=3, linewidth=width,
                    color=colors[impl], label=impl)
        ax.set_xscale("log", base=2)
        ax.set_title(f"{alg} {op}")
        ax.set_xlabel("message bytes (13-byte AAD)")
        ax.set_ylabel("GB/s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    for index in range(len(panels), rows * cols):
        axes[index // cols][index % cols].axis("off")
    clock = data.get("clock", {})
    fig.suptitle(f"{data.get('cpu', '')}, core {clock.get('core_hz', 0) / 1e9:.2f} GHz "
                 f"(measured), {data.get('pinning', '')}", fontsize=10)
    fig.tight_layout()
    fig.savefig(argv[2], dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
