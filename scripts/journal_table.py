#!/usr/bin/env python3
"""The table of a measurement taken in several `argus bench` journals (docs/measurements/*/journal.jsonl).

A measurement that outlives its machine may continue in a second journal (the same commit rebuilt, whose
bytes differ, cannot resume the first): this script joins them. A task measured in a later journal is taken
from that journal alone, so that each task's runs come from one binary. It prints, per configuration,
solved / TRUE / FALSE / SV-COMP score / wrong, the virtual best of the configurations named by --singles,
the score on the tasks outside --new (the suite before categories were added), and what `argus validate`
said of the witnesses of --witnesses-of.

  scripts/journal_table.py JOURNAL... --singles bmc,kind,... [--new ssh/,ldv-regression/] [--witnesses-of default]
"""
import argparse
import json
from collections import Counter, defaultdict

CORRECT_TRUE, CORRECT_FALSE, WRONG_TRUE, WRONG_FALSE = 0, 1, 2, 3  # src/cli/bench/Outcome.h
POINTS = {CORRECT_TRUE: 2, CORRECT_FALSE: 1, WRONG_TRUE: -32, WRONG_FALSE: -16}


def load(paths):
    """{task: {run: record}}, later journals replacing earlier ones task by task; the configurations."""
    tasks, names = {}, []
    for path in paths:
        lines = open(path).read().splitlines()
        header = json.loads(lines[0])
        for run in header['runs']:
            if run['name'] not in names:
                names.append(run['name'])
        mine = defaultdict(dict)
        for line in lines[1:]:
            record = json.loads(line)
            mine[record['task']][record['run']] = record
        tasks.update(mine)
    return tasks, names


def row(name, judgements):
    c = Counter(judgements)
    solved = c[CORRECT_TRUE] + c[CORRECT_FALSE]
    score = sum(POINTS.get(j, 0) for j in judgements)
    wrong = c[WRONG_TRUE] + c[WRONG_FALSE]
    return f'| {name} | {solved} | {c[CORRECT_TRUE]} | {c[CORRECT_FALSE]} | {score} | {wrong} |'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('journals', nargs='+')
    parser.add_argument('--singles', default='')
    parser.add_argument('--new', default='', help='comma-separated path parts of the tasks added later')
    parser.add_argument('--witnesses-of', default='')
    args = parser.parse_args()
    tasks, names = load(args.journals)
    complete = {t: runs for t, runs in tasks.items() if all(n in runs for n in names)}
    singles = [s for s in args.singles.split(',') if s]
    new = [part for part in args.new.split(',') if part]
    print(f'{len(complete)} tasks with every configuration ({len(tasks) - len(complete)} incomplete left out)\n')
    print('| configuration | solved | TRUE | FALSE | score | wrong |\n|---|---:|---:|---:|---:|---:|')
    best = lambda runs: max((runs[s]['judgement'] for s in singles),
                            key=lambda j: (j in (CORRECT_TRUE, CORRECT_FALSE), POINTS.get(j, 0)))
    lines = [(n, [runs[n]['judgement'] for runs in complete.values()]) for n in names]
    if singles:
        lines.append(('virtual best of ' + ', '.join(singles), [best(runs) for runs in complete.values()]))
    for name, judgements in lines:
        print(row(name, judgements))
    if new:
        older = {t: runs for t, runs in complete.items() if not any(part in t for part in new)}
        print(f'\nOn the {len(older)} tasks outside {", ".join(new)}:\n')
        print('| configuration | solved | TRUE | FALSE | score | wrong |\n|---|---:|---:|---:|---:|---:|')
        for name in names:
            print(row(name, [runs[name]['judgement'] for runs in older.values()]))
        if singles:
            print(row('virtual best', [best(runs) for runs in older.values()]))
    if singles:
        for name in names:
            if name in singles:
                continue
            missed = [t for t, runs in complete.items()
                      if runs[name]['judgement'] not in (CORRECT_TRUE, CORRECT_FALSE)
                      and best(runs) in (CORRECT_TRUE, CORRECT_FALSE)]
            print(f'\n{name} misses {len(missed)} tasks the virtual best solves: ' + ', '.join(missed))
    if args.witnesses_of:
        said = Counter()
        unconfirmed = []
        for t, runs in complete.items():
            record = runs[args.witnesses_of]
            if record['judgement'] in (CORRECT_TRUE, CORRECT_FALSE):
                said[record.get('witness') or 'none'] += 1
                if record.get('witness') != 'confirmed':
                    unconfirmed.append(t)
        counts = ', '.join(f'{n} {k}' for k, n in said.items())
        print(f'\nwitnesses of {args.witnesses_of} (its solved tasks): {counts}')
        for t in unconfirmed:
            print('  not confirmed:', t)


if __name__ == '__main__':
    main()
