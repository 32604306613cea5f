#!/usr/bin/env python3
"""How long would a benchmark take on a cluster? Replays the runs of `argus bench` journals over K nodes of
C cores with the dispatch policy of `mpirun argus bench` (src/cli/bench/Distributed.cc): the runs are handed
out in one order, each to the node with the most free cores that has the cores it takes (a --cores share; 1
otherwise), and a run that finds no such node waits, with every run behind it, until one frees up. Prints the
makespan and the efficiency (the cores' busy time over K * C * makespan) per K, for the runs in journal order
(what `argus bench` does without --longest-first) and from the longest down (with --longest-first and a
journal that knows every run's time).

  scripts/cluster_sim.py JOURNAL... [--nodes 1,8,64,256] [--cores 2] [--only NAME,...]
                         [--timeout S] [--gap S] [--measured S]

Several journals are joined (a later one's run of a task replaces an earlier one's). --timeout S: the runs
that hit the journal's time limit are taken to run S seconds instead (plus what they overran the limit by):
an upper bound for a longer limit, since some of them would end sooner; every other run keeps its time (it
ended before the journal's limit, so it ends the same under a longer one). --gap S: the time between a run's
end and the next run's start on that core (the coordinator's answer; default 0.01). --measured S: a measured
wall time to set beside the prediction for the smallest K.
"""
import argparse
import heapq
import json
import sys

STATUS_TIMEOUT = 1  # Status::Timeout in src/cli/bench/Outcome.h, as journals store it


def read_journals(paths, only):
    """The runs as (key, wall seconds, cores it takes, timed out) in the order `argus bench` hands them out
    (task by task as the header lists them, each task's configurations in turn; a journal's lines are in the
    order the runs ended), and the journals' time limit."""
    runs, rank, limit = {}, {}, None
    for path in paths:
        with open(path) as f:
            header = json.loads(f.readline())
            cores = header.get("cores", {})
            limit = header["timeout"] if limit is None else max(limit, header["timeout"])
            names = [r["name"] for r in header.get("runs", [])]
            for t, task in enumerate(header.get("tasks", [])):
                for n, name in enumerate(names):
                    rank.setdefault((task, name), (paths.index(path), t, n))
            for line in f:
                try:
                    r = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a partial last line of a run that was killed
                if only and r["run"] not in only:
                    continue
                runs[(r["task"], r["run"])] = (r["wall_s"], cores.get(r["run"], 1), r["status"] == STATUS_TIMEOUT)
    order = sorted(runs, key=lambda key: rank.get(key, (len(paths), 0, 0)))
    return [(key, *runs[key]) for key in order], limit


def extrapolate(runs, journal_limit, new_limit):
    """Each run that timed out runs to the new limit, with the overrun past the old one kept."""
    out = []
    for key, wall, cores, timed_out in runs:
        if timed_out:
            wall = new_limit + max(0.0, wall - journal_limit)
        out.append((key, wall, cores, timed_out))
    return out


def simulate(runs, nodes, cores_per_node, gap):
    """Makespan of the runs, in the given order, on `nodes` nodes of `cores_per_node` cores."""
    free = [cores_per_node] * nodes
    ending = []  # (time, node, cores)
    now = 0.0
    makespan = 0.0
    for _, wall, cores, _ in runs:
        cores = min(cores, cores_per_node)
        while ending and ending[0][0] <= now:  # the runs that ended by now, as the coordinator has heard
            _, node, c = heapq.heappop(ending)
            free[node] += c
        while True:
            best = max(range(nodes), key=lambda n: (free[n], -n))
            if free[best] >= cores:
                break
            # Nothing fits: wait for the next run to end (and for every run that ends at the same time).
            t, node, c = heapq.heappop(ending)
            now = max(now, t)
            free[node] += c
        free[best] -= cores
        end = now + wall + gap
        heapq.heappush(ending, (end, best, cores))
        makespan = max(makespan, end)
    return makespan


def clock(seconds):
    h, rest = divmod(int(round(seconds)), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02}:{s:02}"


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("journals", nargs="+")
    p.add_argument("--nodes", default="1,2,4,8,16,32,64,128,256")
    p.add_argument("--cores", type=int, default=2)
    p.add_argument("--only", default="", help="configurations to keep (comma-separated names)")
    p.add_argument("--timeout", type=float, help="extrapolate the runs that timed out to this limit")
    p.add_argument("--gap", type=float, default=0.01)
    p.add_argument("--measured", type=float, help="a measured wall time for the smallest K")
    a = p.parse_args(argv)
    only = set(filter(None, a.only.split(",")))
    runs, limit = read_journals(a.journals, only)
    if not runs:
        sys.exit("cluster_sim: no runs in the journals")
    timed_out = sum(1 for r in runs if r[3])
    print(f"{len(runs)} runs, {timed_out} of them into the journals' limit of {limit:g} s")
    if a.timeout:
        runs = extrapolate(runs, limit, a.timeout)
        print(f"extrapolated to {a.timeout:g} s: each run that timed out at {limit:g} s takes the whole {a.timeout:g} s "
              f"(an upper bound); the others keep their times")
    busy = sum(wall * min(cores, a.cores) for _, wall, cores, _ in runs)
    print(f"busy core time: {busy / 3600:.2f} h; longest run {max(r[1] for r in runs):.0f} s\n")
    longest = sorted(runs, key=lambda r: -r[1])
    print(f"| nodes x cores | makespan, journal order | efficiency | makespan, longest first | efficiency |")
    print(f"|---|---|---|---|---|")
    nodes = [int(k) for k in a.nodes.split(",")]
    predictions = {}
    for k in nodes:
        row = []
        for order in (runs, longest):
            m = simulate(order, k, a.cores, a.gap)
            row += [f"{clock(m)} ({m:.0f} s)", f"{busy / (k * a.cores * m):.0%}"]
            predictions.setdefault(k, m)
        print(f"| {k} x {a.cores} | " + " | ".join(row) + " |")
    if a.measured:
        k = min(nodes)
        print(f"\nK = {k}, journal order: predicted {predictions[k]:.1f} s, measured {a.measured:.1f} s "
              f"({(predictions[k] - a.measured) / a.measured:+.1%})")


if __name__ == "__main__":
    main(sys.argv[1:])
