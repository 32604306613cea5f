// Blocks between cut points, their cubes, and the components of the cut-point graph.
#include "engines/maxsmt/CutGraph.h"

#include <algorithm>
#include <functional>
#include <set>

#include "ir/Liveness.h"
#include "smt/Implicant.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::engines::maxsmt {
namespace {

/// Rows with a constant this large are range conditions of machine integers (no overflow, nondet values
/// in range), which invariants over mathematical integers do not need.
const mpq_class kMachineBound(1 << 30);

}  // namespace

CutGraph::CutGraph(const transforms::CutPointSystem& ts, Linearizer& linear, const smt::SolverConfig& config,
                   CutGraphLimits limits)
    : ts_(&ts), linear_(&linear), config_(config), limits_(limits), inst_(ts.program()) {
  const ir::Program& p = ts.program();
  into_.assign(p.numLocs(), {});
  for (ir::LocId cut : ts.cutPoints())
    if (!ts.isTerminal(cut)) enumerateBlocks(cut);
  findComponents();
  findTemplateVars();
}

std::vector<ir::LocId> CutGraph::members(int component) const {
  std::vector<ir::LocId> out;
  for (ir::LocId cut : ts_->cutPoints())
    if (component_.at(cut) == component) out.push_back(cut);
  return out;
}

void CutGraph::enumerateBlocks(ir::LocId cut) {
  const ir::Program& p = ts_->program();
  z3::context& ctx = p.ctx();
  struct Path {
    std::vector<z3::expr> formulas;
    ir::State post;
  };
  std::map<ir::LocId, std::vector<Path>> byTarget;
  size_t paths = 0;
  std::function<void(ir::LocId, const ir::State&, std::vector<z3::expr>&)> walk =
      [&](ir::LocId l, const ir::State& state, std::vector<z3::expr>& formulas) {
        for (ir::EdgeId e : p.loc(l).out) {
          if (!ts_->isStepEdge(e)) continue;
          const ir::Edge& edge = p.edge(e);
          if (edge.isCall()) throw UnsupportedError("maxsmt: a call edge after inlining");
          ir::EdgeInstance step = inst_.transition(e, state);
          formulas.push_back(step.formula);
          if (ts_->isCut(edge.to)) {
            if (++paths > limits_.maxPathsPerCut)
              throw UnsupportedError("maxsmt: more than " + std::to_string(limits_.maxPathsPerCut) +
                                     " paths leave cut point " + p.loc(cut).name);
            byTarget[edge.to].push_back(Path{formulas, step.post});
          } else {
            walk(edge.to, step.post, formulas);
          }
          formulas.pop_back();
        }
      };
  ir::State start = ir::currentState(p, ts_->vars());
  std::vector<z3::expr> formulas;
  walk(cut, start, formulas);

  for (auto& [target, list] : byTarget) {
    Block block{cut, target, ctx.bool_val(false), start, {}, {}};
    // A variable no path writes keeps its `cur` constant after the block; the others get one fresh
    // constant per block, equal to the path's last term on each path.
    for (ir::VarId v : ts_->vars()) {
      bool written = std::any_of(list.begin(), list.end(),
                                 [&](const Path& path) { return !z3::eq(path.post[v], start[v]); });
      if (written) block.post[v] = smt::freshConst(ctx, p.var(v).name + "'", start[v].get_sort());
    }
    std::vector<z3::expr> disjuncts;
    for (const Path& path : list) {
      std::vector<z3::expr> parts = path.formulas;
      for (ir::VarId v : ts_->vars())
        if (!z3::eq(block.post[v], start[v])) parts.push_back(block.post[v] == path.post[v]);
      disjuncts.push_back(smt::mkAnd(ctx, parts));
    }
    block.formula = smt::mkOr(ctx, disjuncts);
    std::set<unsigned> named;
    for (ir::VarId v : ts_->vars()) named.insert(start[v].id()), named.insert(block.post[v].id());
    for (const z3::expr& c : smt::freeConstants(block.formula))
      if (!named.count(c.id())) block.auxiliaries.push_back(c);
    auto cubes = cubesOf(block.formula);
    if (!cubes)
      throw UnsupportedError("maxsmt: the block from " + p.loc(cut).name + " to " + p.loc(target).name +
                             " has too many linear cubes (or the solver could not enumerate them)");
    block.cubes = std::move(*cubes);
    into_[target].push_back(blocks_.size());
    blocks_.push_back(std::move(block));
  }
}

void CutGraph::restrictBlocks(const std::map<ir::LocId, z3::expr>& facts) {
  for (Block& block : blocks_) {
    auto fact = facts.find(block.from);
    if (fact == facts.end()) continue;
    if (auto cubes = cubesOf(fact->second && block.formula)) block.cubes = std::move(*cubes);
  }
}

std::optional<std::vector<Cube>> CutGraph::cubesOf(const z3::expr& formula) const {
  std::vector<Cube> out;
  smt::Solver solver(formula.ctx(), config_);
  solver.add(formula);
  while (true) {
    smt::SatResult r = solver.check();
    if (r == smt::SatResult::Unsat) return out;
    if (r == smt::SatResult::Unknown || out.size() >= limits_.maxCubesPerFormula) return std::nullopt;
    z3::model model = solver.model();
    auto implicant = smt::modelImplicant(formula, model);
    if (!implicant) return std::nullopt;
    Cube cube;
    for (const z3::expr& literal : *implicant)
      if (auto rows = linear_->literal(literal))
        for (const LinearRow& row : *rows)
          if (!limits_.dropMachineBounds || abs(row.expr.constant) < kMachineBound) cube.push_back(row);
    out.push_back(std::move(cube));
    solver.add(!smt::mkAnd(formula.ctx(), *implicant));
  }
}

void CutGraph::findComponents() {
  // Tarjan's algorithm over the reachable cut points.
  const ir::Program& p = ts_->program();
  std::vector<std::vector<ir::LocId>> succ(p.numLocs());
  for (const Block& b : blocks_) succ[b.from].push_back(b.to);
  component_.assign(p.numLocs(), -1);
  std::vector<int> index(p.numLocs(), -1), low(p.numLocs(), 0);
  std::vector<bool> onStack(p.numLocs(), false);
  std::vector<ir::LocId> stack;
  int counter = 0, components = 0;
  std::function<void(ir::LocId)> visit = [&](ir::LocId v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    onStack[v] = true;
    for (ir::LocId w : succ[v]) {
      if (index[w] < 0) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (onStack[w]) {
        low[v] = std::min(low[v], index[w]);
      }
    }
    if (low[v] == index[v]) {
      ir::LocId w;
      do {
        w = stack.back();
        stack.pop_back();
        onStack[w] = false;
        component_[w] = components;
      } while (w != v);
      ++components;
    }
  };
  for (ir::LocId cut : ts_->cutPoints())
    if (index[cut] < 0) visit(cut);
  loop_.assign(components, false);
  for (const Block& b : blocks_)
    if (component_[b.from] == component_[b.to]) loop_[component_[b.from]] = true;
}

void CutGraph::findTemplateVars() {
  const ir::Program& p = ts_->program();
  ir::Liveness liveness(p, inst_);
  templateVars_.assign(p.numLocs(), {});
  for (ir::LocId cut : ts_->cutPoints())
    for (ir::VarId v : ts_->vars())
      if ((p.var(v).cur.is_int() || p.var(v).cur.is_bool()) && liveness.live(cut, v))
        templateVars_[cut].push_back(v);
}

}  // namespace argus::engines::maxsmt
