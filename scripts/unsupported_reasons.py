#!/usr/bin/env python3
"""Counts the `unsupported` edges of `argus dump --cfa` per reason, and the wall time of the dump (the
front end, clang included), for each task given (.yml or .c), and prints a Markdown table.

    scripts/unsupported_reasons.py [--argus BINARY] TASK...

A reason is the edge's feature without its position (`... at FILE:LINE`); numbers in it are kept.
"""
import argparse
import collections
import re
import subprocess
import sys
import time


def dump(argus, task):
    start = time.monotonic()
    run = subprocess.run([argus, "dump", "--cfa", task], capture_output=True, text=True)
    seconds = time.monotonic() - start
    reasons = collections.Counter()
    for line in run.stdout.splitlines():
        match = re.match(r"\s*unsupported: (.*?)(?: at [^ ]+:\d+)?$", line)
        if match:
            reasons[match.group(1)] += 1
    return seconds, reasons, run.returncode


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--argus", default="build/argus")
    parser.add_argument("tasks", nargs="+")
    args = parser.parse_args()
    total = collections.Counter()
    print("| task | front end (s) | unsupported edges | by reason |")
    print("|---|---:|---:|---|")
    for task in args.tasks:
        seconds, reasons, code = dump(args.argus, task)
        total.update(reasons)
        detail = "; ".join(f"{count}× {reason}" for reason, count in reasons.most_common())
        name = task.rsplit("/", 1)[-1]
        status = "" if code == 0 else f" (exit {code})"
        print(f"| {name}{status} | {seconds:.1f} | {sum(reasons.values())} | {detail} |")
    print()
    print("| reason | edges (all tasks) |")
    print("|---|---:|")
    for reason, count in total.most_common():
        print(f"| {reason} | {count} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
