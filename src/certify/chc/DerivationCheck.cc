// From traces to derivations, and their replay.
#include "certify/chc/DerivationCheck.h"

#include "smt/Solver.h"
#include "smt/Terms.h"

namespace argus::certify {
namespace {

/// One clause instance of the derivation tree, children (the premises) in body order.
struct Node {
  uint32_t clause = ir::kNone;
  std::vector<size_t> children;
};

struct Shape {
  std::vector<Node> nodes;  // children before parents, the root (a query) last
  std::string failure;
};

uint32_t clauseOf(const chc::ChcProgram& cp, ir::EdgeId e) {
  return e < cp.encoding.edgeClause.size() ? cp.encoding.edgeClause[e] : ir::kNone;
}

/// Linear encoding: the trace is a chain of clause edges from the entry to the error.
Shape chainShape(const chc::ChcProgram& cp, const ir::Trace& trace) {
  Shape s;
  for (auto& step : trace.steps) {
    uint32_t c = clauseOf(cp, step.edge);
    if (step.kind != ir::TraceStep::Kind::Edge || c == ir::kNone) return {{}, "the trace has a step that is no clause edge"};
    Node n{c, {}};
    if (!s.nodes.empty()) n.children.push_back(s.nodes.size() - 1);
    s.nodes.push_back(n);
  }
  return s;
}

/// Procedure encoding: every activation of a procedure follows one clause; its calls are the premises.
Shape treeShape(const chc::ChcProgram& cp, const ir::Trace& trace) {
  struct Activation {
    Node node;
    ir::EdgeId call = ir::kNone;
    bool finished = false;
  };
  const ir::Program& p = *cp.program;
  Shape s;
  std::vector<Activation> stack(1);
  auto fail = [&](const std::string& why) { return Shape{{}, why}; };
  for (auto& step : trace.steps) {
    Activation& top = stack.back();
    uint32_t c = clauseOf(cp, step.edge);
    if (step.kind == ir::TraceStep::Kind::Return) {
      if (stack.size() < 2 || !top.finished || top.call != step.edge) return fail("a return that matches no finished call");
      s.nodes.push_back(top.node);
      stack.pop_back();
      stack.back().node.children.push_back(s.nodes.size() - 1);
      continue;
    }
    if (c == ir::kNone || top.finished) return fail("a step outside the clause paths of the program");
    if (top.node.clause == ir::kNone) top.node.clause = c;
    if (top.node.clause != c) return fail("an activation that mixes two clauses");
    if (step.kind == ir::TraceStep::Kind::Call) {
      stack.push_back(Activation{{}, step.edge, false});
    } else {
      const ir::Edge& e = p.edge(step.edge);
      top.finished = e.to == p.proc(e.proc).exit || p.isErrorLoc(e.to);
    }
  }
  if (stack.size() != 1 || !stack.back().finished) return fail("the trace ends inside a clause");
  s.nodes.push_back(stack.back().node);
  return s;
}

std::string validateShape(const chc::ChcSystem& sys, const std::vector<Node>& nodes) {
  if (nodes.empty()) return "the trace is empty";
  for (auto& n : nodes) {
    if (n.clause >= sys.clauses.size()) return "a step names no clause";
    const chc::Clause& c = sys.clauses[n.clause];
    if (n.children.size() != c.body.size()) return "a clause instance without a premise for every body predicate";
    for (size_t j = 0; j < c.body.size(); ++j) {
      const chc::Clause& premise = sys.clauses[nodes[n.children[j]].clause];
      if (!premise.head || premise.head->pred != c.body[j].pred) return "a premise that derives the wrong predicate";
    }
  }
  if (!sys.clauses[nodes.back().clause].isQuery()) return "the trace does not end with a query";
  return "";
}

/// A model value without references into the model (arrays as store chains over a constant array).
z3::expr concreteValue(const z3::model& model, const z3::expr& value) {
  if (!value.is_app() || value.decl().decl_kind() != Z3_OP_AS_ARRAY) return value;
  z3::context& ctx = value.ctx();
  z3::func_decl f(ctx, Z3_get_as_array_func_decl(ctx, value));
  if (!model.has_interp(f) || f.arity() != 1) return value;
  z3::func_interp fi = model.get_func_interp(f);
  z3::expr out = z3::const_array(f.domain(0), concreteValue(model, fi.else_value()));
  for (unsigned i = 0; i < fi.num_entries(); ++i)
    out = z3::store(out, concreteValue(model, fi.entry(i).arg(0)), concreteValue(model, fi.entry(i).value()));
  return out;
}

/// A ground formula is true: by simplification, or else by a fresh solver.
/// Whether a closed formula holds: Unsat (its negation has no model: it holds), Sat, or Unknown.
smt::SatResult negationOf(const z3::expr& e, double timeoutSeconds) {
  z3::expr s = e.simplify();
  if (s.is_true() || s.is_false()) return s.is_true() ? smt::SatResult::Unsat : smt::SatResult::Sat;
  smt::SolverConfig config;
  config.name = "chc-derivation-replay";
  config.queryTimeoutSeconds = timeoutSeconds;
  return smt::checkSat(e.ctx(), {!s}, config);
}

/// Nothing when `e` holds; otherwise `failure` refuted, or undecided when the solver could not decide.
std::optional<CheckOutcome> require(const z3::expr& e, double timeoutSeconds, const std::string& failure) {
  switch (negationOf(e, timeoutSeconds)) {
    case smt::SatResult::Unsat: return std::nullopt;
    case smt::SatResult::Sat: return CheckOutcome::refute(failure);
    case smt::SatResult::Unknown: break;
  }
  return CheckOutcome::undecided("the solver could not decide whether " + failure);
}

}  // namespace

DerivationOutcome chcDerivationFromTrace(const chc::ChcSystem& sys, const chc::ChcProgram& cp, const ir::Trace& trace,
                                         double timeoutSeconds) {
  Shape shape = cp.encoding.linear ? chainShape(cp, trace) : treeShape(cp, trace);
  if (shape.failure.empty()) shape.failure = validateShape(sys, shape.nodes);
  if (!shape.failure.empty()) return {std::nullopt, shape.failure};
  z3::context& ctx = *sys.ctx;
  smt::SolverConfig config;
  config.name = "chc-derivation";
  config.queryTimeoutSeconds = timeoutSeconds;
  smt::Solver solver(ctx, config);
  std::vector<std::vector<z3::expr>> copies;
  auto inNode = [&](size_t k, const z3::expr& e) {
    return smt::substitute(e, sys.clauses[shape.nodes[k].clause].vars, copies[k]);
  };
  for (size_t k = 0; k < shape.nodes.size(); ++k) {
    const chc::Clause& c = sys.clauses[shape.nodes[k].clause];
    std::vector<z3::expr> copy;
    for (size_t i = 0; i < c.vars.size(); ++i) copy.push_back(smt::freshConst(ctx, c.varNames[i], c.vars[i].get_sort()));
    copies.push_back(std::move(copy));
    solver.add(inNode(k, c.constraint));
    for (size_t j = 0; j < c.body.size(); ++j) {
      size_t child = shape.nodes[k].children[j];
      const chc::Clause& premise = sys.clauses[shape.nodes[child].clause];
      for (size_t i = 0; i < c.body[j].args.size(); ++i)
        solver.add(inNode(child, premise.head->args[i]) == inNode(k, c.body[j].args[i]));
    }
  }
  smt::SatResult r = solver.check();
  if (r == smt::SatResult::Unsat) return {std::nullopt, "the clause instances along the trace are unsatisfiable", true};
  if (r != smt::SatResult::Sat) return {std::nullopt, "cannot solve the clause instances: " + solver.reasonUnknown()};
  z3::model model = solver.model();
  chc::ChcDerivation d;
  for (size_t k = 0; k < shape.nodes.size(); ++k) {
    chc::DerivationStep step{shape.nodes[k].clause, {}, shape.nodes[k].children};
    for (auto& v : copies[k]) step.values.push_back(concreteValue(model, model.eval(v, true)));
    d.steps.push_back(std::move(step));
  }
  return {std::move(d), ""};
}

CheckOutcome checkChcDerivation(const chc::ChcSystem& sys, const chc::ChcDerivation& d, double timeoutSeconds) {
  auto refute = [](std::string why) { return CheckOutcome::refute(std::move(why)); };
  if (d.steps.empty()) return refute("the derivation is empty");
  for (size_t k = 0; k < d.steps.size(); ++k) {
    const chc::DerivationStep& s = d.steps[k];
    std::string where = "step " + std::to_string(k);
    if (s.clause >= sys.clauses.size()) return refute(where + " names no clause");
    const chc::Clause& c = sys.clauses[s.clause];
    where += " (clause " + std::to_string(s.clause) + ", line " + std::to_string(c.line) + ")";
    if (s.values.size() != c.vars.size() || s.premises.size() != c.body.size())
      return refute(where + " has the wrong number of values or premises");
    for (size_t i = 0; i < s.values.size(); ++i)
      if (!smt::freeConstants(s.values[i]).empty() || !z3::eq(s.values[i].get_sort(), c.vars[i].get_sort()))
        return refute(where + ": the value of " + c.varNames[i] + " is no constant of its sort");
    for (size_t j = 0; j < c.body.size(); ++j) {
      size_t p = s.premises[j];
      if (p >= k) return refute(where + " uses a premise that is not derived before it");
      const chc::Clause& pc = sys.clauses[d.steps[p].clause];
      if (!pc.head || pc.head->pred != c.body[j].pred)
        return refute(where + ": premise " + std::to_string(p) + " derives another predicate");
      for (size_t i = 0; i < c.body[j].args.size(); ++i) {
        z3::expr derived = smt::substitute(pc.head->args[i], pc.vars, d.steps[p].values);
        z3::expr used = smt::substitute(c.body[j].args[i], c.vars, s.values);
        if (auto bad = require(derived == used, timeoutSeconds,
                               where + ": argument " + std::to_string(i) + " differs from what step " +
                                   std::to_string(p) + " derived"))
          return *bad;
      }
    }
    if (auto bad = require(smt::substitute(c.constraint, c.vars, s.values), timeoutSeconds,
                           where + ": the values violate the constraint"))
      return *bad;
  }
  if (!sys.clauses[d.steps.back().clause].isQuery()) return refute("the derivation does not end with a query");
  return CheckOutcome::accept("derivation of false with " + std::to_string(d.steps.size()) + " clause instances replayed");
}

}  // namespace argus::certify
