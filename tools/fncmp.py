#!/usr/bin/env python3
"""Compares the functions of two object files instruction by instruction.

For every function (demangled name) in either object: `same` when the instruction sequences are
equal, `differs` with both instruction counts otherwise, `only old` / `only new` when a name is
in one object only. Addresses, jump targets and symbol offsets are dropped before comparing, so a
function that moved compares equal, and so do the nops that pad to an alignment. Exit status 1
when any function differs.

Used to show that a change compiles to the same code (docs/design/gcm-kernel.md).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "limit"))
import count_loop  # noqa: E402  (its objdump parser)


def bodies(path, ignore_offsets):
    """Function name -> its instructions as comparable text."""
    out = {}
    for name, instructions in count_loop.functions(path).items():
        body = []
        for _, op, args in instructions:
            # Alignment padding: its length follows the code before it, not what the function does.
            if re.match(r"^(nop|xchg$|data16|cs$)", op) and (op != "xchg" or args == "%ax,%ax"):
                continue
            text = re.sub(r"\s+#.*$", "", f"{op} {args}")   # objdump's comments
            text = re.sub(r"\b[0-9a-f]+ <.*>$", "T", text)  # jump and call targets (to the end)
            if ignore_offsets:
                text = re.sub(r"-?0x[0-9a-f]+", "N", text)
            body.append(" ".join(text.split()))
        out[name] = body
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--bodies", action="store_true",
                        help="print the two bodies of each differing function")
    parser.add_argument("--ignore-offsets", action="store_true",
                        help="replace numeric displacements and immediates by N: a structure's "
                             "changed layout then compares equal if the instructions are the same")
    parser.add_argument("--match", help="only the functions whose name contains this text")
    parser.add_argument("--rename", action="append", default=[], metavar="FROM=TO",
                        help="replace FROM by TO in the new object's names (a template argument "
                             "added or changed)")
    a = parser.parse_args()
    if any("=" not in r for r in a.rename):
        parser.error("--rename takes FROM=TO")
    old, new = bodies(a.old, a.ignore_offsets), bodies(a.new, a.ignore_offsets)
    for frm, to in (r.split("=", 1) for r in a.rename):
        new = {name.replace(frm, to): body for name, body in new.items()}
    differ = 0
    for name in sorted(set(old) | set(new)):
        if a.match and a.match not in name:
            continue
        if name not in new:
            print(f"only old  {name}")
        elif name not in old:
            print(f"only new  {name}")
        elif old[name] == new[name]:
            print(f"same      {name}")
        else:
            differ += 1
            print(f"differs   {name} ({len(old[name])} -> {len(new[name])} instructions)")
            if a.bodies:
                for label, body in (("old", old[name]), ("new", new[name])):
                    print(f"  --- {label}")
                    for ins in body:
                        print(f"    {ins}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
