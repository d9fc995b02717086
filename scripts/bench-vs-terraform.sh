#!/usr/bin/env bash
# Times the same expressions through `terraform console` and through iacquiz, and prints
# the ratios (issue #11, point 6).
#
#   scripts/bench-vs-terraform.sh [N]          (default N = 200 expressions)
#
# The expressions are the first N setup-free cases of tests/golden/cases/*.jsonl, taken
# round-robin over the files so every function family is in the sample. Three ways:
#   terraform console   one process per expression, as a user runs it
#   iacquiz eval        one process per expression
#   iacquiz eval --jsonl  one process for all of them
# and then `iacquiz check` of the whole bundled bank against one `terraform console` run.
# Terraform is $TERRAFORM, else `terraform` on PATH, else the binary tf-oracle installed
# (../shared/tools/tf-oracle --path). iacquiz is built with `cargo build --release`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-200}

terraform_bin=${TERRAFORM:-}
if [[ -z "$terraform_bin" ]] && command -v terraform >/dev/null 2>&1; then
  terraform_bin=$(command -v terraform)
fi
if [[ -z "$terraform_bin" && -x "$here/../shared/tools/tf-oracle" ]]; then
  terraform_bin=$("$here/../shared/tools/tf-oracle" --path)
fi
if [[ -z "$terraform_bin" || ! -x "$terraform_bin" ]]; then
  echo "bench-vs-terraform: no terraform binary (set TERRAFORM=path or put terraform on PATH)" >&2
  exit 2
fi

(cd "$here" && cargo build --release --quiet)
iacquiz="$here/target/release/iacquiz"

python3 - "$here/tests/golden/cases" "$count" "$terraform_bin" "$iacquiz" <<'PY'
import glob, json, os, subprocess, sys, tempfile, time

cases_dir, count, terraform, iacquiz = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]

# Round-robin over the case files so the sample spans every family.
per_file = []
for path in sorted(glob.glob(os.path.join(cases_dir, "*.jsonl"))):
    exprs = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            case = json.loads(line)
            if case.get("setup") is None and "dir" not in case:
                exprs.append(case["expr"])
    per_file.append(exprs)
sample = []
i = 0
while len(sample) < count and any(i < len(e) for e in per_file):
    for exprs in per_file:
        if i < len(exprs) and len(sample) < count:
            sample.append(exprs[i])
    i += 1
n = len(sample)

workdir = tempfile.mkdtemp(prefix="bench-vs-tf-")

def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start

def terraform_each():
    for expr in sample:
        subprocess.run([terraform, "console"], input=expr + "\n", cwd=workdir,
                       capture_output=True, text=True)

def iacquiz_each():
    for expr in sample:
        subprocess.run([iacquiz, "eval", expr], cwd=workdir, capture_output=True, text=True)

def iacquiz_batch():
    lines = "".join(json.dumps({"expr": e, "config": None}) + "\n" for e in sample)
    subprocess.run([iacquiz, "eval", "--jsonl"], input=lines, cwd=workdir,
                   capture_output=True, text=True)

tf = timed(terraform_each)
each = timed(iacquiz_each)
batch = timed(iacquiz_batch)

# The whole bundled bank checked, against one expression through terraform console: the
# median of several runs of each, so one slow start does not decide it.
def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]
check = median([timed(lambda: subprocess.run([iacquiz, "check"], cwd=workdir, capture_output=True)) for _ in range(11)])
one_tf = median([timed(lambda: subprocess.run([terraform, "console"], input="1 + 1\n", cwd=workdir,
                                               capture_output=True, text=True)) for _ in range(11)])

def per(t):
    return t / n * 1000.0

print(f"{n} expressions")
print(f"terraform console, one process each : {tf:8.2f} s  {per(tf):9.3f} ms/expr")
print(f"iacquiz eval, one process each      : {each:8.2f} s  {per(each):9.3f} ms/expr  ({tf / each:7.1f}x faster)")
print(f"iacquiz eval --jsonl, one process   : {batch:8.2f} s  {per(batch):9.3f} ms/expr  ({tf / batch:7.1f}x faster)")
print(f"iacquiz check, whole bundled bank   : {check * 1000:8.1f} ms  against terraform console, one expression: {one_tf * 1000:.1f} ms ({one_tf / check:.2f}x)")
PY
