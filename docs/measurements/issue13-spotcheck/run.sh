#!/bin/sh
# The semantics spot check of stops 40 and 41: small C programs whose answer the name says (NAME_T.c safe,
# NAME_F.c reaches reach_error; a name with ilp32 in it is checked under ILP32, the others under LP64); each
# deterministic one was also run natively. Prints every program whose
# verdict differs from the name (UNKNOWN included) and the counts of wrong and unknown answers.
#   docs/measurements/issue13-spotcheck/run.sh [ARGUS] [TIMEOUT]
argus=${1:-build/argus}
limit=${2:-20}
here=$(dirname "$0")
wrong=0; unknown=0; total=0
for file in "$here"/sem*/*.c; do
  name=$(basename "$file" .c)
  expected=${name##*_}
  model=LP64
  case "$name" in *ilp32*) model=ILP32 ;; esac  # the data model, where the name asks for one
  verdict=$(timeout $((limit + 40)) "$argus" verify "$file" --data-model $model --timeout "$limit" 2>&1 |
    grep '^Verdict' | head -1)
  total=$((total + 1))
  case "$verdict" in
    *TRUE*) got=T ;;
    *FALSE*) got=F ;;
    *) got=U ;;
  esac
  [ "$got" = "$expected" ] && continue
  if [ "$got" = U ]; then unknown=$((unknown + 1)); else wrong=$((wrong + 1)); fi
  echo "$name: expected $expected, $verdict"
done
echo "$total programs: $wrong wrong, $unknown unknown"
