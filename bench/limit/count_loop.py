#!/usr/bin/env python3
# Counts the instructions of a GCM kernel's bulk loop by class (AES, CLMUL, loads, stores, other
# vector, scalar), per 16-byte block, from objdump of a backend's object file: the source of the
# per-backend table in bench/limit/kernel_counts.cpp.
#
#   bench/limit/count_loop.py OBJECT FUNCTION_SUBSTRING LANES ROUNDS [BLOCKS]
#   e.g. bench/limit/count_loop.py build/release/src/backends/vaes_avx512/.../vaes_avx512.cpp.o \
#        'vec512, 4, false, 3, 0, 100>::gcm<10>' 4 10
#
# Classes: aes and clmul instructions; vector = other vector ALU instructions; valu_W = every
# vector ALU instruction (aes, clmul and vector) whose widest register is W; loads and stores =
# instructions with a memory source / destination (an AES round key read from memory is an aes
# instruction and a load).
#
# The bulk loop is the backward jump whose body (every instruction from the jump's target to the
# jump) is densest in AES and CLMUL instructions, among bodies holding both: GCC scatters a kernel's
# cold paths around the loop, and the larger spans that hold them are less dense. Check the printed
# range against the disassembly. Blocks per iteration = AES instructions * LANES /
# ROUNDS (each block takes ROUNDS AES instructions, the first AddRoundKey being an XOR).
# BLOCKS (blocks per iteration), when given, keeps only loops with exactly BLOCKS * ROUNDS / LANES
# AES instructions: where one function inlines the loops of all three key sizes, it picks ROUNDS'.
import functools
import re
import subprocess
import sys


@functools.lru_cache(maxsize=None)
def objdump(obj):
    return subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", obj], check=True,
                          capture_output=True, text=True).stdout


@functools.lru_cache(maxsize=None)
def functions(obj):
    """Every function of the object (demangled name) -> its (address, mnemonic, operands)."""
    funcs, current = {}, None
    for line in objdump(obj).splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            current = m.group(2)
            funcs[current] = []
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and current is not None:
            funcs[current].append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def disassemble(obj, name):
    funcs = functions(obj)
    hits = [f for f in funcs if name in f]
    if len(hits) != 1:
        sys.exit(f"{len(hits)} functions match {name!r}: {hits[:5]}")
    return hits[0], funcs[hits[0]]


def is_aes(op):
    return re.fullmatch(r"v?aesenc(last)?", op) is not None


def is_clmul(op):
    return re.fullmatch(r"v?pclmul\w*", op) is not None


def width(args):
    for w in ("zmm", "ymm", "xmm"):
        if "%" + w in args:
            return w
    return None


def classify(op, args):
    """(kind, loads, stores): kind is aes, clmul, vector, move or scalar. A move (a pure load or
    store, a register copy the renamer may eliminate, a broadcast from memory) is left out of the
    vector ALU count, so the count never exceeds the uops the ALUs execute."""
    # AT&T syntax: the destination is the last operand; a memory operand holds '('.
    operands = re.split(r",(?![^(]*\))", args.split("#")[0].strip()) if args else []
    mem = [i for i, o in enumerate(operands) if "(" in o]
    stores = 1 if mem and mem[-1] == len(operands) - 1 and len(operands) > 1 else 0
    loads = 1 if mem and not stores else 0
    vector = "%xmm" in args or "%ymm" in args or "%zmm" in args
    if is_aes(op):
        kind = "aes"
    elif is_clmul(op):
        kind = "clmul"
    elif vector and re.fullmatch(r"v?mov(dq[au]\w*|ap[sd]|up[sd]|q|d)", op):
        kind = "move"  # a load, a store, or a register copy
    elif vector and op.startswith("vbroadcast") and mem:
        kind = "move"
    elif vector:
        kind = "vector"
    else:
        kind = "scalar"
    if op.startswith("prefetch") or op == "lea" or op == "nop" or op.startswith("nop"):
        loads = stores = 0
    return kind, loads, stores


def count(obj, name, lanes, rounds, want_blocks=None):
    """The densest loop of the one function of `obj` whose name holds `name`: (function name,
    loop body as (address, op, args) rows, blocks per iteration, counts per block by class)."""
    fname, insns = disassemble(obj, name)
    index = {addr: i for i, (addr, _, _) in enumerate(insns)}
    best = None
    for i, (addr, op, args) in enumerate(insns):
        if not op.startswith("j"):
            continue
        m = re.match(r"([0-9a-f]+)\s", args + " ")
        if not m:
            continue
        target = int(m.group(1), 16)
        if target >= addr or target not in index:
            continue
        body = insns[index[target]:i + 1]
        aes = sum(1 for _, o, _ in body if is_aes(o))
        clmul = sum(1 for _, o, _ in body if is_clmul(o))
        if aes == 0 or clmul == 0:
            continue
        if want_blocks is not None and aes * lanes != want_blocks * rounds:
            continue
        density = (aes + clmul) / len(body)
        if best is None or density > best[0]:
            best = (density, body)
    if best is None:
        sys.exit(f"{fname}: no loop with AES and CLMUL instructions")
    body = best[1]
    aes = sum(1 for _, o, _ in body if is_aes(o))
    counts = {"aes": 0, "clmul": 0, "vector": 0, "move": 0, "scalar": 0, "loads": 0, "stores": 0,
              "valu_xmm": 0, "valu_ymm": 0, "valu_zmm": 0}
    for _, op, args in body:
        kind, loads, stores = classify(op, args)
        counts[kind] += 1
        if kind in ("aes", "clmul", "vector"):
            counts["valu_" + width(args)] += 1
        counts["loads"] += loads
        counts["stores"] += stores
    blocks = aes * lanes / rounds
    counts["instructions"] = len(body)
    return fname, body, blocks, {k: v / blocks for k, v in counts.items()}


def main():
    obj, name, lanes, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    want_blocks = int(sys.argv[5]) if len(sys.argv) > 5 else None
    fname, body, blocks, per_block = count(obj, name, lanes, rounds, want_blocks)
    print(f"function: {fname}")
    print(f"loop: {body[0][0]:#x}..{body[-1][0]:#x}, {len(body)} instructions, "
          f"{blocks:g} blocks per iteration")
    print("per block: " + ", ".join(f"{k} {v:.3f}" for k, v in per_block.items()
                                    if k != "instructions")
          + f", instructions {per_block['instructions']:.3f}")


if __name__ == "__main__":
    main()
