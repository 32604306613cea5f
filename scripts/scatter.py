#!/usr/bin/env python3
"""Log-log scatter plot of the per-task times of two `argus bench` configurations, and their
complementarity table.

  scripts/scatter.py BENCH_DIR [A B] [--out FILE.svg] [--time cpu|wall] [--timeout S] [--title TEXT]
  scripts/scatter.py A.tsv B.tsv [...]

BENCH_DIR is the --out folder of one `argus bench` run: it holds NAME.tsv per configuration and
summary.md. A and B name two of its configurations; without them the folder must have exactly two
(in the order of the run's --run options). Instead of a folder, two TSV files may be given (with
--timeout, unless a summary.md beside them names it).

Each task with a result in both configurations is one point: x = its time in A, y = its time in B
(CPU time by default, --time wall for wall-clock time). A task that a configuration did not solve
(no correct verdict: timeout, unknown, error, ...; for a task without an expected verdict, no TRUE or
FALSE) is drawn at the timeout line of that axis; a wrong verdict counts as unsolved and gets its own
mark. Points below the diagonal are tasks that B solved
faster. The timeout comes from summary.md (`timeout N s`) unless --timeout is given. The plot is an
SVG drawn by gnuplot (Debian package gnuplot-nox); the default output is BENCH_DIR/scatter-A-B.svg.

stdout gets the complementarity table (solved by A only, by B only, by both, by neither; per expected
verdict), the tasks that only one of them solved, and on the tasks both solved how often and by how
much B was faster. Exit codes: 0 done, 1 gnuplot failed or is missing, 2 bad input.
"""
import argparse
import csv
import math
import os
import re
import shutil
import statistics
import subprocess
import sys

FLOOR = 0.01  # seconds: shorter times are drawn here (a log scale has no 0)


class InputError(Exception):
    pass


def read_tsv(path):
    """task path -> row (a dict of the TSV's columns)."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}")
    if rows and not {"task", "expected", "verdict", "correct", "status", "cpu_s", "wall_s"} <= set(rows[0]):
        raise InputError(f"{path}: not an argus bench table (no task, expected, verdict, correct, status, "
                         "cpu_s, wall_s columns)")
    return {row["task"]: row for row in rows}


def read_summary(folder):
    """(configuration names in run order, timeout in seconds or None) from folder/summary.md."""
    path = os.path.join(folder, "summary.md")
    if not os.path.isfile(path):
        return [], None
    with open(path) as f:
        text = f.read()
    m = re.search(r"^## argus bench: .*?timeout ([0-9.eE+-]+) s", text, re.M)
    timeout = float(m.group(1)) if m else None
    names = [n for n in re.findall(r"^### (\S+)", text, re.M) if n != "comparison"]
    return names, timeout


def file_safe(name):
    """The file name bench gives a configuration's table (its fileSafe)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)


def solved(row):
    """A correct verdict; for a task without an expected verdict, any definite one."""
    if row["correct"] == "unchecked":
        return row["verdict"].split("(")[0].upper() in ("TRUE", "FALSE", "SAT", "UNSAT")
    return row["correct"] == "correct"


def wrong(row):
    return row["correct"] == "WRONG"


def load(args):
    """(name A, table A, name B, table B, timeout, default output path)."""
    paths = args.inputs
    if len(paths) in (2,) and all(p.endswith(".tsv") for p in paths):
        names = [os.path.splitext(os.path.basename(p))[0] for p in paths]
        tables = [read_tsv(p) for p in paths]
        _, timeout = read_summary(os.path.dirname(os.path.abspath(paths[0])))
        folder = os.path.dirname(os.path.abspath(paths[0]))
    elif len(paths) in (1, 3) and os.path.isdir(paths[0]):
        folder = paths[0]
        order, timeout = read_summary(folder)
        if len(paths) == 3:
            names = paths[1:]
        else:
            available = order or sorted(os.path.splitext(f)[0] for f in os.listdir(folder) if f.endswith(".tsv"))
            if len(available) != 2:
                raise InputError(f"{folder} has {len(available)} configurations ({', '.join(available) or 'none'}); "
                                 "name the two to compare: scatter.py BENCH_DIR A B")
            names = available
        tables = []
        for name in names:
            path = os.path.join(folder, file_safe(name) + ".tsv")
            if not os.path.isfile(path):
                raise InputError(f"{folder} has no table for configuration '{name}' ({os.path.basename(path)})")
            tables.append(read_tsv(path))
    else:
        raise InputError("expected a bench output folder (optionally with two configuration names) or two .tsv files")
    if args.timeout is not None:
        timeout = args.timeout
    default_out = os.path.join(folder, f"scatter-{file_safe(names[0])}-{file_safe(names[1])}.svg")
    return names[0], tables[0], names[1], tables[1], timeout, default_out


def pair_tasks(a, b):
    """The tasks of both tables as (key, row A, row B), matched by path (or by folder/file name)."""
    common = [t for t in a if t in b]
    if not common:  # tables of two bench runs started from different places: match category/file
        def short(table):
            return {row["category"] + "/" + os.path.basename(t): row for t, row in table.items()}
        a, b = short(a), short(b)
        common = [t for t in a if t in b]
    return [(t, a[t], b[t]) for t in common], len(a) - len(common), len(b) - len(common)


def time_of(row, column):
    try:
        return max(float(row[column]), FLOOR)
    except ValueError:
        return None


def gnuplot_script(series, name_a, name_b, timeout, lo, hi, out, title, what):
    def q(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [
        'set terminal svg size 640,700 dynamic enhanced font "sans,12" background rgb "white"',
        f"set output {q(out)}",
        "set logscale xy",
        f"set xrange [{lo:g}:{hi:g}]",
        f"set yrange [{lo:g}:{hi:g}]",
        "set size square",
        "set format xy '10^{%L}'",
        "set grid xtics ytics mxtics mytics lc rgb '#dddddd'",
        f"set xlabel {q(name_a + ': ' + what + ' (s)')} noenhanced",
        f"set ylabel {q(name_b + ': ' + what + ' (s)')} noenhanced",
        f"set title {q(title)} noenhanced",
        "set key outside below center horizontal noenhanced",
        f"set arrow 1 from {lo:g},{timeout:g} to {timeout:g},{timeout:g} nohead dt 2 lc rgb '#888888'",
        f"set arrow 2 from {timeout:g},{lo:g} to {timeout:g},{timeout:g} nohead dt 2 lc rgb '#888888'",
        f"set label 1 'timeout {timeout:g} s' at {lo * 1.3:g},{timeout * 1.15:g} tc rgb '#666666'",
    ]
    plots = ["x with lines lc rgb '#444444' title 'y = x'",
             "10*x with lines dt 3 lc rgb '#aaaaaa' notitle", "x/10 with lines dt 3 lc rgb '#aaaaaa' notitle"]
    styles = {"TRUE": "pt 6 ps 1.2 lc rgb '#1f77b4'", "FALSE": "pt 2 ps 1.2 lc rgb '#d62728'",
              "unknown": "pt 4 ps 1.2 lc rgb '#2ca02c'", "wrong": "pt 9 ps 1.6 lc rgb '#000000'"}
    for i, (kind, label, points) in enumerate(series):
        if not points:
            continue
        lines.append(f"$D{i} << EOD")
        lines += [f"{x:.6g} {y:.6g}" for x, y in points]
        lines.append("EOD")
        plots.append(f"$D{i} using 1:2 with points {styles[kind]} title {q(label)}")
    lines.append("plot " + ", \\\n     ".join(plots))
    return "\n".join(lines) + "\n"


def markdown_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", help="BENCH_DIR [A B], or A.tsv B.tsv")
    parser.add_argument("--out", help="the SVG file (default BENCH_DIR/scatter-A-B.svg)")
    parser.add_argument("--time", choices=["cpu", "wall"], default="cpu", help="which time to plot (default cpu)")
    parser.add_argument("--timeout", type=float, help="the timeout line in seconds (default: from summary.md)")
    parser.add_argument("--title", help="the plot's title")
    parser.add_argument("--no-plot", action="store_true", help="only print the tables")
    args = parser.parse_args(argv[1:])
    try:
        name_a, a, name_b, b, timeout, default_out = load(args)
        pairs, only_a, only_b = pair_tasks(a, b)
        if not pairs:
            raise InputError(f"{name_a} and {name_b} have no task in common")
    except InputError as e:
        print(f"scatter: {e}", file=sys.stderr)
        return 2
    column = "cpu_s" if args.time == "cpu" else "wall_s"
    what = "CPU time" if args.time == "cpu" else "wall time"
    if only_a or only_b:
        print(f"scatter: {only_a} tasks only in {name_a}, {only_b} only in {name_b}: left out", file=sys.stderr)
    times = [t for _, ra, rb in pairs for r in (ra, rb) if solved(r) for t in [time_of(r, column)] if t]
    if timeout is None or timeout <= 0:
        timeout = max(times, default=10.0) * 1.5
        print(f"scatter: no timeout known (bench ran without one, or no summary.md): the line is at {timeout:g} s",
              file=sys.stderr)

    # Counts per expected verdict; points per series.
    kinds = ["true", "false", "unknown"]
    counts = {k: {"A only": 0, "B only": 0, "both": 0, "neither": 0} for k in kinds}
    wrongs = {name_a: 0, name_b: 0}
    lists = {"A only": [], "B only": []}
    series = {"TRUE": [], "FALSE": [], "unknown": [], "wrong": []}
    b_faster, a_faster, ratios = 0, 0, []
    for task, ra, rb in pairs:
        expected = ra["expected"] if ra["expected"] in ("true", "false") else \
            {"sat": "true", "unsat": "false"}.get(ra["expected"], "unknown")
        sa, sb = solved(ra), solved(rb)
        key = "both" if sa and sb else "A only" if sa else "B only" if sb else "neither"
        counts[expected][key] += 1
        if key in lists:
            lists[key].append(ra["category"] + "/" + os.path.basename(ra["task"]))
        wrongs[name_a] += wrong(ra)
        wrongs[name_b] += wrong(rb)
        x = (time_of(ra, column) if sa else None) or timeout
        y = (time_of(rb, column) if sb else None) or timeout
        label = "wrong" if wrong(ra) or wrong(rb) else {"true": "TRUE", "false": "FALSE"}.get(expected, "unknown")
        series[label].append((x, y))
        if sa and sb:
            ratios.append(y / x)
            b_faster += y < x
            a_faster += x < y

    used = [k for k in kinds if any(counts[k].values())]
    header = ["tasks"] + [f"expected {k.upper() if k != 'unknown' else k}" for k in used] + ["all"]
    rows = []
    for key, text in [("A only", f"solved by {name_a} only"), ("B only", f"solved by {name_b} only"),
                      ("both", "solved by both"), ("neither", "solved by neither")]:
        rows.append([text] + [counts[k][key] for k in used] + [sum(counts[k][key] for k in used)])
    rows.append(["all"] + [sum(counts[k].values()) for k in used] + [len(pairs)])
    print(f"### complementarity: {name_a} (A, x axis) vs {name_b} (B, y axis), {len(pairs)} tasks, "
          f"timeout {timeout:g} s\n")
    print(markdown_table(header, rows))
    print()
    for name, n in wrongs.items():
        if n:
            print(f"**{name}: {n} wrong verdict{'s' if n != 1 else ''}** (counted as unsolved, drawn as black diamonds)")
    for key, name in (("A only", name_a), ("B only", name_b)):
        if lists[key]:
            print(f"solved by {name} only: " + ", ".join(lists[key]))
    if ratios:
        geo = math.exp(statistics.mean(math.log(r) for r in ratios))
        print(f"\nsolved by both: {name_b} faster on {b_faster}, {name_a} faster on {a_faster}, "
              f"{len(ratios) - a_faster - b_faster} equal; {name_b}/{name_a} {what} ratio: geometric mean "
              f"{geo:.3g}, median {statistics.median(ratios):.3g}")
    if args.no_plot:
        return 0

    points = [p for s in series.values() for p in s]
    lo = 10 ** math.floor(math.log10(min(min(x, y) for x, y in points) / 1.5))
    lo = max(lo, FLOOR)
    hi = 10 ** math.ceil(math.log10(max(max(x, y) for x, y in points + [(timeout, timeout)]) * 1.5))
    out = args.out or default_out
    title = args.title or f"{name_a} vs {name_b}: {what} per task ({len(pairs)} tasks)"
    labels = {"TRUE": "expected TRUE", "FALSE": "expected FALSE", "unknown": "expected unknown",
              "wrong": "a wrong verdict"}
    ordered = [(k, f"{labels[k]} ({len(series[k])})", series[k]) for k in ("TRUE", "FALSE", "unknown", "wrong")]
    script = gnuplot_script(ordered, name_a, name_b, timeout, lo, hi, out, title, what)
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        print("scatter: gnuplot is not installed (Debian: apt-get install gnuplot-nox); the tables are above",
              file=sys.stderr)
        return 1
    result = subprocess.run([gnuplot], input=script, text=True, capture_output=True)
    if result.returncode != 0:
        print(f"scatter: gnuplot failed:\n{result.stderr}", file=sys.stderr)
        return 1
    print(f"\nplot: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
