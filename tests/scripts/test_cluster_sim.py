#!/usr/bin/env python3
"""scripts/cluster_sim.py replays journal run times over K nodes of C cores with the dispatch policy of
`mpirun argus bench`: on schedules worked by hand (a wide run that waits and holds back the runs behind it,
the longest-first order, the extrapolation of timeouts to a longer limit)."""
import importlib.util
import json
import os
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("cluster_sim", os.path.join(HERE, "..", "..", "scripts", "cluster_sim.py"))
sim = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sim)


def runs(*walls, cores=1):
    return [((f"t{i}", "r"), w, cores, False) for i, w in enumerate(walls)]


class ClusterSim(unittest.TestCase):
    def test_equal_runs_fill_every_core(self):
        self.assertEqual(sim.simulate(runs(10, 10, 10, 10), 1, 2, 0), 20)
        self.assertEqual(sim.simulate(runs(10, 10, 10, 10), 2, 2, 0), 10)
        self.assertEqual(sim.simulate(runs(10, 10, 10, 10), 8, 2, 0), 10)

    def test_a_wide_run_waits_for_its_cores_and_holds_back_the_runs_behind_it(self):
        # a (1 core, 10 s) starts; b needs both cores and waits until 10; c (1 s) is not let past b.
        order = runs(10) + [(("b", "r"), 5, 2, False), (("c", "r"), 1, 1, False)]
        self.assertEqual(sim.simulate(order, 1, 2, 0), 16)

    def test_longest_first_shortens_the_tail(self):
        order = runs(1, 1, 1, 1, 4)
        self.assertEqual(sim.simulate(order, 1, 2, 0), 6)  # the 4-s run starts last, at 2
        self.assertEqual(sim.simulate(sorted(order, key=lambda r: -r[1]), 1, 2, 0), 4)

    def test_the_gap_is_paid_per_run(self):
        self.assertAlmostEqual(sim.simulate(runs(1, 1), 1, 1, 0.5), 3)

    def test_journals_are_read_and_timeouts_extrapolated(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "journal.jsonl")
            with open(path, "w") as f:
                f.write(json.dumps({"timeout": 30, "cores": {"wide": 2}, "tasks": ["a"],
                                    "runs": [{"name": "one"}, {"name": "wide"}]}) + "\n")
                # In the order the runs ended; the bench hands them out in the header's order.
                f.write(json.dumps({"run": "wide", "task": "a", "wall_s": 2.0, "status": 0}) + "\n")
                f.write(json.dumps({"run": "one", "task": "a", "wall_s": 31.5, "status": 1}) + "\n")
                f.write('{"run": "one", "task": "b", "wa')  # the partial line of a killed run
            read, limit = sim.read_journals([path], set())
            self.assertEqual(limit, 30)
            self.assertEqual(read, [(("a", "one"), 31.5, 1, True), (("a", "wide"), 2.0, 2, False)])
            longer = sim.extrapolate(read, limit, 900)
            self.assertEqual([r[1] for r in longer], [901.5, 2.0])
            self.assertEqual(sim.read_journals([path], {"wide"})[0], [(("a", "wide"), 2.0, 2, False)])


if __name__ == "__main__":
    unittest.main()
