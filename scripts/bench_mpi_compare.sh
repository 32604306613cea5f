#!/bin/sh
# The figure of issue 47: the wall time of `mpirun -n 3 argus bench --jobs 1` (a coordinator and two workers
# with one job each) against `argus bench --jobs 2` on the same list, and whether their verdicts agree. Each
# ROUND runs both, the first round local first, the next MPI first, so that a drift in the machine's load
# does not favour one. Run it when nothing else runs: the figure is a ratio of wall times on 2 cores.
#
#   scripts/bench_mpi_compare.sh [LIST] [ROUNDS]    (defaults: tests/lists/mpi-60.txt, 2)
# Environment: ARGUS (build/argus), OUT (a fresh folder below /tmp), BENCH_ARGS (--run kind=--engine=kind
# --timeout 30; split at blanks, so write NAME=--opt=value), ARGUS_SHARED_DIR (../shared).
set -eu
cd "$(dirname "$0")/.."
LIST=${1:-tests/lists/mpi-60.txt}
ROUNDS=${2:-2}
ARGUS=${ARGUS:-build/argus}
OUT=${OUT:-$(mktemp -d /tmp/bench-mpi-compare-XXXXXX)}
ARGUS_SHARED_DIR=${ARGUS_SHARED_DIR:-$(cd .. && pwd)/shared}
export ARGUS_SHARED_DIR OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
BENCH_ARGS=${BENCH_ARGS:---run kind=--engine=kind --timeout 30}

now() { date +%s.%N; }
run_local() {
  start=$(now)
  # shellcheck disable=SC2086  # BENCH_ARGS is words
  "$ARGUS" bench "$LIST" $BENCH_ARGS --jobs 2 --out "$OUT/local-$1" >/dev/null 2>"$OUT/local-$1.err"
  echo "local-$1 $(echo "$(now) $start" | awk '{ printf "%.3f", $1 - $2 }')" | tee -a "$OUT/times"
}
run_mpi() {
  start=$(now)
  # shellcheck disable=SC2086
  mpirun --oversubscribe -n 3 "$ARGUS" bench "$LIST" $BENCH_ARGS --jobs 1 --out "$OUT/mpi-$1" >/dev/null 2>"$OUT/mpi-$1.err"
  echo "mpi-$1 $(echo "$(now) $start" | awk '{ printf "%.3f", $1 - $2 }')" | tee -a "$OUT/times"
}
# The columns that must agree: task, expected, verdict, correct, status.
verdicts() { cut -f1,3,4,5,6 "$1"/*.tsv; }

round=1
while [ "$round" -le "$ROUNDS" ]; do
  if [ $((round % 2)) -eq 1 ]; then run_local "$round"; run_mpi "$round"; else run_mpi "$round"; run_local "$round"; fi
  if [ "$(verdicts "$OUT/local-$round")" = "$(verdicts "$OUT/mpi-$round")" ]; then
    echo "round $round: identical verdicts ($(verdicts "$OUT/local-$round" | tail -n +2 | wc -l) tasks)"
  else
    echo "round $round: the verdicts DIFFER (see $OUT)"
  fi
  awk -v r="$round" '$1 == "local-" r { l = $2 } $1 == "mpi-" r { m = $2 } END { printf "round %s: mpi / local = %.3f\n", r, m / l }' "$OUT/times"
  round=$((round + 1))
done
echo "results in $OUT"
