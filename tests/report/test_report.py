#!/usr/bin/env python3
"""End-to-end test of `argus verify --report DIR`: runs argus on a FALSE and a TRUE example (and impact on
the TRUE one, for its ARG), renders each page in headless Chromium, checks the rendered DOM for the
verdict, the CFA and the trace steps (FALSE) or the invariants (TRUE) and the ARG (impact), and saves a
screenshot of each.

    test_report.py ARGUS SOURCE_DIR OUT_DIR [--update-docs]

OUT_DIR receives the reports (OUT_DIR/false/index.html, OUT_DIR/true/index.html), their JSON, the DOMs and
the screenshots report-false.png and report-true.png. --update-docs copies the screenshots into
SOURCE_DIR/docs. Chromium (Debian chromium) and Graphviz (graphviz) are required: a missing one fails.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser

WINDOW = (1200, 1600)

# name, task, argus arguments, expected exit code. The FALSE case runs a portfolio (its parent draws the
# page from the winner's JSON; bmc wins in about 2 s, the default portfolio's kind would take 15 s), the
# TRUE case one engine in-process (kind: a short invariant at the loop's line): both ways of reporting.
# The TRUE case turns kind's forward condition off: on a loaded machine it could prove the ten-iteration
# loop by unrolling before the invariant generator delivers, and the page would have no invariant to show.
# The "arg" case: impact, whose page also draws its abstract reachability graph.
CASES = [
    ("false", "examples/sum.c", ["--engine", "bmc,kind", "--jobs", "2"], 10),
    ("true", "examples/counter.c", ["--engine", "kind", "--set", "kind.forward=false"], 0),
    ("arg", "examples/counter.c", ["--engine", "impact"], 0),
]


def fail(message):
    print(f"test_report: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def require(program, package):
    path = shutil.which(program)
    if not path:
        fail(f"`{program}` is not on PATH: install the Debian package {package} (scripts/setup.sh does)")
    return path


class Dom(HTMLParser):
    """The rendered DOM, reduced to what the checks need: elements by id (their text), the classes of the
    listing's rows, and the tags seen."""

    def __init__(self):
        super().__init__()
        self.text_by_id = {}
        self.row_classes = {}  # "L12" -> class attribute
        self.tags = set()
        self.svg_in = set()  # ids of the elements that hold an <svg>
        self._open = []  # ids of the open elements that have one, with their depth
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag == "svg":
            self.svg_in.update(element_id for element_id, _ in self._open)
        if tag in ("br", "meta", "img", "hr", "input", "link"):
            return
        self._depth += 1
        element_id = attrs.get("id")
        if element_id:
            self.text_by_id[element_id] = ""
            self._open.append((element_id, self._depth))
            if tag == "tr" and element_id.startswith("L"):
                self.row_classes[element_id] = attrs.get("class", "")

    def handle_endtag(self, tag):
        if tag in ("br", "meta", "img", "hr", "input", "link"):
            return
        while self._open and self._open[-1][1] >= self._depth:
            self._open.pop()
        self._depth -= 1

    def handle_data(self, data):
        for element_id, _ in self._open:
            self.text_by_id[element_id] += data


def run_argus(argus, source_dir, out_dir, name, task, extra, expected_code):
    report_dir = os.path.join(out_dir, name)
    json_file = os.path.join(out_dir, f"{name}.json")
    command = [argus, "verify", os.path.join(source_dir, task), "--timeout", "30", "--report", report_dir,
               "--json", json_file] + extra
    started = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    print(f"test_report: {name}: argus exit {run.returncode} in {time.monotonic() - started:.1f} s: "
          f"{run.stdout.splitlines()[0] if run.stdout else ''}")
    if run.returncode != expected_code:
        fail(f"{' '.join(command)} exited with {run.returncode}, not {expected_code}\n{run.stdout}{run.stderr}")
    page = os.path.join(report_dir, "index.html")
    if not os.path.isfile(page):
        fail(f"{page} was not written")
    with open(json_file) as f:
        return page, json.load(f)


def chromium(browser, profile, args, page):
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               f"--user-data-dir={profile}"] + args + ["file://" + os.path.abspath(page)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        fail(f"{' '.join(command)} exited with {run.returncode}\n{run.stderr[-2000:]}")
    return run.stdout


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is no PNG")
    return struct.unpack(">II", head[16:24])


def check_common(name, dom, result):
    verdict = dom.text_by_id.get("verdict", "").strip()
    if verdict != result["verdict"]:
        fail(f"{name}: the page's verdict is {verdict!r}, the JSON's {result['verdict']!r}")
    if "cfa" not in dom.svg_in:
        fail(f"{name}: no SVG drawing of the CFA: {dom.text_by_id.get('cfa', '')[:300]}")
    if "times" not in dom.text_by_id:
        fail(f"{name}: no table of times")


def check_false(dom, result, source_text):
    steps = result["trace"]["steps"]
    for number, step in enumerate(steps, 1):
        row = dom.text_by_id.get(f"step-{number}")
        if row is None:
            fail(f"false: step {number} of {len(steps)} is missing from the step table")
        if step["location"] and step["location"] not in row:
            fail(f"false: step {number}'s row does not say its location {step['location']}: {row!r}")
    if f"step-{len(steps) + 1}" in dom.text_by_id:
        fail("false: the step table has more steps than the trace")
    # Every step that read an input shows the value at its source line, and the error's line is marked.
    for number, step in enumerate(steps, 1):
        for read in step["inputs"]:
            line = step["location"].rsplit(":", 1)[1]
            text = dom.text_by_id.get(f"L{line}", "")
            wanted = f"#{number} "
            if wanted not in text or f"{read['function']}() = {read['value']}" not in text:
                fail(f"false: line {line} does not show step {number}'s input {read}: {text!r}")
    if "portfolio" not in dom.text_by_id or "(won)" not in dom.text_by_id["portfolio"]:
        fail("false: the portfolio's runs are not shown (the page should come from the winner's JSON)")
    error_lines = [row for row, cls in dom.row_classes.items() if "error" in cls.split()]
    if not error_lines:
        fail("false: no source line is marked as the one that reaches the error")
    line = int(error_lines[0][1:])
    if "reach_error" not in source_text.splitlines()[line - 1]:
        fail(f"false: line {line}, marked as reaching the error, does not call reach_error")


def check_true(dom, result):
    invariants = result["certificate"].get("invariants", [])
    if not invariants:
        fail("true: the certificate has no invariants to show (choose an engine that writes some)")
    table = dom.text_by_id.get("invariants", "")
    for inv in invariants:
        if inv["formula"] not in table:
            fail(f"true: invariant {inv['formula']!r} is missing from the invariant table")
    placed = [inv for inv in invariants if inv.get("source")]
    for inv in placed:
        line = inv["source"].rsplit(":", 1)[1]
        if f"invariant: {inv['formula'][:200]}" not in dom.text_by_id.get(f"L{line}", ""):
            fail(f"true: invariant {inv['formula']!r} is not shown at line {line}")
    if not placed:
        fail("true: no invariant has a source line to show it at")


def main():
    args = [a for a in sys.argv[1:] if a != "--update-docs"]
    if len(args) != 3:
        fail(__doc__)
    argus, source_dir, out_dir = args
    browser = require("chromium", "chromium")
    require("dot", "graphviz")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    profile = tempfile.mkdtemp(prefix="argus-report-chromium-")
    try:
        for name, task, extra, code in CASES:
            page, result = run_argus(argus, source_dir, out_dir, name, task, extra, code)
            started = time.monotonic()
            dom_text = chromium(browser, profile, ["--dump-dom"], page)
            with open(os.path.join(out_dir, f"{name}.dom.html"), "w") as f:
                f.write(dom_text)
            dom = Dom()
            dom.feed(dom_text)
            check_common(name, dom, result)
            with open(os.path.join(source_dir, task)) as f:
                source_text = f.read()
            if name == "false":
                check_false(dom, result, source_text)
            else:
                check_true(dom, result)
            if name == "arg" and "arg" not in dom.svg_in:
                fail(f"arg: no SVG drawing of impact's ARG: {dom.text_by_id.get('arg', '')[:300]!r}")
            shot = os.path.join(out_dir, f"report-{name}.png")
            # Every compositor stage before the capture: on a loaded machine a tile could be missing otherwise.
            chromium(browser, profile, [f"--screenshot={shot}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
                                        "--run-all-compositor-stages-before-draw"], page)
            if not os.path.isfile(shot) or png_size(shot) != WINDOW:
                fail(f"{name}: no screenshot of {WINDOW[0]}x{WINDOW[1]} in {shot}")
            print(f"test_report: {name}: page checked and screenshot saved in {time.monotonic() - started:.1f} s: {shot}")
            if "--update-docs" in sys.argv and name in ("false", "true"):
                shutil.copyfile(shot, os.path.join(source_dir, "docs", f"report-{name}.png"))
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    print("test_report: passed")


if __name__ == "__main__":
    main()
