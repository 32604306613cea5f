#!/usr/bin/env python3
"""scripts/portfolio_sim.py schedules an engine list as src/portfolio's runParallel does: list order, a share
stops an engine, an engine that ends undecided hands its core on, the first decided engine wins in time."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, '..', '..', 'scripts', 'portfolio_sim.py')
sys.path.insert(0, os.path.dirname(SCRIPT))
import portfolio_sim as sim  # noqa: E402

TIMEOUT = 10.0


def run(decided=None, ended=None):
    if decided is not None:
        return {'judgement': 0, 'wall_s': decided}
    return {'judgement': 5, 'wall_s': ended if ended is not None else TIMEOUT + 0.1}


def outcomes(**runs):
    return {e: sim.outcome(r, TIMEOUT, 1.0) for e, r in runs.items()}


class Schedule(unittest.TestCase):
    def test_a_share_stops_an_engine_before_its_answer(self):
        oc = outcomes(a=run(decided=3.0), b=run())
        self.assertIsNone(sim.simulate([('a', 0.2), ('b', 0)], oc, TIMEOUT, 1))
        self.assertAlmostEqual(sim.simulate([('a', 0.4), ('b', 0)], oc, TIMEOUT, 1), 3.0)

    def test_the_next_engine_starts_when_a_share_passes_or_an_engine_ends(self):
        oc = outcomes(a=run(), b=run(ended=1.0), c=run(decided=5.0))
        # Two cores: a keeps one to the end, b ends at 1 s and c decides at 1 + 5 s.
        self.assertAlmostEqual(sim.simulate([('a', 0), ('b', 0), ('c', 0)], oc, TIMEOUT, 2), 6.0)
        # One core: a keeps it to the end and c never starts.
        self.assertIsNone(sim.simulate([('a', 0), ('b', 0), ('c', 0)], oc, TIMEOUT, 1))
        # a@0.3 gives it up at 3 s, b ends at 4 s, c decides at 9 s; after a@0.5 c would need until 11 s.
        self.assertAlmostEqual(sim.simulate([('a', 0.3), ('b', 0), ('c', 0)], oc, TIMEOUT, 1), 9.0)
        self.assertIsNone(sim.simulate([('a', 0.5), ('b', 0), ('c', 0)], oc, TIMEOUT, 1))
        self.assertAlmostEqual(sim.simulate([('b', 0), ('c', 0), ('a', 0)], oc, TIMEOUT, 1), 6.0)

    def test_an_answer_after_the_timeout_does_not_count(self):
        oc = outcomes(a=run(decided=6.0))
        self.assertIsNone(sim.simulate([('a', 0)], {e: (d * 2, x) for e, (d, x) in oc.items()}, TIMEOUT, 1))

    def test_engine_lists_are_read_as_the_engine_option_writes_them(self):
        self.assertEqual(sim.parse_list('kind@0.2, recmc'), [('kind', 0.2), ('recmc', 0.0)])

    def test_the_script_reads_a_journal_and_scores_a_list(self):
        header = {'timeout': TIMEOUT, 'runs': [{'name': 'default'}, {'name': 'a'}, {'name': 'b'}]}
        rows = [('t1', 'a', run(decided=1.0)), ('t1', 'b', run()), ('t1', 'default', run(decided=1.2)),
                ('t2', 'a', run()), ('t2', 'b', run(decided=4.0)), ('t2', 'default', run())]
        with tempfile.NamedTemporaryFile('w', suffix='.jsonl', delete=False) as f:
            f.write(json.dumps(header) + '\n')
            for task, name, r in rows:
                f.write(json.dumps(dict(r, task=task, run=name)) + '\n')
        try:
            out = subprocess.run([sys.executable, SCRIPT, f.name, '--list', 'a@0.2,b', '--list', 'b,a',
                                  '--cores', '1', '--slowdown', '1'], capture_output=True, text=True, check=True)
        finally:
            os.unlink(f.name)
        self.assertIn('virtual best of a, b: 2', out.stdout)
        self.assertIn('measured default: 1', out.stdout)
        self.assertIn('simulated a@0.2,b: 2', out.stdout)  # a decides t1 at 1 s, b t2 at 2 + 4 s
        self.assertIn('simulated b,a: 1', out.stdout)      # b keeps the only core on t1


if __name__ == '__main__':
    unittest.main()
