#!/usr/bin/env python3
"""The exponential family of Boolean programs from RecMC's evaluation (Komuravelli et al., CAV 2014,
Fig. 9(a), after the Bebop paper): procedure f_k calls f_{k-1} twice, so main's call tree has 2^n leaves,
while each procedure has one small summary. BMC (which inlines every call) grows exponentially with n,
RecMC (summaries per procedure) polynomially.

  scripts/boolean_programs.py OUTDIR [N ...]   writes bool_N_true.c and bool_N_false.c
  scripts/boolean_programs.py --table OUTDIR ARGUS [TIMEOUT] [N ...]
                                               also runs recmc and bmc on each and prints a Markdown table

The safe variant checks that x is back to its initial value after f_n (f_0 flips x, so every f_k with
k >= 1 flips it an even number of times); the unsafe one checks the opposite, so the error is reached
only after the whole call tree has run.
"""
import os
import subprocess
import sys
import time


def program(n, safe):
    lines = ["extern void reach_error(void);", "extern _Bool __VERIFIER_nondet_bool(void);", "_Bool x;",
             "void f0(void) { x = !x; }"]
    for k in range(1, n + 1):
        lines.append(f"void f{k}(void) {{ f{k - 1}(); f{k - 1}(); }}")
    check = "x != x0" if safe else "x == x0"
    lines += ["int main(void) {", "  x = __VERIFIER_nondet_bool();", "  _Bool x0 = x;", f"  f{n}();",
              f"  if ({check}) reach_error();", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def write(outdir, n):
    paths = []
    for safe in (True, False):
        c_file = os.path.join(outdir, f"bool_{n}_{'true' if safe else 'false'}.c")
        with open(c_file, "w") as f:
            f.write(program(n, safe))
        paths.append((c_file, safe))
    return paths


def run(argus, engine, c_file, timeout):
    start = time.monotonic()
    p = subprocess.run([argus, "verify", c_file, "--engine", engine, "--timeout", str(timeout)],
                       capture_output=True, text=True)
    seconds = time.monotonic() - start
    verdict = p.stdout.splitlines()[0] if p.stdout else "(no output)"
    return verdict, seconds


def main(argv):
    if len(argv) >= 3 and argv[1] == "--table":
        outdir, argus = argv[2], argv[3]
        timeout = float(argv[4]) if len(argv) > 4 else 60
        sizes = [int(a) for a in argv[5:]] or list(range(2, 21, 2))
        os.makedirs(outdir, exist_ok=True)
        print("| n | calls in the tree | variant | recmc | bmc |")
        print("|---:|---:|---|---|---|")
        gave_up = set()  # (engine, variant) that timed out on a smaller n
        for n in sizes:
            for c_file, safe in write(outdir, n):
                cells = []
                for engine in ("recmc", "bmc"):
                    if (engine, safe) in gave_up:
                        cells.append("(skipped: no answer on a smaller n)")
                        continue
                    verdict, seconds = run(argus, engine, c_file, timeout)
                    if "UNKNOWN" in verdict:
                        gave_up.add((engine, safe))
                    cells.append(f"{verdict.replace('Verdict: ', '')} {seconds:.2f} s")
                print(f"| {n} | {2 ** (n + 1) - 1} | {'TRUE' if safe else 'FALSE'} | {cells[0]} | {cells[1]} |",
                      flush=True)
        return 0
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    os.makedirs(argv[1], exist_ok=True)
    for n in [int(a) for a in argv[2:]] or list(range(2, 21, 2)):
        write(argv[1], n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
