#!/usr/bin/env bash
# Proves every workflow question (a question with `steps`) on real Terraform: each instance's
# scenario is run by the real binary (through tf-oracle) instead of `iacquiz terraform`, and
# `iacquiz check` compares the key with what the real binary printed. Twice: at the release
# each question states (its `terraform_version`, else the engine's default, 1.14), and at
# 1.12.2, the release the Terraform Associate (004) exam tests. Distractors are still computed
# by the engine under each misconception. Not part of `cargo test`: it needs tf-oracle.
#
#   scripts/check-workflow-real.sh [--bank DIR] [extra check flags...]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
oracle="${TF_ORACLE:-$here/../shared/tools/tf-oracle}"
bin="${IACQUIZ:-$here/target/release/iacquiz}"
if [ ! -x "$bin" ]; then
  (cd "$here" && cargo build --release --quiet)
fi
runner="$oracle --version {minor} --exec --"
status=0
echo "== at each question's own release"
"$bin" check --scenarios-only --terraform-runner "$runner" "$@" || status=1
echo "== at 1.12.2 (Terraform Associate 004)"
"$bin" check --scenarios-only --terraform-runner "$runner" --scenario-release 1.12.2 "$@" || status=1
exit $status
