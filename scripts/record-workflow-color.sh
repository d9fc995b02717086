#!/bin/sh
# Records tests/workflow/color-text/RELEASE/step-N.out: the steps of steps.txt run with real
# Terraform (tf-oracle --path) in a scratch folder, in colour, TF_IN_AUTOMATION unset for `plan`
# (its closing note) and set for the rest; UUIDs numbered in order of appearance.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)/tests/workflow/color-text
oracle=${TF_ORACLE:-/work/shared/tools/tf-oracle}
for release in 1.6.6 1.12.2 1.14.9; do
  tf=$("$oracle" --version "$release" --path)
  work=$(mktemp -d)
  cp "$here/main.tf" "$work/main.tf"
  mkdir -p "$here/$release"
  n=0
  while read -r step; do
    if [ "$step" = edit ]; then
      cp "$here/main.tf.next" "$work/main.tf"
    else
      auto=1
      case "$step" in plan*) auto= ;; esac
      (cd "$work" && env CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null ${auto:+TF_IN_AUTOMATION=1} "$tf" $step </dev/null) \
        | python3 -c 'import re,sys
t=sys.stdin.read(); seen={}
def sub(m):
    seen.setdefault(m.group(0), "<uuid-%d>" % (len(seen)+1)); return seen[m.group(0)]
sys.stdout.write(re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", sub, t))' > "$here/$release/step-$n.out"
    fi
    n=$((n + 1))
  done < "$here/steps.txt"
  rm -rf "$work"
done
