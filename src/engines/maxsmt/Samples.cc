// Forward sampling of reachable states over the cut-point graph (see Samples.h).
#include "engines/maxsmt/Samples.h"

#include <deque>

#include "smt/Terms.h"

namespace argus::engines::maxsmt {

std::map<ir::LocId, std::vector<Sample>> sampleStates(const CutGraph& graph, const smt::SolverConfig& config,
                                                      unsigned perCut, unsigned steps) {
  const auto& ts = graph.system();
  const ir::Program& p = ts.program();
  std::map<ir::LocId, std::vector<Sample>> out;
  struct Item {
    ir::LocId at;
    Sample state;  // empty at the entry: every value free
    unsigned depth;
  };
  std::deque<Item> work{Item{ts.entry(), {}, 0}};
  smt::SolverConfig quick = config;
  quick.queryTimeoutSeconds = 1;
  unsigned budget = 200;  // solver calls in all
  while (!work.empty() && budget > 0) {
    Item item = work.front();
    work.pop_front();
    for (const Block& block : graph.blocks()) {
      if (block.from != item.at || ts.isTerminal(block.to) || out[block.to].size() >= perCut) continue;
      smt::Solver solver(p.ctx(), quick);
      solver.add(block.formula);
      for (auto& [v, value] : item.state)
        solver.add(p.var(v).cur == p.ctx().int_val(value.get_num().get_str().c_str()));
      // Two successors where there are two: the second differs from the first in some variable.
      for (int successor = 0; successor < 2 && budget > 0; ++successor, --budget) {
        if (solver.check() != smt::SatResult::Sat) break;
        Sample next;
        std::vector<z3::expr> same;
        for (ir::VarId v : ts.vars()) {
          if (!p.var(v).cur.is_int()) continue;
          z3::expr value = solver.eval(block.post[v]);
          auto q = numeralValue(value);
          if (!q) continue;
          next[v] = *q;
          same.push_back(block.post[v] == value);
        }
        if (out[block.to].size() < perCut) out[block.to].push_back(next);
        if (item.depth + 1 < steps) work.push_back(Item{block.to, next, item.depth + 1});
        solver.add(!smt::mkAnd(p.ctx(), same));
      }
    }
  }
  return out;
}

}  // namespace argus::engines::maxsmt
