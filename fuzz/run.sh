#!/bin/sh
# Runs fuzz targets one after another (one worker each), seeding their corpora first.
#   fuzz/run.sh [SECONDS] [TARGET...]     default: 600 seconds, every target
# Logs go to fuzz/logs/TARGET.log; crashes, timeouts and OOMs to fuzz/artifacts/TARGET/.
set -eu
cd "$(dirname "$0")"
secs=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-expr config bank cfn rivet responses confine}
python3 seed.py
mkdir -p logs
for t in $targets; do
    case $t in
        cfn) dict=cfn.dict ;;
        bank) dict=bank.dict ;;
        confine) dict=confine.dict ;;
        *) dict=hcl.dict ;;
    esac
    mkdir -p "artifacts/$t"
    echo "fuzzing $t for ${secs}s (log: fuzz/logs/$t.log)"
    cargo +nightly fuzz run -s none "$t" "corpus/$t" -- \
        -dict="$dict" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 >"logs/$t.log" 2>&1 || echo "$t stopped: see fuzz/logs/$t.log"
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)|DONE' "logs/$t.log" || true
done
