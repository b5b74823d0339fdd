#!/usr/bin/env bash
# warpsafe check's benchmark (BENCHMARKS.md, "Checker"):
#  1. schedules needed to find each seeded bug (tests/programs/check and the README's bit-pack),
#     per policy: the lockstep baseline counts as schedule 0, the k-th explored schedule as k
#     (read from the report's replay line);
#  2. the cost of one checked run against the uninstrumented `warpsafe run` of the same program.
# Usage: bench/check_bench.sh [build-dir]   (run from the repository root)
set -u
build=${1:-build}
ws=$build/bin/warpsafe
export WARPSAFE_CACHE_DIR=${WARPSAFE_CACHE_DIR:-$build/warpsafe-bench-cache}

echo "== schedules to find each seeded bug (10 at most; 0 = found by the lockstep baseline)"
printf '%-24s %-30s %8s %8s %8s\n' program "first line" random pct runahead
for file in examples/bitpack_activemask.cu tests/programs/check/*_bug.cu; do
  line=""
  counts=()
  for policy in random pct runahead; do
    out=$("$ws" check "$file" --policy "$policy" --schedules 10 --seed 1 2>&1 >/dev/null)
    status=$?
    if [ $status -ne 66 ]; then counts+=("miss"); continue; fi
    line=$(printf '%s\n' "$out" | grep -m1 '^warpsafe: ' | sed 's/^warpsafe: //')
    replay=$(printf '%s\n' "$out" | grep -m1 'replay: ')
    if printf '%s' "$replay" | grep -q -- '--schedules 0'; then
      counts+=(0)
    else
      seed=$(printf '%s' "$replay" | sed -n 's/.*--seed \([0-9]*\).*/\1/p')
      counts+=($((seed)))
    fi
  done
  printf '%-24s %-30s %8s %8s %8s\n' "$(basename "$file" .cu)" "$line" "${counts[@]}"
done

echo
echo "== one checked run against the uninstrumented run (same program, same lockstep schedule)"
for file in tests/warp/warp_scan_test.cu examples/shuffle_block_scan.cu bench/check_matvec.cu; do
  inc="-I include"
  "$ws" run "$file" $inc --schedule lockstep >/dev/null 2>&1        # build and cache
  "$ws" check "$file" $inc --schedules 0 >/dev/null 2>&1             # build and cache
  t0=$(date +%s.%N); "$ws" run "$file" $inc --schedule lockstep >/dev/null 2>&1; t1=$(date +%s.%N)
  "$ws" check "$file" $inc --schedules 0 >/dev/null 2>&1; t2=$(date +%s.%N)
  awk -v f="$file" -v a="$t0" -v b="$t1" -v c="$t2" \
    'BEGIN { r = b - a; k = c - b; printf "%-32s run %.2f s, checked %.2f s, ratio %.1f\n", f, r, k, k / r }'
done
