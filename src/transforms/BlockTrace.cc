// Expansion of encoded traces: a model of the encoded path, then one small search per encoded step.
#include "transforms/BlockTrace.h"

#include <algorithm>
#include <functional>

#include "ir/Instantiate.h"
#include "util/Error.h"

namespace argus::transforms {
namespace {

using namespace ir;

/// The values of `vars` at every position of the encoded trace, from one model; nullopt if none exists.
std::optional<std::vector<std::vector<z3::expr>>> boundaryValues(const Program& encoded, const Trace& trace,
                                                                 const std::vector<VarId>& vars,
                                                                 const smt::SolverConfig& config) {
  Instantiator inst(encoded);
  std::vector<State> states{freshState(encoded, vars)};
  smt::Solver solver(encoded.ctx(), config);
  for (auto& step : trace.steps) {
    INVARIANT(step.kind == TraceStep::Kind::Edge, "block-encoded programs have no calls");
    auto instance = inst.transition(step.edge, states.back());
    solver.add(instance.formula);
    states.push_back(std::move(instance.post));
  }
  if (solver.check() != smt::SatResult::Sat) return std::nullopt;
  std::vector<std::vector<z3::expr>> values;
  for (auto& s : states) {
    values.emplace_back();
    for (VarId v : vars) values.back().push_back(solver.eval(s[v]));
  }
  return values;
}

/// A path of `source` from `from` to `to` over `allowed` edges (internal locations visited once) that
/// leads from the state `before` to the state `after` (any state if `after` is empty).
class SegmentSearch {
 public:
  SegmentSearch(const Program& source, const std::vector<VarId>& vars, const smt::SolverConfig& config)
      : source_(source), vars_(vars), inst_(source), solver_(source.ctx(), config) {}

  std::optional<std::vector<EdgeId>> find(LocId from, LocId to, const std::vector<EdgeId>& allowed,
                                          const std::vector<z3::expr>& before, const std::vector<z3::expr>& after) {
    allowed_ = &allowed;
    to_ = to;
    after_ = &after;
    path_.clear();
    State start = freshState(source_, vars_);
    solver_.push();
    for (size_t i = 0; i < vars_.size(); ++i) solver_.add(start[vars_[i]] == before[i]);
    bool found = extend(from, start);
    solver_.pop();
    if (!found) return std::nullopt;
    return path_;
  }

 private:
  bool extend(LocId at, const State& state) {
    // Edges that mark an unsupported feature last: a real path to the error is worth more.
    std::vector<EdgeId> out;
    for (EdgeId e : source_.loc(at).out)
      if (std::binary_search(allowed_->begin(), allowed_->end(), e)) out.push_back(e);
    std::stable_partition(out.begin(), out.end(), [&](EdgeId e) { return source_.edge(e).unsupported.empty(); });
    for (EdgeId e : out) {
      auto instance = inst_.transition(e, state);
      solver_.push();
      solver_.add(instance.formula);
      path_.push_back(e);
      LocId next = source_.edge(e).to;
      if (next == to_ && !after_->empty())
        for (size_t i = 0; i < vars_.size(); ++i) solver_.add(instance.post[vars_[i]] == (*after_)[i]);
      smt::SatResult r = solver_.check();
      if (r == smt::SatResult::Unknown) throw std::runtime_error("solver unknown");
      if (r == smt::SatResult::Sat && (next == to_ || extend(next, instance.post))) {
        solver_.pop();
        return true;
      }
      path_.pop_back();
      solver_.pop();
    }
    return false;
  }

  const Program& source_;
  const std::vector<VarId>& vars_;
  Instantiator inst_;
  smt::Solver solver_;
  const std::vector<EdgeId>* allowed_ = nullptr;
  LocId to_ = kNone;
  const std::vector<z3::expr>* after_ = nullptr;
  std::vector<EdgeId> path_;
};

}  // namespace

std::optional<ir::Trace> expandTrace(const ir::Program& source, const EncodedProgram& encoded,
                                     const ir::Trace& trace, const smt::SolverConfig& config) {
  const Program& program = *encoded.program;
  std::vector<VarId> vars = program.scope(program.mainProc());
  auto values = boundaryValues(program, trace, vars, config);
  if (!values) return std::nullopt;
  SegmentSearch search(source, vars, config);
  ir::Trace out;
  try {
    for (size_t i = 0; i < trace.steps.size(); ++i) {
      EdgeId e = trace.steps[i].edge;
      if (encoded.sourceEdges[e].empty()) continue;  // the added start edge
      LocId from = encoded.sourceLoc[program.edge(e).from], to = encoded.sourceLoc[program.edge(e).to];
      // At the error location the values do not matter: leaving them open lets the search prefer a
      // path that does not end on an unsupported feature.
      bool last = i + 1 == trace.steps.size();
      auto path = search.find(from, to, encoded.sourceEdges[e], (*values)[i], last ? std::vector<z3::expr>{} : (*values)[i + 1]);
      if (!path) return std::nullopt;
      for (EdgeId s : *path) out.steps.push_back(ir::TraceStep{ir::TraceStep::Kind::Edge, s, {}, {}});
    }
  } catch (const std::runtime_error&) {
    return std::nullopt;
  }
  return out;
}

}  // namespace argus::transforms
