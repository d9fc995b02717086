#!/usr/bin/env bash
# Re-records the golden outputs in tests/golden/expected/ from real Terraform.
#
#   scripts/record-golden.sh [TOPIC...]     (default: every tests/golden/cases/*.jsonl)
#
# Each case line is {"expr": "...", "setup": main.tf text or null} or, for cases that
# need files on disk, {"expr": "...", "dir": "fixtures/NAME"} (a folder under tests/golden/).
# The oracle is ../shared/tools/tf-oracle (override with TF_ORACLE=path). `cargo test`
# never runs this: it compares the engine against the files this script wrote.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
oracle=${TF_ORACLE:-$here/../shared/tools/tf-oracle}
if [ ! -x "$oracle" ]; then
  echo "record-golden: no oracle at $oracle (set TF_ORACLE); nothing re-recorded" >&2
  exit 1
fi
cd "$here/tests/golden"
if [ $# -gt 0 ]; then topics=("$@"); else topics=(); for f in cases/*.jsonl; do t=${f#cases/}; topics+=("${t%.jsonl}"); done; fi
for t in "${topics[@]}"; do
  python3 - "$oracle" "cases/$t.jsonl" "expected/$t.jsonl" <<'PY'
import json, subprocess, sys
oracle, src, dst = sys.argv[1:4]
cases = [json.loads(l) for l in open(src) if l.strip()]
batch = [c for c in cases if "dir" not in c]
out = {}
if batch:
    inp = "".join(json.dumps({"expr": c["expr"], "setup": c.get("setup")}) + "\n" for c in batch)
    p = subprocess.run([oracle, "--jsonl"], input=inp, capture_output=True, text=True, check=True)
    rows = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    if len(rows) != len(batch):
        sys.exit(f"{src}: oracle answered {len(rows)} lines for {len(batch)} cases")
    for c, r in zip(batch, rows):
        out[id(c)] = r
for c in cases:
    if "dir" in c:
        p = subprocess.run([oracle, "-C", c["dir"], c["expr"]], capture_output=True, text=True)
        r = {"expr": c["expr"], "dir": c["dir"], "ok": p.returncode == 0}
        if p.returncode == 0:
            r["out"] = p.stdout.rstrip("\n")
        else:
            lines = p.stderr.splitlines()
            r["err"] = lines[0].split("Error: ", 1)[-1].strip() if lines else ""
            r["detail"] = lines[1].strip() if len(lines) > 1 else ""
        out[id(c)] = r
with open(dst, "w") as f:
    for c in cases:
        f.write(json.dumps(out[id(c)], ensure_ascii=False) + "\n")
print(f"{dst}: {len(cases)} cases")
PY
done
