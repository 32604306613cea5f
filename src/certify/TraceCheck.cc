// The trace checker: the trace's shape is walked against the CFAs (calls and returns matched on a
// stack), then its path formula is rebuilt step by step with certify's own SSA states and decided, by
// running the path where it is deterministic (modelByRunning) and otherwise by a fresh solver; the model
// supplies the values, the nondet inputs and the initial state.
#include <fmt/format.h>

#include <optional>
#include <set>
#include <unordered_set>

#include "certify/Checks.h"
#include "ir/Instantiate.h"
#include "smt/Implicant.h"
#include "smt/TermWalk.h"
#include "smt/Terms.h"

namespace argus::certify {
namespace {

using Kind = ir::TraceStep::Kind;

const char* kindName(Kind k) { return k == Kind::Edge ? "edge" : k == Kind::Call ? "call" : "return"; }

/// Why the trace's steps do not form a path from main's entry to an error location; nothing if they do.
std::optional<std::string> shapeError(const ir::Program& p, const ir::Trace& trace) {
  if (trace.steps.empty()) return "the trace has no steps";
  struct Frame {
    ir::ProcId proc;
    ir::EdgeId call;
  };
  std::vector<Frame> stack{{p.mainProc(), ir::kNone}};
  ir::LocId at = p.proc(p.mainProc()).entry;
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    const ir::TraceStep& step = trace.steps[i];
    std::string where = fmt::format("step {} ({})", i, kindName(step.kind));
    if (step.edge >= p.numEdges()) return where + " names no edge of the program";
    const ir::Edge& e = p.edge(step.edge);
    const ir::Procedure& current = p.proc(stack.back().proc);
    if (at == current.error) return where + " continues after an error location was reached";
    if (step.kind == Kind::Return) {
      if (stack.size() == 1) return where + ": return without a call";
      if (at != current.exit) return where + ": return before the callee reached its exit";
      if (step.edge != stack.back().call) return where + ": returns through another call edge than it entered";
      stack.pop_back();
      at = e.to;
      continue;
    }
    if (at == current.exit) return where + " leaves the exit of " + current.name;
    if (e.from != at)
      return where + ": " + describeEdge(p, e.id) + " does not leave the current location " + describeLocation(p, at);
    if (e.isCall() != (step.kind == Kind::Call)) return where + ": step kind does not match the edge kind";
    if (step.kind == Kind::Call) {
      stack.push_back({e.callee, e.id});
      at = p.proc(e.callee).entry;
    } else {
      at = e.to;
    }
  }
  if (!p.isErrorLoc(at)) return "the trace ends at " + describeLocation(p, at) + ", not at an error location";
  return std::nullopt;
}

/// The trace's path formula with one guard literal per step, and the terms to evaluate on success.
struct PathFormula {
  std::vector<z3::expr> guards;                                      // guard i => step i's constraint
  std::vector<z3::expr> constraints;
  std::vector<std::vector<std::pair<ir::VarId, z3::expr>>> written;  // per step
  std::vector<std::vector<z3::expr>> inputs;                         // per step
  std::unordered_map<unsigned, ir::VarId> regionStates;              // C: terms of region arrays → array
  ir::State initial;
  ir::State final;
  explicit PathFormula(const ir::Program& p) : initial(p), final(p) {}
};

ir::State enterCallee(const ir::Program& p, const ir::Edge& call, const ir::State& caller,
                      const std::vector<z3::expr>& args) {
  const ir::Procedure& callee = p.proc(call.callee);
  ir::State s = caller;  // globals flow in
  for (size_t i = 0; i < args.size(); ++i) s[callee.params[i]] = args[i];
  for (const auto* vars : {&callee.results, &callee.locals})
    for (ir::VarId v : *vars) s[v] = smt::freshConst(p.ctx(), p.var(v).name, p.var(v).cur.get_sort());
  return s;
}

PathFormula buildPathFormula(const ir::Program& p, const ir::Trace& trace) {
  z3::context& ctx = p.ctx();
  ir::Instantiator inst(p);
  PathFormula f(p);
  f.initial = ir::freshState(p, p.scope(p.mainProc()));
  ir::State cur = f.initial;
  for (const ir::MemoryRegion& region : p.origin().regions) f.regionStates.emplace(f.initial[region.array].id(), region.array);
  auto noteRegionStates = [&](const ir::State& state) {
    for (const ir::MemoryRegion& region : p.origin().regions) f.regionStates.emplace(state[region.array].id(), region.array);
  };
  std::vector<ir::State> callers;
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    const ir::TraceStep& step = trace.steps[i];
    const ir::Edge& e = p.edge(step.edge);
    f.guards.push_back(smt::freshConst(ctx, "certify!step" + std::to_string(i), ctx.bool_sort()));
    z3::expr constraint = ctx.bool_val(true);
    std::vector<std::pair<ir::VarId, z3::expr>> written;
    std::vector<z3::expr> inputs;
    if (step.kind == Kind::Edge) {
      ir::EdgeInstance ei = inst.transition(e.id, cur);
      constraint = ei.formula;
      for (ir::VarId w : e.writes) written.emplace_back(w, ei.post[w]);
      inputs = ei.inputTerms;
      cur = ei.post;
    } else if (step.kind == Kind::Call) {
      std::vector<z3::expr> args = inst.callArgs(e.id, cur);
      callers.push_back(cur);
      cur = enterCallee(p, e, cur, args);
      for (size_t a = 0; a < args.size(); ++a) written.emplace_back(p.proc(e.callee).params[a], args[a]);
    } else {
      const ir::State before = callers.back();
      callers.pop_back();
      ir::State back = before;
      // Globals come back from the callee, then the results are assigned (a result may be a global).
      for (ir::VarId g : p.globals()) back[g] = cur[g];
      for (size_t r = 0; r < e.results.size(); ++r) back[e.results[r]] = cur[p.proc(e.callee).results[r]];
      // Reported: the results, and the globals the callee changed.
      for (ir::VarId v : p.callWrites(e))
        if (!z3::eq(back[v], before[v])) written.emplace_back(v, back[v]);
      cur = back;
    }
    noteRegionStates(cur);
    f.constraints.push_back(z3::implies(f.guards.back(), constraint));
    f.written.push_back(std::move(written));
    f.inputs.push_back(std::move(inputs));
  }
  f.final = cur;
  return f;
}

/// The highest step in an unsat core: the first step that contradicts what came before it.
size_t conflictingStep(const std::vector<z3::expr>& guards, const std::vector<z3::expr>& core) {
  size_t last = 0;
  for (auto& c : core)
    for (size_t i = 0; i < guards.size(); ++i)
      if (z3::eq(c, guards[i])) last = std::max(last, i);
  return last;
}

/// The array a term of region memory descends from (through stores and conditionals), if any.
std::optional<ir::VarId> regionOf(const PathFormula& f, z3::expr array) {
  while (true) {
    if (auto it = f.regionStates.find(array.id()); it != f.regionStates.end()) return it->second;
    if (!array.is_app()) return std::nullopt;
    Z3_decl_kind kind = array.decl().decl_kind();
    if (kind == Z3_OP_STORE) {
      array = array.arg(0);
    } else if (kind == Z3_OP_ITE) {
      array = array.arg(1);
    } else {
      return std::nullopt;
    }
  }
}

/// Every address the path formula reads from region memory, with the region's initial contents there.
std::vector<ir::Trace::MemoryRead> memoryReads(const PathFormula& f, const z3::model& m) {
  std::vector<ir::Trace::MemoryRead> reads;
  if (f.regionStates.empty()) return reads;
  std::set<std::pair<ir::VarId, unsigned>> seen;  // (region, address term id)
  for (const z3::expr& constraint : f.constraints)
    smt::anySubterm(constraint, [&](const z3::expr& e) {
      if (!e.is_app() || e.decl().decl_kind() != Z3_OP_SELECT) return false;
      std::optional<ir::VarId> region = regionOf(f, e.arg(0));
      if (!region) return false;
      z3::expr address = m.eval(e.arg(1), true);
      if (!seen.insert({*region, address.id()}).second) return false;
      reads.push_back({*region, address, m.eval(z3::select(f.initial[*region], address), true)});
      return false;
    });
  return reads;
}

void fillFromModel(const ir::Program& p, const PathFormula& f, const z3::model& m, ir::Trace& trace) {
  trace.context = p.sharedCtx();  // the values are terms of the program's context
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    auto& step = trace.steps[i];
    step.values.clear();
    step.inputs.clear();
    for (auto& [v, term] : f.written[i]) step.values.emplace_back(v, m.eval(term, true));
    for (auto& term : f.inputs[i]) step.inputs.push_back(m.eval(term, true));
  }
  // The initial values that matter are those the path formula mentions.
  std::unordered_set<unsigned> mentioned;
  for (auto& c : f.constraints)
    for (auto& k : smt::freeConstants(c)) mentioned.insert(k.id());
  trace.initial.clear();
  for (ir::VarId v : p.scope(p.mainProc()))
    if (mentioned.count(f.initial[v].id())) trace.initial.emplace_back(v, m.eval(f.initial[v], true));
  trace.memoryReads = memoryReads(f, m);
}

/// C: a preference for the model of a path that reads pointers from uninitialised memory: each such
/// pointer is null or points beyond every block the path allocates, so that a pointer the native replay
/// finds in a block never aliases another object by chance (the front end's promoted fields and region
/// arrays keep apart what such aliasing would join). True if nothing is preferred.
z3::expr freshPointerPreference(const ir::Program& p, const PathFormula& f) {
  z3::context& ctx = p.ctx();
  const ir::Origin& origin = p.origin();
  std::vector<z3::expr> pointers;
  std::optional<z3::expr> top;
  for (ir::VarId g : p.globals()) {
    const ir::Variable& var = p.var(g);
    if (var.name == origin.heapTop) top = f.final[g];
    else if (var.type.pointer) pointers.push_back(f.initial[g]);
  }
  if (!top) return ctx.bool_val(true);
  for (const ir::MemoryRegion& region : origin.regions) {
    if (!region.pointer) continue;
    std::unordered_set<unsigned> seen;
    for (const z3::expr& constraint : f.constraints)
      smt::anySubterm(constraint, [&](const z3::expr& e) {
        if (e.is_app() && e.decl().decl_kind() == Z3_OP_SELECT && regionOf(f, e.arg(0)) == region.array &&
            seen.insert(e.arg(1).id()).second)
          pointers.push_back(z3::select(f.initial[region.array], e.arg(1)));
        return false;
      });
  }
  std::vector<z3::expr> fresh;
  for (const z3::expr& pointer : pointers) {
    z3::expr zero = pointer.is_bv() ? ctx.bv_val(0, pointer.get_sort().bv_size()) : ctx.int_val(0);
    fresh.push_back(pointer == zero || (pointer.is_bv() ? z3::uge(pointer, *top) : pointer >= *top));
  }
  return smt::mkAnd(ctx, fresh);
}

/// A path found feasible (how: `by`): accepted unless it ends on an edge the front end could not translate.
CheckOutcome acceptedPath(const ir::Program& program, ir::Trace& trace, const std::string& by) {
  trace.pathChecked = true;
  const ir::Edge& last = program.edge(trace.steps.back().edge);
  if (!last.unsupported.empty())
    return CheckOutcome::undecided("the trace ends on an unsupported edge: " + last.unsupported);
  return CheckOutcome::accept(fmt::format("path of {} steps is feasible ({})", trace.steps.size(), by));
}

/// A satisfying assignment of the path formula found by running the path forwards, if the path is
/// deterministic enough: each step's constraint, with the values known so far put in, is simplified, and a
/// conjunct `k = value` (k a constant of the formula without a value yet) gives k its value; the inputs are
/// the trace's. The assignment is then checked: every constraint must evaluate to true under it. It decides
/// long traces over wrapping arithmetic (a mod 2^n at every step) that the solver may not (loop-acceleration/
/// const_1-2: 1024 iterations, more than 60 s). nullopt when a constant stays without a value (a variable
/// read uninitialised, an input the trace does not give), a constraint is false, or the trace has memory.
std::optional<z3::model> modelByRunning(const ir::Program& p, const PathFormula& f, const ir::Trace& trace) {
  if (!f.regionStates.empty()) return std::nullopt;
  z3::context& ctx = p.ctx();
  z3::expr_vector constants(ctx), values(ctx);
  std::unordered_set<unsigned> known;
  auto assign = [&](const z3::expr& constant, const z3::expr& value) {
    if (!constant.is_const() || constant.decl().decl_kind() != Z3_OP_UNINTERPRETED || known.count(constant.id()) ||
        !smt::isValue(value) || !z3::eq(constant.get_sort(), value.get_sort()))
      return false;
    constants.push_back(constant);
    values.push_back(value);
    known.insert(constant.id());
    return true;
  };
  // The trace's inputs, from the engine's context when it has one of its own (values only: numerals).
  for (size_t i = 0; i < trace.steps.size() && i < f.inputs.size(); ++i)
    for (size_t k = 0; k < trace.steps[i].inputs.size() && k < f.inputs[i].size(); ++k) {
      const z3::expr& input = trace.steps[i].inputs[k];
      if (&input.ctx() == &ctx) {
        assign(f.inputs[i][k], input);
      } else if (smt::isValue(input)) {
        assign(f.inputs[i][k], z3::expr(ctx, Z3_translate(input.ctx(), input, ctx)));
      }
    }
  for (const z3::expr& constraint : f.constraints) {
    z3::expr body = constraint.arg(1);  // guard => body
    for (bool grew = true; grew;) {
      grew = false;
      z3::expr now = body.substitute(constants, values).simplify();
      for (const z3::expr& conjunct : smt::conjuncts(now)) {
        // The simplifier turns `b = true` into `b` and `b = false` into `not b`.
        if (conjunct.is_const()) {
          grew |= assign(conjunct, ctx.bool_val(true));
          continue;
        }
        if (conjunct.is_not() && conjunct.arg(0).is_const()) {
          grew |= assign(conjunct.arg(0), ctx.bool_val(false));
          continue;
        }
        if (!conjunct.is_app() || conjunct.decl().decl_kind() != Z3_OP_EQ || conjunct.num_args() != 2) continue;
        grew |= assign(conjunct.arg(0), conjunct.arg(1)) || assign(conjunct.arg(1), conjunct.arg(0));
      }
    }
  }
  z3::model model(ctx);
  for (unsigned i = 0; i < constants.size(); ++i) {
    z3::func_decl decl = constants[i].decl();
    z3::expr value = values[i];
    model.add_const_interp(decl, value);
  }
  z3::expr truth = ctx.bool_val(true);
  for (const z3::expr& guard : f.guards) {
    z3::func_decl decl = guard.decl();
    model.add_const_interp(decl, truth);
  }
  for (const z3::expr& constraint : f.constraints)
    if (!model.eval(constraint, false).is_true()) return std::nullopt;  // unassigned or false: ask the solver
  return model;
}

}  // namespace

CheckOutcome checkTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options) {
  trace.pathChecked = false;
  if (auto bad = shapeError(program, trace)) return CheckOutcome::refute("malformed trace: " + *bad);
  PathFormula f = buildPathFormula(program, trace);
  if (std::optional<z3::model> model = modelByRunning(program, f, trace);
      model && smt::isTrue(freshPointerPreference(program, f))) {
    fillFromModel(program, f, *model, trace);
    return acceptedPath(program, trace, "by running it");
  }
  // A path formula is one long chain of equations: preprocessed first (smt::SolverConfig::preprocessFirst),
  // a path through a byte loop of memcpy takes 0.1 s instead of 15.
  smt::SolverConfig config = checkConfig(options, "certify-trace");
  config.preprocessFirst = true;
  smt::Solver solver(program.ctx(), config);
  for (auto& c : f.constraints) solver.add(c);
  smt::SatResult r = solver.check(f.guards);
  if (r == smt::SatResult::Unknown)
    return CheckOutcome::undecided("the solver could not decide the path formula: " + solver.reasonUnknown());
  if (r == smt::SatResult::Unsat) {
    // The preprocessed solver's core is every guard; the step to name comes from the incremental one's.
    smt::Solver incremental(program.ctx(), checkConfig(options, "certify-trace-core"));
    for (auto& c : f.constraints) incremental.add(c);
    std::vector<z3::expr> core = incremental.check(f.guards) == smt::SatResult::Unsat ? incremental.unsatCore() : f.guards;
    size_t i = conflictingStep(f.guards, core);
    return CheckOutcome::refute(fmt::format("infeasible trace: step {} ({}) contradicts the steps before it", i,
                                            describeEdge(program, trace.steps[i].edge)));
  }
  // Among the models, one where pointers found in uninitialised memory alias nothing, if there is one.
  z3::expr preference = freshPointerPreference(program, f);
  if (!smt::isTrue(preference)) {
    z3::expr prefer = smt::freshConst(program.ctx(), "certify!fresh_pointers", program.ctx().bool_sort());
    solver.add(z3::implies(prefer, preference));
    std::vector<z3::expr> assumptions = f.guards;
    assumptions.push_back(prefer);
    if (solver.check(assumptions) != smt::SatResult::Sat && solver.check(f.guards) != smt::SatResult::Sat)
      return CheckOutcome::undecided("the solver could not decide the path formula again: " + solver.reasonUnknown());
  }
  fillFromModel(program, f, solver.model(), trace);
  return acceptedPath(program, trace, "by the solver");
}

}  // namespace argus::certify
