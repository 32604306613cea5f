// The CHC view of an ir::Program (see HornEncoding.h) and its back-translation.
//
// Cut points per procedure: entry, exit, error, DFS loop heads (they cut every cycle, irreducible ones
// too), and join locations where a cut point would otherwise start more than kMaxPaths paths. Paths
// between cut points are enumerated explicitly, one clause each, and the clause remembers its edges: a
// derivation then reads off as a trace without any search. A path may run through several calls (one Sum
// body application each), so a Horn clause with several body applications, read into a procedure by
// frontend/chc, comes out as one clause again; every prefix of a path that ends with a call also gives
// the clause "the callee fails there" (Err_callee in the body).
#include "transforms/HornEncoding.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <unordered_set>

#include "ir/Instantiate.h"
#include "ir/Liveness.h"
#include "ir/Queries.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::transforms {

using namespace ir;
using horn::PredId;

namespace {

/// A cut point that starts more paths than this gets one of its blocks' joins cut as well.
constexpr uint64_t kMaxPaths = 32;

enum class Role { Sum, Err, At };
enum class ClauseKind { Path, CallError, Query };

}  // namespace

struct HornEncoding::Impl {
  struct PredInfo {
    Role role;
    ProcId proc;
    LocId loc = kNone;  // At: the cut point
  };
  struct ClauseInfo {
    ClauseKind kind = ClauseKind::Path;
    ProcId proc = kNone;
    /// Path: its edges in order; CallError: the edges up to the call, the call edge last.
    std::vector<EdgeId> edges;
    int atBody = -1, errBody = -1;  // index of that body application, -1: none
    std::vector<int> sumBodies = {};  // per call edge of a path (not the failing call), in order: its Sum
  };
  std::vector<PredInfo> preds;      // parallel to System::preds
  std::vector<ClauseInfo> clauses;  // parallel to System::clauses
  std::vector<PredId> sum, err;     // per ProcId; kFalse for procedures not reachable from main
  std::map<LocId, PredId> at;       // cut points other than entry/exit/error (entry too if re-entered)
  /// Per At predicate's cut point: the scope variables it carries (those live there; the others are
  /// written before they are read on every path on, so their values do not matter).
  std::map<LocId, std::vector<VarId>> atVars;
};

namespace {

/// Builds one clause in normal form: every application argument becomes a distinct clause variable
/// (a term, or a variable already used as an argument, is replaced by a fresh one and an equality).
class ClauseBuilder {
 public:
  explicit ClauseBuilder(z3::context& ctx) : ctx_(ctx) {}

  int body(PredId pred, const std::vector<z3::expr>& terms) {
    clause_.body.push_back({pred, bind(terms)});
    return static_cast<int>(clause_.body.size()) - 1;
  }
  void head(PredId pred, const std::vector<z3::expr>& terms) {
    clause_.head = pred;
    clause_.headArgs = bind(terms);
  }
  void add(const z3::expr& f) { parts_.push_back(f); }

  horn::Clause finish(std::string origin) {
    clause_.constraint = smt::mkAnd(ctx_, parts_);
    clause_.origin = std::move(origin);
    // Every constant in the clause is one of its own fresh variables (edge instances rename cur, next
    // and aux constants), so the variables are exactly the free constants.
    std::unordered_set<unsigned> seen;
    auto collect = [&](const z3::expr& e) {
      for (auto& c : smt::freeConstants(e))
        if (seen.insert(c.id()).second) clause_.vars.push_back(c);
    };
    for (auto& app : clause_.body)
      for (auto& a : app.args) collect(a);
    for (auto& a : clause_.headArgs) collect(a);
    collect(clause_.constraint);
    return std::move(clause_);
  }

 private:
  std::vector<z3::expr> bind(const std::vector<z3::expr>& terms) {
    std::vector<z3::expr> out;
    for (auto& t : terms) {
      bool variable = t.is_app() && t.num_args() == 0 && t.decl().decl_kind() == Z3_OP_UNINTERPRETED;
      if (variable && usedAsArg_.insert(t.id()).second) {
        out.push_back(t);
        continue;
      }
      z3::expr v = smt::freshConst(ctx_, "horn!arg", t.get_sort());
      usedAsArg_.insert(v.id());
      parts_.push_back(v == t);
      out.push_back(v);
    }
    return out;
  }

  z3::context& ctx_;
  horn::Clause clause_{{}, horn::kFalse, {}, ctx_.bool_val(true), {}, ""};
  std::vector<z3::expr> parts_;
  std::unordered_set<unsigned> usedAsArg_;
};

/// Builds the system procedure by procedure.
class Encoder {
 public:
  Encoder(const Program& p, horn::System& system, HornEncoding::Impl& impl, const ShutdownToken* stop)
      : p_(p), ctx_(p.ctx()), system_(system), impl_(impl), inst_(p), live_(p, inst_), stop_(stop) {}

  void run() {
    CallGraph cg(p_);
    impl_.sum.assign(p_.numProcs(), horn::kFalse);
    impl_.err.assign(p_.numProcs(), horn::kFalse);
    std::vector<ProcId> procs;
    for (ProcId q = 0; q < p_.numProcs(); ++q)
      if (cg.reachable()[q]) procs.push_back(q);
    // Predicates first: clauses of a caller name its callees' predicates.
    std::vector<std::vector<bool>> cuts;
    for (ProcId q : procs) {
      const Procedure& pr = p_.proc(q);
      impl_.sum[q] = addPred("Sum_" + pr.name, {Role::Sum, q},
                             concat({formals("Sum_" + pr.name, inVars(q), "@in"),
                                     formals("Sum_" + pr.name, outVars(q), "@out")}));
      impl_.err[q] = addPred("Err_" + pr.name, {Role::Err, q}, formals("Err_" + pr.name, inVars(q), "@in"));
      cuts.push_back(cutPoints(q));
      for (LocId l : pr.locations) {
        if (!cuts.back()[l] || l == pr.exit || l == pr.error) continue;
        if (l == pr.entry && !reentered(q)) continue;
        std::string name = fmt::format("At_{}_{}_{}", pr.name, p_.loc(l).name, l);
        std::vector<VarId>& carried = impl_.atVars[l];
        for (VarId v : p_.scope(q))
          if (live_.live(l, v)) carried.push_back(v);
        impl_.at[l] = addPred(name, {Role::At, q, l},
                              concat({formals(name, inVars(q), "@in"), formals(name, carried, "")}));
      }
    }
    for (size_t i = 0; i < procs.size(); ++i) encodeProc(procs[i], cuts[i]);
    // The query: Err_main(in) ⇒ false.
    ProcId m = p_.mainProc();
    ClauseBuilder b(ctx_);
    Impl::ClauseInfo info{ClauseKind::Query, m, {}};
    info.errBody = b.body(impl_.err[m], freshIn(m));
    push(b.finish("query: " + p_.proc(m).name + " reaches an error"), std::move(info));
  }

 private:
  using Impl = HornEncoding::Impl;

  std::vector<VarId> inVars(ProcId q) const { return concat({p_.proc(q).params, p_.globals()}); }
  std::vector<VarId> outVars(ProcId q) const { return concat({p_.proc(q).results, p_.globals()}); }

  template <typename T>
  static std::vector<T> concat(std::initializer_list<std::vector<T>> parts) {
    std::vector<T> out;
    for (auto& part : parts) out.insert(out.end(), part.begin(), part.end());
    return out;
  }

  /// Fresh predicate parameters, one per variable, named after predicate and variable.
  std::vector<z3::expr> formals(const std::string& pred, const std::vector<VarId>& vars,
                                const std::string& suffix) {
    std::vector<z3::expr> out;
    for (VarId v : vars)
      out.push_back(smt::freshConst(ctx_, pred + "!" + p_.var(v).name + suffix, p_.var(v).cur.get_sort()));
    return out;
  }

  PredId addPred(const std::string& name, Impl::PredInfo info, std::vector<z3::expr> params) {
    PredId id = static_cast<PredId>(system_.preds.size());
    system_.preds.push_back({id, name, std::move(params)});
    impl_.preds.push_back(info);
    return id;
  }

  void push(horn::Clause c, Impl::ClauseInfo info) {
    system_.clauses.push_back(std::move(c));
    impl_.clauses.push_back(std::move(info));
  }

  std::vector<z3::expr> freshIn(ProcId q) {
    std::vector<z3::expr> out;
    for (VarId v : inVars(q)) out.push_back(smt::freshConst(ctx_, p_.var(v).name + "@in", p_.var(v).cur.get_sort()));
    return out;
  }

  /// The entry is an ordinary cut point with an At predicate only when some reachable edge returns to it.
  bool reentered(ProcId q) const {
    const Procedure& pr = p_.proc(q);
    auto reach = reachableFromEntry(p_, q);
    for (EdgeId e : p_.loc(pr.entry).in)
      if (reach[p_.edge(e).from]) return true;
    return false;
  }

  // ---------------------------------------------------------------- cut points

  /// Non-cut locations reachable from cut point `c` without passing another cut point, `c` first, in
  /// topological order (the interior of a block is acyclic: every cycle contains a loop head).
  std::vector<LocId> blockOrder(LocId c, const std::vector<bool>& cut) const {
    std::vector<bool> seen(p_.numLocs(), false);
    std::vector<LocId> postorder;
    std::vector<std::pair<LocId, size_t>> stack{{c, 0}};
    seen[c] = true;
    while (!stack.empty()) {
      auto& [l, next] = stack.back();
      if (next == p_.loc(l).out.size()) {
        postorder.push_back(l);
        stack.pop_back();
        continue;
      }
      LocId to = p_.edge(p_.loc(l).out[next++]).to;
      if (!cut[to] && !seen[to]) seen[to] = true, stack.push_back({to, 0});
    }
    return {postorder.rbegin(), postorder.rend()};
  }

  /// The number of paths from `c` to the next cut points (saturating), and the interior join with the
  /// most paths into it (kNone if none has two). Only a join has more paths into it than its
  /// predecessors, and ties go to the earliest location, so the pick is always a join.
  std::pair<uint64_t, LocId> countPaths(LocId c, const std::vector<bool>& cut) const {
    std::vector<uint64_t> count(p_.numLocs(), 0);
    count[c] = 1;
    uint64_t total = 0;
    auto add = [](uint64_t a, uint64_t b) { return std::min<uint64_t>(a + b, UINT64_MAX / 4); };
    std::vector<LocId> order = blockOrder(c, cut);
    for (LocId l : order)
      for (EdgeId e : p_.loc(l).out) {
        LocId to = p_.edge(e).to;
        if (cut[to]) total = add(total, count[l]);
        else count[to] = add(count[to], count[l]);
      }
    LocId best = kNone;
    for (LocId l : order)
      if (l != c && count[l] >= 2 && (best == kNone || count[l] > count[best])) best = l;
    return {total, best};
  }

  std::vector<bool> cutPoints(ProcId q) const {
    const Procedure& pr = p_.proc(q);
    std::vector<bool> cut(p_.numLocs(), false);
    cut[pr.entry] = cut[pr.exit] = cut[pr.error] = true;
    for (LocId h : loopHeads(p_, q)) cut[h] = true;
    auto reach = reachableFromEntry(p_, q);
    // Cut joins until no block has too many paths (cutting only ever removes paths, so one pass that
    // revisits after each change terminates: every round adds a cut point).
    for (bool changed = true; changed;) {
      changed = false;
      for (LocId l : pr.locations) {
        if (!cut[l] || !reach[l] || l == pr.exit || l == pr.error) continue;
        throwIfStopped(stop_);
        auto [total, join] = countPaths(l, cut);
        if (total > kMaxPaths && join != kNone) cut[join] = changed = true;
      }
    }
    return cut;
  }

  // ---------------------------------------------------------------- clauses

  /// The state at cut point `from` of a clause: `in` for params and globals at the (non-re-entered)
  /// entry, otherwise fresh values bound by the body application At_from(in, state).
  State startState(ProcId q, LocId from, const std::vector<z3::expr>& in, ClauseBuilder& b, Impl::ClauseInfo& info) {
    std::vector<VarId> scope = p_.scope(q);
    auto it = impl_.at.find(from);
    if (it == impl_.at.end()) {
      INVARIANT(from == p_.proc(q).entry, "a clause starts at a location that is no cut point");
      return entryState(q, in);
    }
    State s = freshState(p_, scope);
    std::vector<z3::expr> args = in;
    for (VarId v : impl_.atVars.at(from)) args.push_back(s[v]);
    info.atBody = b.body(it->second, args);
    return s;
  }

  /// At the entry: params and globals are `in`, results and locals arbitrary.
  State entryState(ProcId q, const std::vector<z3::expr>& in) {
    State s = freshState(p_, p_.scope(q));
    std::vector<VarId> inV = inVars(q);
    for (size_t i = 0; i < inV.size(); ++i) s[inV[i]] = in[i];
    return s;
  }

  std::string locName(LocId l) const {
    const Procedure& pr = p_.proc(p_.loc(l).proc);
    if (l == pr.entry) return "entry";
    if (l == pr.exit) return "exit";
    if (l == pr.error) return "error";
    return fmt::format("{} {}", p_.loc(l).name, l);
  }

  /// Runs `edges` from state `s`: transitions instantiated, each call a Sum body application whose
  /// out values become the globals and then the results.
  State runEdges(const std::vector<EdgeId>& edges, State s, ClauseBuilder& b, Impl::ClauseInfo& info) {
    for (EdgeId id : edges) {
      const Edge& e = p_.edge(id);
      if (!e.isCall()) {
        EdgeInstance ei = inst_.transition(id, s);
        b.add(ei.formula);
        s = ei.post;
        continue;
      }
      const Procedure& callee = p_.proc(e.callee);
      std::vector<z3::expr> outs;
      for (VarId v : outVars(e.callee))
        outs.push_back(smt::freshConst(ctx_, p_.var(v).name + "@ret", p_.var(v).cur.get_sort()));
      info.sumBodies.push_back(b.body(impl_.sum[e.callee], concat({calleeIn(id, s), outs})));
      // Globals come back from the callee, then the results are assigned (a result may be a global).
      for (size_t i = 0; i < p_.globals().size(); ++i) s[p_.globals()[i]] = outs[callee.results.size() + i];
      for (size_t i = 0; i < e.results.size(); ++i) s[e.results[i]] = outs[i];
    }
    return s;
  }

  /// The callee's `in` at call edge `call` in state `s`: the arguments, then the globals.
  std::vector<z3::expr> calleeIn(EdgeId call, const State& s) const {
    std::vector<z3::expr> args = inst_.callArgs(call, s);
    for (VarId g : p_.globals()) args.push_back(s[g]);
    return args;
  }

  void encodePath(ProcId q, LocId from, const std::vector<EdgeId>& path) {
    throwIfStopped(stop_);
    ClauseBuilder b(ctx_);
    Impl::ClauseInfo info{ClauseKind::Path, q, path};
    std::vector<z3::expr> in = freshIn(q);
    State s = runEdges(path, startState(q, from, in, b, info), b, info);
    const Procedure& pr = p_.proc(q);
    LocId to = path.empty() ? from : p_.edge(path.back()).to;
    if (to == pr.exit) {
      std::vector<z3::expr> args = in;
      for (VarId v : outVars(q)) args.push_back(s[v]);
      b.head(impl_.sum[q], args);
    } else if (to == pr.error) {
      b.head(impl_.err[q], in);
    } else {
      std::vector<z3::expr> args = in;
      for (VarId v : impl_.atVars.at(to)) args.push_back(s[v]);
      b.head(impl_.at.at(to), args);
    }
    push(b.finish(fmt::format("{}: {} -> {} ({} edges)", pr.name, locName(from), locName(to), path.size())),
         std::move(info));
  }

  /// From cut point `from` along `prefix` to the call edge `call` ∧ Err_callee(args) ⇒ Err_q(in).
  void encodeCallError(ProcId q, LocId from, const std::vector<EdgeId>& prefix, EdgeId call) {
    throwIfStopped(stop_);
    const Edge& e = p_.edge(call);
    ClauseBuilder b(ctx_);
    Impl::ClauseInfo info{ClauseKind::CallError, q, prefix};
    info.edges.push_back(call);
    std::vector<z3::expr> in = freshIn(q);
    State s = runEdges(prefix, startState(q, from, in, b, info), b, info);
    info.errBody = b.body(impl_.err[e.callee], calleeIn(call, s));
    b.head(impl_.err[q], in);
    push(b.finish(fmt::format("{}: the call at {} reaches an error in {}", p_.proc(q).name, locName(e.from),
                              p_.proc(e.callee).name)),
         std::move(info));
  }

  void encodeProc(ProcId q, const std::vector<bool>& cut) {
    const Procedure& pr = p_.proc(q);
    auto reach = reachableFromEntry(p_, q);
    if (auto it = impl_.at.find(pr.entry); it != impl_.at.end()) {
      // A re-entered entry: the fact "the entry state" ⇒ At_entry(in, state).
      ClauseBuilder b(ctx_);
      std::vector<z3::expr> in = freshIn(q);
      State s = entryState(q, in);
      std::vector<z3::expr> args = in;
      for (VarId v : impl_.atVars.at(pr.entry)) args.push_back(s[v]);
      b.head(it->second, args);
      push(b.finish(pr.name + ": entry state"), {ClauseKind::Path, q, {}});
    }
    for (LocId c : pr.locations) {
      if (!cut[c] || !reach[c] || c == pr.exit || c == pr.error) continue;
      std::vector<EdgeId> path;
      std::function<void(LocId)> walk = [&](LocId l) {
        for (EdgeId e : p_.loc(l).out) {
          if (p_.edge(e).isCall()) encodeCallError(q, c, path, e);
          path.push_back(e);
          LocId to = p_.edge(e).to;
          if (cut[to]) encodePath(q, c, path);
          else walk(to);
          path.pop_back();
        }
      };
      walk(c);
    }
  }

  const Program& p_;
  z3::context& ctx_;
  horn::System& system_;
  Impl& impl_;
  Instantiator inst_;
  Liveness live_;
  const ShutdownToken* stop_;
};

}  // namespace

HornEncoding::HornEncoding(const Program& program, const ShutdownToken* stop)
    : program_(&program), impl_(std::make_shared<Impl>()) {
  system_.ctx = program.sharedCtx();
  try {
    Encoder(program, system_, *impl_, stop).run();
  } catch (const StopRequestedError&) {
    stopped_ = true;  // what was built stays: the engine decides whether to pay for destroying it
  }
}

Certificate HornEncoding::certificate(const horn::Model& model) const {
  const Program& p = *program_;
  INVARIANT(model.interp.size() == system_.preds.size(), "a model of another system");
  Certificate cert;
  cert.context = p.sharedCtx();
  cert.kind = Certificate::Kind::Invariants;
  cert.form = Certificate::Form::Modular;
  cert.k = 1;
  auto constants = [&](const std::vector<VarId>& vars, bool old) {
    std::vector<z3::expr> out;
    for (VarId v : vars) out.push_back(old ? p.var(v).old : p.var(v).cur);
    return out;
  };
  auto interp = [&](PredId pred, const std::vector<z3::expr>& args) {
    return system_.instantiate(pred, model.interp[pred], args);
  };
  for (ProcId q = 0; q < p.numProcs(); ++q) {
    if (impl_->sum[q] == horn::kFalse) continue;
    const Procedure& pr = p.proc(q);
    std::vector<VarId> in = pr.params, out = pr.results;
    in.insert(in.end(), p.globals().begin(), p.globals().end());
    out.insert(out.end(), p.globals().begin(), p.globals().end());
    std::vector<z3::expr> sumArgs = constants(in, true), outCur = constants(out, false);
    sumArgs.insert(sumArgs.end(), outCur.begin(), outCur.end());
    cert.contracts.emplace(q, Contract{!interp(impl_->err[q], constants(in, false)), interp(impl_->sum[q], sumArgs)});
  }
  for (auto& [l, pred] : impl_->at) {
    ProcId q = p.loc(l).proc;
    if (l == p.proc(q).entry) continue;  // a re-entered entry: certify's entry invariant is pre ∧ cur = old
    std::vector<VarId> in = p.proc(q).params;
    in.insert(in.end(), p.globals().begin(), p.globals().end());
    std::vector<z3::expr> args = constants(in, true), scope = constants(impl_->atVars.at(l), false);
    args.insert(args.end(), scope.begin(), scope.end());
    // ¬Err(old) keeps the invariant inductive (old never changes) and makes the error unreachable.
    cert.invariants.emplace(l, interp(pred, args) && !interp(impl_->err[q], constants(in, true)));
  }
  return cert;
}

std::optional<Trace> HornEncoding::trace(const horn::Derivation& derivation, std::string* whyNot) const {
  auto fail = [&](std::string why) -> std::optional<Trace> {
    if (whyNot) *whyNot = std::move(why);
    return std::nullopt;
  };
  const auto& nodes = derivation.nodes;
  if (nodes.empty()) return fail("the derivation has no nodes");
  using Kind = TraceStep::Kind;
  Trace out;
  out.context = program_->sharedCtx();
  std::string error;
  // Appends the steps of node `n` (and its children) in execution order; false (with `error`) if the
  // derivation does not fit the encoding.
  std::function<bool(size_t)> steps = [&](size_t n) -> bool {
    const horn::DerivationNode& node = nodes[n];
    if (node.clause >= impl_->clauses.size()) return error = fmt::format("node {} names no clause", n), false;
    const Impl::ClauseInfo& info = impl_->clauses[node.clause];
    const horn::Clause& clause = system_.clauses[node.clause];
    if (node.children.size() != clause.body.size())
      return error = fmt::format("node {} has the wrong number of children", n), false;
    for (size_t j = 0; j < node.children.size(); ++j) {
      size_t child = node.children[j];
      if (child >= n) return error = fmt::format("node {}: child {} does not come before it", n, child), false;
      if (system_.clauses.at(nodes[child].clause).head != clause.body[j].pred)
        return error = fmt::format("node {}: child {} derives another predicate", n, child), false;
    }
    auto child = [&](int body) { return node.children[static_cast<size_t>(body)]; };
    switch (info.kind) {
      case ClauseKind::Query:
        return steps(child(info.errBody));
      case ClauseKind::CallError:
      case ClauseKind::Path: {
        if (info.atBody >= 0 && !steps(child(info.atBody))) return false;
        bool failingCall = info.kind == ClauseKind::CallError;
        size_t ordinary = info.edges.size() - (failingCall ? 1 : 0), calls = 0;
        for (size_t i = 0; i < ordinary; ++i) {
          EdgeId e = info.edges[i];
          if (!program_->edge(e).isCall()) {
            out.steps.push_back({Kind::Edge, e, {}, {}});
            continue;
          }
          out.steps.push_back({Kind::Call, e, {}, {}});
          if (!steps(child(info.sumBodies.at(calls++)))) return false;
          out.steps.push_back({Kind::Return, e, {}, {}});
        }
        if (!failingCall) return true;
        out.steps.push_back({Kind::Call, info.edges.back(), {}, {}});
        return steps(child(info.errBody));
      }
    }
    return false;
  };
  if (impl_->clauses.at(nodes.back().clause).kind != ClauseKind::Query)
    return fail("the root (last node) is not the query");
  if (!steps(nodes.size() - 1)) return fail(error);
  return out;
}

}  // namespace argus::transforms
