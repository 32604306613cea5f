#!/usr/bin/env python3
"""scripts/journal_table.py joins the journals of one measurement task by task (a later journal's task
replaces the earlier one's, all its runs together) and counts solved tasks, SV-COMP points, wrong answers,
the virtual best and the witnesses as the bench's judgements say."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, '..', '..', 'scripts', 'journal_table.py')


def journal(folder, name, records):
    tasks = sorted({r['task'] for r in records})
    header = {'runs': [{'name': 'default'}, {'name': 'a'}, {'name': 'b'}], 'tasks': tasks}
    path = os.path.join(folder, name)
    with open(path, 'w') as out:
        out.write(json.dumps(header) + '\n')
        for r in records:
            out.write(json.dumps(r) + '\n')
    return path


def rec(task, run, judgement, witness=''):
    return {'task': task, 'run': run, 'judgement': judgement, 'witness': witness}


def row(text, name):
    line = next(l for l in text.splitlines() if l.startswith(f'| {name} |'))
    return [int(x) for x in line.strip('|').split('|')[1:]]


class Table(unittest.TestCase):
    def test_a_later_journal_replaces_a_task_and_the_table_counts_points(self):
        with tempfile.TemporaryDirectory() as folder:
            first = journal(folder, 'first.jsonl', [
                rec('x/t1', 'default', 0, 'confirmed'), rec('x/t1', 'a', 0), rec('x/t1', 'b', 5),
                rec('x/t2', 'default', 6), rec('x/t2', 'a', 1),  # t2 lacks b: incomplete here
                rec('new/t3', 'default', 3), rec('new/t3', 'a', 6), rec('new/t3', 'b', 1)])
            rest = journal(folder, 'rest.jsonl', [
                rec('x/t2', 'default', 1, 'unconfirmed'), rec('x/t2', 'a', 6), rec('x/t2', 'b', 6)])
            out = subprocess.run([sys.executable, SCRIPT, first, rest, '--singles', 'a,b', '--new', 'new/',
                                  '--witnesses-of', 'default'], capture_output=True, text=True, check=True).stdout
        self.assertIn('3 tasks with every configuration', out)
        # default: t1 TRUE (2), t2 FALSE from the later journal (1), t3 a wrong FALSE (-16).
        self.assertEqual(row(out, 'default'), [2, 1, 1, -13, 1])
        # a: t1 TRUE only (its t2 FALSE of the first journal was replaced by a timeout).
        self.assertEqual(row(out, 'a'), [1, 1, 0, 2, 0])
        # The virtual best of a and b: t1 from a, t3 from b.
        self.assertEqual(row(out, 'virtual best of a, b'), [2, 1, 1, 3, 0])
        # Outside new/: t1 and t2.
        older = out[out.index('On the 2 tasks'):]
        self.assertEqual(row(older, 'default'), [2, 1, 1, 3, 0])
        self.assertIn('1 confirmed, 1 unconfirmed', out)
        self.assertIn('not confirmed: x/t2', out)


if __name__ == '__main__':
    unittest.main()
