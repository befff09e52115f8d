#!/usr/bin/env python3
"""Compares the functions of two object files instruction by instruction.

usage: fncmp.py OLD.o NEW.o [--bodies] [--ignore-offsets] [--match TEXT] [--rename FROM=TO]...

For every function (demangled name) in either object: `same` when the instruction sequences are
equal, `differs` with both instruction counts otherwise, `only old` / `only new` when a name is
in one object only. Addresses, jump targets and symbol offsets are dropped before comparing, so a
function that moved compares equal, and so do the nops that pad to an alignment.
--ignore-offsets also replaces numeric memory displacements and immediates by `N`: a change of a
structure's layout (a field moved) then compares equal as long as the instructions are the same.
--bodies prints the two bodies of each differing function. --match keeps the functions whose
name contains TEXT. --rename replaces FROM by TO in the new object's names (a template argument
added or changed). Exit status 1 when any function differs.

Used to show that a change compiles to the same code (docs/design/gcm-kernel.md).
"""
import re
import subprocess
import sys


def functions(path, ignore_offsets):
    out = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", "-M", "att", path],
                         capture_output=True, text=True, check=True).stdout
    funcs, name = {}, None
    for line in out.splitlines():
        head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if head:
            name = head.group(1)
            funcs[name] = []
            continue
        ins = re.match(r"^\s+[0-9a-f]+:\s+(.*)$", line)
        if not ins or name is None:
            continue
        text = ins.group(1)
        # Alignment padding: its length follows the code before it, not what the function does.
        if re.match(r"^(nop|xchg\s+%ax,%ax|data16|cs nop)", text):
            continue
        text = re.sub(r"\s+#.*$", "", text)              # objdump's comments
        text = re.sub(r"\b[0-9a-f]+ <.*>$", "T", text)  # jump and call targets (to the end)
        if ignore_offsets:
            text = re.sub(r"-?0x[0-9a-f]+", "N", text)
        funcs[name].append(" ".join(text.split()))
    return funcs


def main(argv):
    args, flags, match, renames = [], [], None, []
    it = iter(argv[1:])
    for a in it:
        if a in ("--match", "--rename"):
            value = next(it, None)
            if value is None:
                print(__doc__, file=sys.stderr)
                return 2
            if a == "--match":
                match = value
            else:
                renames.append(value.split("=", 1))
        elif a.startswith("--"):
            flags.append(a)
        else:
            args.append(a)
    if (len(args) != 2 or any(f not in ("--bodies", "--ignore-offsets") for f in flags)
            or any(len(r) != 2 for r in renames)):
        print(__doc__, file=sys.stderr)
        return 2
    ignore = "--ignore-offsets" in flags
    old, new = functions(args[0], ignore), functions(args[1], ignore)
    for frm, to in renames:
        new = {name.replace(frm, to): body for name, body in new.items()}
    differ = 0
    for name in sorted(set(old) | set(new)):
        if match and match not in name:
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
            if "--bodies" in flags:
                for label, body in (("old", old[name]), ("new", new[name])):
                    print(f"  --- {label}")
                    for ins in body:
                        print(f"    {ins}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
