#!/usr/bin/env python3
"""Record what real `terraform fmt` does with the golden inputs of tests/workflow/fmt/.

Each case is a folder tests/workflow/fmt/CASE/ holding input/ (the files, in folders if need
be) and, optionally, steps.txt: one `fmt ...` command line a line (`< FILE` at the end feeds
that input file to standard input). Without steps.txt the steps are

    fmt -no-color
    fmt -check -no-color
    fmt -diff -no-color
    fmt -list=false -write=false -no-color

Every step runs on a fresh copy of input/ with `tf-oracle --version R --exec -- ...`, for each
release R, and its standard output, standard error, exit code and the files it rewrote (their
new text) go to CASE/expected/R.json, which tests/it/workflow_fmt.rs replays through
`iacquiz terraform fmt`.

    scripts/record-fmt.py                          # every case, the default releases
    scripts/record-fmt.py --releases 1.12.2 --cases tabs,crlf

Standard library only; run from the repository's root.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ORACLE = "/work/shared/tools/tf-oracle"
ROOT = "tests/workflow/fmt"
RELEASES = "1.0.3,1.6.6,1.8.4,1.12.2,1.14.9,1.15.5"
DEFAULT_STEPS = [
    "fmt -no-color",
    "fmt -check -no-color",
    "fmt -diff -no-color",
    "fmt -list=false -write=false -no-color",
]


def read_tree(folder):
    out = {}
    for dirpath, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(dirpath, n)
            rel = os.path.relpath(p, folder)
            with open(p, "rb") as f:
                out[rel] = f.read().decode("utf-8", "surrogateescape")
    return out


def steps_of(case_dir):
    p = os.path.join(case_dir, "steps.txt")
    if not os.path.exists(p):
        return DEFAULT_STEPS
    with open(p) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def split_step(line):
    stdin = None
    if " < " in line:
        line, stdin = line.rsplit(" < ", 1)
        stdin = stdin.strip()
    return line.split(), stdin


def run_step(release, case_dir, line):
    args, stdin_file = split_step(line)
    src = os.path.join(case_dir, "input")
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "w")
        shutil.copytree(src, work, symlinks=True)
        before = read_tree(work)
        stdin = b""
        if stdin_file:
            with open(os.path.join(src, stdin_file), "rb") as f:
                stdin = f.read()
        env = dict(os.environ, TF_IN_AUTOMATION="1", CHECKPOINT_DISABLE="1")
        p = subprocess.run(
            [ORACLE, "--version", release, "--exec", "--"] + args,
            cwd=work,
            env=env,
            input=stdin,
            capture_output=True,
        )
        after = read_tree(work)
    changed = {k: v for k, v in after.items() if before.get(k) != v}
    return {
        "step": line,
        "stdout": p.stdout.decode("utf-8", "surrogateescape"),
        "stderr": p.stderr.decode("utf-8", "surrogateescape"),
        "code": p.returncode,
        "files": changed,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--releases", default=RELEASES, help=f"comma-separated releases (default {RELEASES})")
    ap.add_argument("--cases", help="comma-separated case names (default: every case)")
    args = ap.parse_args()
    names = sorted(d for d in os.listdir(ROOT) if os.path.isdir(os.path.join(ROOT, d, "input")))
    if args.cases:
        wanted = args.cases.split(",")
        missing = [w for w in wanted if w not in names]
        if missing:
            sys.exit(f"no such case: {', '.join(missing)}")
        names = wanted
    total = 0
    for name in names:
        case_dir = os.path.join(ROOT, name)
        os.makedirs(os.path.join(case_dir, "expected"), exist_ok=True)
        for release in args.releases.split(","):
            results = [run_step(release, case_dir, line) for line in steps_of(case_dir)]
            total += len(results)
            with open(os.path.join(case_dir, "expected", f"{release}.json"), "w") as f:
                json.dump(results, f, indent=1, sort_keys=True)
                f.write("\n")
    print(f"{len(names)} cases, {total} steps recorded")


if __name__ == "__main__":
    main()
