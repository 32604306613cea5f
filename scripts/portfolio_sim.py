#!/usr/bin/env python3
"""Replays engine lists of the portfolio (src/portfolio) on the single-engine runs of an `argus bench` journal.

Choosing the default engine lists and their shares by measuring each candidate costs a whole suite run per
candidate; this script estimates instead. Each single engine's run says when it decided a task (or ended
without deciding, or ran to the timeout); a list is simulated as runParallel schedules it: in list order,
`--cores` engines at a time, an engine with a share stopped when share x timeout has passed, the first decided
engine wins. An engine in a portfolio is assumed `--slowdown` times slower than alone (two processes share the
memory bandwidth). The estimate is checked against the measured `default` configuration when the journal has
one, and the best lists in hindsight are cross-validated: chosen on half of the tasks, scored on the other,
so that a gain that only fits the visible tasks shows as such.

  scripts/portfolio_sim.py JOURNAL [--list "kind@0.2,predabs@0.4,recmc"] [--only SUBSTRING] [--search]
"""
import argparse
import itertools
import json
import sys
from collections import defaultdict

DECIDED = (0, 1)  # Judgement::CorrectTrue, CorrectFalse (src/cli/bench/Outcome.h)


def load(path):
    lines = open(path).read().splitlines()
    header = json.loads(lines[0])
    runs = defaultdict(dict)
    for line in lines[1:]:
        r = json.loads(line)
        runs[r['task']][r['run']] = r
    return header, runs


def parse_list(text):
    slots = []
    for item in text.split(','):
        name, _, share = item.strip().partition('@')
        slots.append((name, float(share) if share else 0.0))
    return slots


def outcome(run, timeout, slowdown):
    """(seconds to a decided answer or None, seconds to an undecided end before the timeout or None)."""
    if run['judgement'] in DECIDED:
        return run['wall_s'] * slowdown, None
    if run['wall_s'] < 0.95 * timeout:
        return None, run['wall_s'] * slowdown
    return None, None


def simulate(slots, outcomes, timeout, cores):
    """Seconds until the list decides the task, or None."""
    now, waiting, running = 0.0, list(slots), []  # running: [engine, seconds run, share deadline]
    while True:
        while len(running) < cores and waiting:
            engine, share = waiting.pop(0)
            running.append([engine, 0.0, share * timeout if share else float('inf')])
        if not running:
            return None
        events = []
        for i, (engine, ran, deadline) in enumerate(running):
            decided, ended = outcomes.get(engine, (None, None))
            events += [(deadline - ran, 'share', i)]
            if decided is not None:
                events.append((decided - ran, 'decided', i))
            if ended is not None:
                events.append((ended - ran, 'ended', i))
        step, kind, i = min(events)
        step = max(step, 0.0)
        if now + step > timeout:
            return None
        now += step
        for r in running:
            r[1] += step
        if kind == 'decided':
            return now
        running.pop(i)


def score(slots, tasks, outcomes, timeout, cores):
    return sum(simulate(slots, outcomes[t], timeout, cores) is not None for t in tasks)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('journal')
    p.add_argument('--list', action='append', default=[], help='an engine list as --engine takes it')
    p.add_argument('--only', help='tasks whose path contains this')
    p.add_argument('--cores', type=int, default=2)
    p.add_argument('--slowdown', type=float, default=1.1)
    p.add_argument('--search', action='store_true',
                   help='best lists in hindsight (orders of the first --list), cross-validated')
    args = p.parse_args(argv)
    header, runs = load(args.journal)
    timeout = header['timeout']
    singles = [r['name'] for r in header['runs'] if r['name'] != 'default']
    tasks = sorted(t for t, r in runs.items() if all(s in r for s in singles)
                   and (args.only is None or args.only in t))
    outcomes = {t: {s: outcome(runs[t][s], timeout, args.slowdown) for s in singles} for t in tasks}
    solved = lambda slots, among: score(slots, among, outcomes, timeout, args.cores)
    best = sum(any(runs[t][s]['judgement'] in DECIDED for s in singles) for t in tasks)
    print(f'{len(tasks)} tasks, timeout {timeout} s: virtual best of {", ".join(singles)}: {best}')
    if all('default' in runs[t] for t in tasks):
        print(f'measured default: {sum(runs[t]["default"]["judgement"] in DECIDED for t in tasks)}')
    for text in args.list:
        print(f'simulated {text}: {solved(parse_list(text), tasks)}')
    if args.search:
        # Every order of the engines of the first --list (or of the six singles that decide the most), shares
        # for the first three.
        if args.list:
            useful = [e for e, _ in parse_list(args.list[0])]
        else:
            decided = lambda s: sum(outcomes[t][s][0] is not None for t in tasks)
            useful = sorted(singles, key=decided, reverse=True)[:6]
        shares = [(a, b, c) for a in (.1, .2, .4) for b in (.1, .2, .4) for c in (0, .2, .4)]
        candidates = [[(e, sh[i] if i < 3 else 0.0) for i, e in enumerate(order)]
                      for order in itertools.permutations(useful) for sh in shares]
        describe = lambda slots: ','.join(f'{e}@{s:g}' if s else e for e, s in slots)
        halves = [tasks[0::2], tasks[1::2]]
        for i in (0, 1):
            train, test = halves[i], halves[1 - i]
            count, chosen = max(((solved(c, train), c) for c in candidates), key=lambda x: x[0])
            print(f'chosen on half {i}: {describe(chosen)}: {count} there, {solved(chosen, test)} on the other half')
            for text in args.list:
                print(f'  {text} on the other half: {solved(parse_list(text), test)}')
        count, top = max(((solved(c, tasks), c) for c in candidates), key=lambda x: x[0])
        print(f'best on all: {describe(top)}: {count}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
