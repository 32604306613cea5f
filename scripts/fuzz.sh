#!/bin/sh
# Builds the libFuzzer harnesses (fuzz/, clang-14, ASan+UBSan, in $FUZZ_BUILD) and runs each with seed
# corpora from the shared benchmarks and fuzz/seeds; `make fuzz` calls it. Not part of `make test`.
#
#   scripts/fuzz.sh [HARNESS...]     harnesses: chc task options cli c (default: all five)
#
# Environment:
#   FUZZ_SECONDS  time per harness (default 60)
#   FUZZ_RUNS     also stop a harness after this many inputs (libFuzzer -runs; default: no such bound)
#   FUZZ_JOBS     parallel fuzzing processes per harness (default 1; the machine has 2 cores)
#   FUZZ_TIMEOUT  seconds one input may take before it counts as a hang (default 10)
#   FUZZ_BUILD    build folder (default build-fuzz); runs go to $FUZZ_BUILD/runs/HARNESS/
#   JOBS          build parallelism (default 2)
#
# Per harness, runs/HARNESS/ holds the corpus libFuzzer grows (kept between runs), seeds/ (made anew from
# the seeds each run), crashes/ (crash-*, timeout-*, oom-* inputs: findings), rejections.txt (each kind of
# rejection message once) and log.txt. A line per harness goes to stdout and to runs/summary.tsv: inputs
# executed, crashes, hangs, out-of-memory, distinct rejections, seconds. Exit 1 if anything was found.
# A finding reproduces with `build-fuzz/fuzz/fuzz_HARNESS FILE`.
set -eu

cd "$(dirname "$0")/.."
ROOT=$(pwd)
SHARED=${ARGUS_SHARED_DIR:-$ROOT/../shared}
BUILD=${FUZZ_BUILD:-build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-60}
TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_JOBS=${FUZZ_JOBS:-1}
HARNESSES=${*:-chc task options cli c}

if [ ! -d "$SHARED/bench" ]; then
  echo "fuzz: $SHARED/bench is missing (the seeds come from the shared benchmarks)" >&2
  exit 1
fi

cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DARGUS_FUZZ=ON -DARGUS_SHARED_DIR="$SHARED" >/dev/null
targets=""
for h in $HARNESSES; do targets="$targets fuzz_$h"; done
# shellcheck disable=SC2086  # one word per target
cmake --build "$BUILD" -j "${JOBS:-2}" --target $targets

# seeds HARNESS DIR: fills DIR with the harness's seed inputs.
seeds() {
  case "$1" in
    # Files up to the input size limit: mutants of large ones cost seconds each under the sanitizers.
    chc) find "$SHARED/bench" tests/regression/chc -name '*.smt2' -size -8k -exec cp {} "$2" \; ;;
    task)
      # Seed tasks name their own C files; the harness's folder has task.c (see fuzz/TaskFuzz.cc).
      find "$SHARED/bench" -name '*.yml' | while read -r yml; do
        sed "s/^input_files:.*/input_files: 'task.c'/" "$yml" >"$2/$(basename "$yml")"
      done
      cp fuzz/seeds/task/* "$2" ;;
    c) find "$SHARED/bench/c" tests/regression/c \( -name '*.c' -o -name '*.i' \) -exec cp {} "$2" \; ;;
    *) cp fuzz/seeds/"$1"/* "$2" ;;
  esac
}

# The largest input libFuzzer makes: the C seeds go up to 75 KB; the CHC harness keeps to small files.
max_len() {
  case "$1" in
    c) echo 131072 ;;
    chc) echo 8192 ;;
    *) echo 4096 ;;
  esac
}

# final_stat KEY: the sum of libFuzzer's final statistic KEY over the logs on stdin.
final_stat() { sed -n "s/^stat::$1: *//p" | awk '{ s += $1 } END { print s + 0 }'; }

RUNS="$BUILD/runs"
mkdir -p "$RUNS"
printf 'harness\tinputs\tcrashes\thangs\tooms\trejections\tseconds\n' >"$RUNS/summary.tsv"
found=0
for h in $HARNESSES; do
  dir="$RUNS/$h"
  rm -rf "$dir/seeds" "$dir/logs"
  mkdir -p "$dir/corpus" "$dir/seeds" "$dir/crashes" "$dir/logs"
  seeds "$h" "$dir/seeds"
  touch "$dir/logs/start"
  set -- -max_total_time="$SECONDS_EACH" -timeout="$TIMEOUT" -rss_limit_mb=4096 -max_len="$(max_len "$h")" \
    -print_final_stats=1 -artifact_prefix="$ROOT/$dir/crashes/"
  [ -n "${FUZZ_RUNS:-}" ] && set -- "$@" -runs="$FUZZ_RUNS"
  # Z3 keeps caches across inputs, so libFuzzer would re-run every CHC input to look for a leak.
  [ "$h" = chc ] && set -- "$@" -detect_leaks=0
  [ "$FUZZ_JOBS" -gt 1 ] && set -- "$@" -jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"
  echo "fuzz: $h for ${SECONDS_EACH}s${FUZZ_RUNS:+ or $FUZZ_RUNS inputs} ($FUZZ_JOBS job(s)), log in $dir/logs" >&2
  start=$(date +%s)
  # -jobs writes fuzz-N.log into the current folder.
  status=0
  # A smaller quarantine lets ASan reuse freed memory: Z3 allocates much per input, and fresh pages cost
  # more than the checks.
  (cd "$dir/logs" && ARGUS_FUZZ_REJECTIONS="$ROOT/$dir/rejections.txt" \
     ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16:malloc_context_size=10}" \
     "$ROOT/$BUILD/fuzz/fuzz_$h" "$@" "$ROOT/$dir/corpus" "$ROOT/$dir/seeds" >out.txt 2>log.txt) || status=$?
  seconds=$(($(date +%s) - start))
  # With -jobs each job logs to fuzz-N.log (and libFuzzer copies those into its own log); else log.txt.
  if [ "$FUZZ_JOBS" -gt 1 ]; then logs='fuzz-*.log'; else logs=log.txt; fi
  inputs=$(find "$dir/logs" -name "$logs" -exec cat {} + | final_stat number_of_executed_units)
  # Findings of this run: the files libFuzzer wrote since it started.
  new_findings() { find "$dir/crashes" -type f -newer "$dir/logs/start" "$@" | wc -l; }
  crashes=$(new_findings \( -name 'crash-*' -o -name 'leak-*' \))
  hangs=$(new_findings -name 'timeout-*')
  ooms=$(new_findings -name 'oom-*')
  touch "$dir/rejections.txt"
  sort -u -o "$dir/rejections.txt" "$dir/rejections.txt"
  rejections=$(wc -l <"$dir/rejections.txt")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$h" "$inputs" "$crashes" "$hangs" "$ooms" "$rejections" "$seconds" \
    >>"$RUNS/summary.tsv"
  if [ "$(new_findings)" -gt 0 ] || [ "$status" -ne 0 ]; then
    echo "fuzz: $h found something (exit $status): see $dir/crashes and $dir/logs" >&2
    found=1
  fi
done
column -t "$RUNS/summary.tsv"
exit $found
