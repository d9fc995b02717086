#!/usr/bin/env python3
"""race-confine: does a read leave its folder while a renamer swaps a symlink in beside it?

    scripts/race-confine.py [--reads N] [--runs N] [--readers file,tf,cfn,bank,rivet]
                            [--bin PATH] [--keep]

The confinement gate (src/confine.rs) must never read a file outside the folder it guards,
however the folder changes while it reads. This script attacks the time between the gate's
check and its read: in each reader's folder one name is swapped, thousands of times a second,
between a harmless regular file inside the folder and a symbolic link to a secret outside it
(renameat2 RENAME_EXCHANGE, so the name always exists; with plain renames where the C library
has no renameat2). Meanwhile the binary reads that name again and again:

- `file`:  `iacquiz eval --jsonl`, one process, --reads lines of `file("leak.txt")`.
- `tf`:    `iacquiz eval --jsonl`, one process, --reads lines each loading the configuration
           folder anew (a distinct `config` path per line, `d3/../d7/../cfg`, so no session is
           reused) whose `leak.tf` is the swapped name; the line asks for `local.secret`.
- `cfn`:   `iacquiz cfn package template.yaml` (`Fn::InsertFile: body.txt`), --runs processes.
- `bank`:  `iacquiz check --bank DIR` with `terraform/leak.yaml` swapped, --runs processes.
- `rivet`: `iacquiz rivet expand DIR` with `leak.rvt` swapped, --runs processes.

A read leaked when the secret's text (`s3cr3t`) appears in what the binary printed. It prints,
per reader, the reads made, how many leaked, and how many saw each side of the swap (the
harmless file, or a refusal naming the link; "other" is any other answer, such as a walk that
gave up after 40 looks at a name that kept changing), which shows the race was really run. Exit status:
1 when anything leaked, else 0. Nothing here runs in `cargo test`; tests/confine_race.rs holds
the deterministic checks. The binary is target/debug/iacquiz unless --bin or $IACQUIZ says.
"""

import argparse
import ctypes
import ctypes.util
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time

SECRET = "s3cr3t"
HARMLESS = "harmless"
AT_FDCWD = -100
RENAME_EXCHANGE = 2


def renamer(a, b, stop, swaps):
    """Swaps the names `a` and `b` until `stop` is set (or for at most an hour)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    exchange = getattr(libc, "renameat2", None)
    ea, eb = os.fsencode(a), os.fsencode(b)
    n = 0
    deadline = time.time() + 3600
    while not stop.is_set() and time.time() < deadline:
        if exchange is not None and exchange(AT_FDCWD, ea, AT_FDCWD, eb, RENAME_EXCHANGE) == 0:
            n += 1
            continue
        # No renameat2: swap through a third name (the link is briefly missing).
        tmp = a + ".swap"
        try:
            os.rename(a, tmp)
            os.rename(b, a)
            os.rename(tmp, b)
            n += 1
        except OSError:
            pass
    swaps.value = n


class Swapping:
    """A renamer process swapping `name` with `name.alt` while the block runs."""

    def __init__(self, name):
        self.a, self.b = name, name + ".alt"

    def __enter__(self):
        self.stop = multiprocessing.Event()
        self.swaps = multiprocessing.Value("q", 0)
        self.proc = multiprocessing.Process(target=renamer, args=(self.a, self.b, self.stop, self.swaps))
        self.proc.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.proc.join(timeout=30)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join()
        # Leave the harmless file under the name read, the link beside it.
        if os.path.islink(self.a):
            os.rename(self.a, self.a + ".t")
            os.rename(self.b, self.a)
            os.rename(self.a + ".t", self.b)
        return False


def swapped(folder, name, harmless_text, secret_target):
    """`folder/name` a regular file with `harmless_text`; `folder/name.alt` a link to the secret."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(harmless_text)
    os.symlink(secret_target, path + ".alt")
    return path


def tally(outputs, refused_word):
    leaked = sum(1 for o in outputs if SECRET in o)
    harmless = sum(1 for o in outputs if HARMLESS in o and SECRET not in o)
    refused = sum(1 for o in outputs if refused_word in o and SECRET not in o and HARMLESS not in o)
    return leaked, harmless, refused, len(outputs) - leaked - harmless - refused


def run_jsonl(binary, lines):
    p = subprocess.run(
        [binary, "eval", "--jsonl"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=3600,
    )
    return p.stdout.splitlines()


def reader_file(binary, base, n, _runs):
    cfg = os.path.join(base, "cfg")
    os.makedirs(cfg)
    with open(os.path.join(base, "secret.txt"), "w") as f:
        f.write(SECRET)
    with open(os.path.join(cfg, "main.tf"), "w") as f:
        f.write("locals {}\n")
    name = swapped(cfg, "leak.txt", HARMLESS, os.path.join(base, "secret.txt"))
    with Swapping(name) as s:
        out = run_jsonl(binary, [{"expr": 'file("leak.txt")', "config": cfg}] * n)
    return out, s.swaps.value


def reader_tf(binary, base, n, _runs):
    cfg = os.path.join(base, "cfg")
    os.makedirs(cfg)
    with open(os.path.join(base, "secret.hcl"), "w") as f:
        f.write('locals { secret = "%s" }\n' % SECRET)
    with open(os.path.join(cfg, "main.tf"), "w") as f:
        f.write("locals { x = 1 }\n")
    name = swapped(cfg, "leak.tf", 'locals { secret = "%s" }\n' % HARMLESS, os.path.join(base, "secret.hcl"))
    # Each line names the folder by another path, so each loads it anew.
    width = int(n**0.5) + 1
    for i in range(width):
        os.makedirs(os.path.join(base, "d%d" % i))
    lines = []
    for k in range(n):
        i, j = divmod(k, width)
        lines.append({"expr": "local.secret", "config": os.path.join(base, "d%d" % i, "..", "d%d" % j, "..", "cfg")})
    with Swapping(name) as s:
        out = run_jsonl(binary, lines)
    return out, s.swaps.value


def run_many(argv_cwd, runs):
    outs = []
    for _ in range(runs):
        argv, cwd = argv_cwd
        p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60)
        outs.append(p.stdout + p.stderr)
    return outs


def reader_cfn(binary, base, _n, runs):
    stack = os.path.join(base, "stack")
    os.makedirs(stack)
    with open(os.path.join(base, "secret.txt"), "w") as f:
        f.write(SECRET)
    with open(os.path.join(stack, "template.yaml"), "w") as f:
        f.write("Resources:\n  R:\n    Type: X::Y::Z\n    Properties:\n      Body:\n        Fn::InsertFile: body.txt\n")
    name = swapped(stack, "body.txt", HARMLESS, os.path.join(base, "secret.txt"))
    with Swapping(name) as s:
        out = run_many(([binary, "cfn", "package", "template.yaml"], stack), runs)
    return out, s.swaps.value


def reader_bank(binary, base, _n, runs):
    bank = os.path.join(base, "bank")
    os.makedirs(os.path.join(bank, "terraform"))
    # Not a valid bank file either way: the error quotes the key it did not expect.
    with open(os.path.join(base, "secret.yaml"), "w") as f:
        f.write("%s: 1\n" % SECRET)
    name = swapped(os.path.join(bank, "terraform"), "leak.yaml", "%s: 1\n" % HARMLESS, os.path.join(base, "secret.yaml"))
    with Swapping(name) as s:
        out = run_many(([binary, "check", "--bank", bank], base), runs)
    return out, s.swaps.value


def reader_rivet(binary, base, _n, runs):
    cfg = os.path.join(base, "cfg")
    os.makedirs(cfg)
    with open(os.path.join(base, "secret.rvt"), "w") as f:
        f.write('file "%s" {\n}\n' % SECRET)
    with open(os.path.join(cfg, "main.rvt"), "w") as f:
        f.write('file "first" {\n}\n')
    name = swapped(cfg, "leak.rvt", 'file "%s" {\n}\n' % HARMLESS, os.path.join(base, "secret.rvt"))
    with Swapping(name) as s:
        out = run_many(([binary, "rivet", "expand", cfg], base), runs)
    return out, s.swaps.value


READERS = {
    "file": (reader_file, "outside"),
    "tf": (reader_tf, "outside"),
    "cfn": (reader_cfn, "symbolic link"),
    "bank": (reader_bank, "leads out"),
    "rivet": (reader_rivet, "outside"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reads", type=int, default=20000, help="reads per in-process reader (file, tf)")
    ap.add_argument("--runs", type=int, default=2000, help="processes per reader (cfn, bank, rivet)")
    ap.add_argument("--readers", default="file,tf,cfn,bank,rivet")
    ap.add_argument("--bin", default=os.environ.get("IACQUIZ", "target/debug/iacquiz"))
    ap.add_argument("--keep", action="store_true", help="keep the scratch folders")
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    if not os.access(binary, os.X_OK):
        sys.exit("no binary at %s: build it (cargo build) or pass --bin" % binary)
    total_leaked = 0
    print("%-6s %8s %8s %9s %9s %6s %9s %8s" % ("reader", "reads", "leaked", "harmless", "refused", "other", "swaps", "seconds"))
    for r in a.readers.split(","):
        fn, refused_word = READERS[r]
        base = tempfile.mkdtemp(prefix="iacquiz-race-%s-" % r)
        try:
            t = time.time()
            out, swaps = fn(binary, base, a.reads, a.runs)
            secs = time.time() - t
        finally:
            if not a.keep:
                shutil.rmtree(base, ignore_errors=True)
        leaked, harmless, refused, other = tally(out, refused_word)
        total_leaked += leaked
        print("%-6s %8d %8d %9d %9d %6d %9d %8.1f" % (r, len(out), leaked, harmless, refused, other, swaps, secs), flush=True)
    sys.exit(1 if total_leaked else 0)


if __name__ == "__main__":
    main()
