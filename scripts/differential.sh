#!/bin/sh
# The long differential run: N generated programs (default 2000) through every engine, JOBS programs at a
# time (default 2), then the summary table (per engine TRUE/FALSE/UNKNOWN, disagreements, rejections,
# errors, crashes, time). Exit 1 on any failure; failing programs stay in $WORK/failures with the
# engines' outputs and the commands that reproduce them.
#   scripts/differential.sh [N] [JOBS]
#   environment: SEED (first seed, default 100001: past the ctest shards), SIZE (default 8),
#                TIMEOUT (seconds per run, default 5), BUILD (default build), WORK (default
#                $BUILD/differential-<date>-<time>)
set -eu
N=${1:-2000}
JOBS=${2:-2}
BUILD=${BUILD:-build}
WORK=${WORK:-$BUILD/differential-$(date +%Y%m%d-%H%M%S)}
if [ ! -x "$BUILD/argus_difftest" ] || [ ! -x "$BUILD/argus" ]; then
  echo "differential.sh: $BUILD/argus and $BUILD/argus_difftest are missing; run 'make build' first" >&2
  exit 2
fi
echo "differential.sh: $N programs from seed ${SEED:-100001}, size ${SIZE:-8}, $JOBS jobs, work folder $WORK" >&2
exec "$BUILD/argus_difftest" run --argus "$BUILD/argus" --count "$N" --jobs "$JOBS" --seed "${SEED:-100001}" \
  --size "${SIZE:-8}" --timeout "${TIMEOUT:-5}" --work "$WORK" --min-decided 0.5 --require-both
