// Forward sampling of reachable states over the cut-point graph (see Samples.h).
#include "engines/maxsmt/Samples.h"

#include <algorithm>
#include <deque>
#include <random>

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
  std::mt19937 random(20151);  // fixed: runs are reproducible
  while (!work.empty() && budget > 0) {
    Item item = work.front();
    work.pop_front();
    for (const Block& block : graph.blocks()) {
      if (block.from != item.at || ts.isTerminal(block.to) || out[block.to].size() >= perCut) continue;
      smt::Solver solver(p.ctx(), quick);
      solver.add(block.formula);
      for (auto& [v, value] : item.state)
        solver.add(p.var(v).cur.is_bool() ? p.var(v).cur == p.ctx().bool_val(value != 0)
                                          : p.var(v).cur == p.ctx().int_val(value.get_num().get_str().c_str()));
      // Two successors where there are two (more from the entry): each differs from the earlier ones in
      // a live variable, and is asked for random small values first (solvers like zeros and extremes;
      // invariants are told apart by ordinary states), taken as it comes when those are out of reach.
      unsigned successors = item.at == ts.entry() ? perCut / 2 : 2;  // the entry's inputs decide most
      for (unsigned successor = 0; successor < successors && budget > 0; ++successor, --budget) {
        const auto& live = graph.templateVars(block.to);
        std::vector<z3::expr> hints;
        for (ir::VarId v : live)
          if (!z3::eq(block.post[v], p.var(v).cur) && block.post[v].is_int()) {
            int bound = static_cast<int>(random() % 17) - 8;
            hints.push_back(random() % 2 ? block.post[v] >= bound : block.post[v] <= bound);
          }
        // A model with the hints if there is one, else any; read before the hints are popped.
        auto read = [&](Sample& next, std::vector<z3::expr>& differ) {
          for (ir::VarId v : ts.vars()) {
            if (!p.var(v).cur.is_int() && !p.var(v).cur.is_bool()) continue;
            z3::expr value = solver.eval(block.post[v]);
            auto q = numeralValue(Linearizer::numeric(value).simplify());  // a Boolean as its 0/1 number
            if (!q) continue;
            next[v] = *q;
            if (std::find(live.begin(), live.end(), v) != live.end()) differ.push_back(block.post[v] != value);
          }
        };
        Sample next;
        std::vector<z3::expr> differ;
        bool found = false;
        // Hints one at a time, each kept while the block stays satisfiable with it.
        unsigned scopes = 0;
        for (const z3::expr& h : hints) {
          solver.push();
          solver.add(h);
          if (solver.check() == smt::SatResult::Sat)
            ++scopes;
          else
            solver.pop();
        }
        if (scopes > 0 && solver.check() == smt::SatResult::Sat) read(next, differ), found = true;
        if (scopes > 0) solver.pop(scopes);
        if (!found && solver.check() == smt::SatResult::Sat) read(next, differ), found = true;
        if (!found) break;
        if (out[block.to].size() < perCut) out[block.to].push_back(next);
        if (item.depth + 1 < steps) work.push_back(Item{block.to, next, item.depth + 1});
        solver.add(smt::mkOr(p.ctx(), differ));  // the next one differs in a live variable
      }
    }
  }
  return out;
}

}  // namespace argus::engines::maxsmt
