#!/bin/sh
# A benchmark of many hours taken in parts, across sessions and machines: the journal of `argus bench`
# lives in the repository (docs/measurements/NAME/journal.jsonl) together with the commit it measures
# (NAME/commit) and the arguments of the run (NAME/args, one per line; ${SHARED} is ../shared). Each part
# builds that commit (Release, in a worktree of its own so that main may move on), resumes the journal
# and copies it back after every finished run, so that what a session measured survives it once committed.
# The journal names the binary by its SHA-256: a rebuild of the commit in the same worktree path with Debian
# 12's toolchain is the same bytes (the binary holds its source paths, so a MEASURE_BINARY built in another
# folder is not); when it is not, `argus bench --resume` refuses: measure the tasks the journal lacks as a
# second measurement of the same commit (NAME-rest, its args listing those tasks) and join the two with
# scripts/journal_table.py.
#
#   scripts/measure.sh start NAME         a new measurement of HEAD (NAME/args must exist; NAME/commit is written)
#   scripts/measure.sh resume NAME        build NAME/commit if needed and run what the journal lacks
#   scripts/measure.sh status NAME        how many runs of how many are journaled
# Environment: MEASURE_ROOT (default /work/measure) holds the worktrees and the bench output folders;
# MEASURE_BINARY names a binary already built from the commit, to save the worktree's build.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
action=${1:?usage: scripts/measure.sh start|resume|status NAME}
name=${2:?usage: scripts/measure.sh start|resume|status NAME}
dir="$repo/docs/measurements/$name"
root=${MEASURE_ROOT:-/work/measure}
SHARED=$(cd "$repo/../shared" 2>/dev/null && pwd) || { echo "measure: ../shared is missing" >&2; exit 2; }
[ -f "$dir/args" ] || { echo "measure: $dir/args is missing" >&2; exit 2; }

args() { sed -e '/^#/d' -e '/^$/d' -e "s|\${SHARED}|$SHARED|g" "$dir/args"; }

case "$action" in
start)
  [ -f "$dir/journal.jsonl" ] && { echo "measure: $name has a journal; resume it or remove it" >&2; exit 2; }
  git diff --quiet HEAD || { echo "measure: commit first: the measured binary is a commit's" >&2; exit 2; }
  git rev-parse HEAD > "$dir/commit"
  ;;
status) [ -f "$dir/commit" ] || { echo "$name: not started (scripts/measure.sh start $name)"; exit 0; } ;;
resume) [ -f "$dir/commit" ] || { echo "measure: $dir/commit is missing: start the measurement first" >&2; exit 2; } ;;
*) echo "measure: unknown action $action" >&2; exit 2 ;;
esac
commit=$(cat "$dir/commit")
out="$root/out/$name"

if [ "$action" = status ]; then
  journal="$dir/journal.jsonl"
  [ -f "$out/journal.jsonl" ] && journal="$out/journal.jsonl"
  [ -f "$journal" ] || { echo "$name: nothing journaled yet"; exit 0; }
  python3 - "$journal" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
total = len(header["tasks"]) * len(header["runs"])
print(f"{len(lines) - 1} of {total} runs journaled ({100 * (len(lines) - 1) / total:.0f}%)")
EOF
  exit 0
fi

# The commit's binary, built once per machine in a worktree at a fixed place.
tree="$root/argus-$commit"
if [ ! -x "$tree/build/argus" ]; then
  scripts/setup.sh
  mkdir -p "$root"
  [ -d "$tree" ] || git worktree add --detach "$tree" "$commit" >/dev/null
  if [ -n "${MEASURE_BINARY:-}" ]; then
    # A binary already built from the commit (the main tree's, when it is at that commit and clean).
    mkdir -p "$tree/build" && cp "$MEASURE_BINARY" "$tree/build/argus"
  else
    cmake -S "$tree" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release
    cmake --build "$tree/build" -j "${JOBS:-2}" --target argus
  fi
fi

mkdir -p "$out"
resume=""
if [ -f "$dir/journal.jsonl" ] && [ ! -f "$out/journal.jsonl" ]; then cp "$dir/journal.jsonl" "$out/journal.jsonl"; fi
[ -f "$out/journal.jsonl" ] && resume="--resume"

# Copies the journal back while the benchmark runs, and once more when it ends.
( while sleep 60; do cp "$out/journal.jsonl" "$dir/journal.jsonl" 2>/dev/null || true; done ) &
syncer=$!
trap 'kill $syncer 2>/dev/null; cp "$out/journal.jsonl" "$dir/journal.jsonl" 2>/dev/null || true' EXIT INT TERM
status=0
args | tr '\n' '\0' | xargs -0 sh -c '"$0" bench "$@"' "$tree/build/argus" --out "$out" $resume || status=$?
cp "$out/summary.md" "$dir/summary.md" 2>/dev/null || true
exit $status
