// Inlining of non-recursive predicates with one defining clause, and the way back (see HornInlining.h).
#include "transforms/HornInlining.h"

#include <functional>
#include <unordered_map>
#include <variant>

#include "smt/Qe.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::transforms {

using namespace ir::horn;

/// How a reduced clause was made: an instance of an original clause whose variables became `values`
/// (terms over the reduced clause's variables), with each body application either kept (its position in
/// the reduced clause's body) or replaced by an instance of the predicate's defining clause.
struct HornInlining::Origin {
  uint32_t clause = 0;
  std::vector<z3::expr> values;
  std::vector<std::variant<size_t, std::shared_ptr<const Origin>>> body;
};

namespace {

/// Predicates that reach themselves through clauses (body → head).
std::vector<bool> recursivePredicates(const System& sys, const ShutdownToken* stop) {
  std::vector<std::vector<PredId>> next(sys.preds.size());
  for (const Clause& c : sys.clauses)
    if (!c.isQuery())
      for (const Application& a : c.body) next[a.pred].push_back(c.head);
  std::vector<bool> recursive(sys.preds.size(), false);
  for (const Predicate& p : sys.preds) {
    throwIfStopped(stop);
    std::vector<bool> seen(sys.preds.size(), false);
    std::vector<PredId> work(next[p.id].begin(), next[p.id].end());
    while (!work.empty() && !recursive[p.id]) {
      PredId q = work.back();
      work.pop_back();
      if (q == p.id) recursive[p.id] = true;
      if (seen[q]) continue;
      seen[q] = true;
      for (PredId r : next[q]) work.push_back(r);
    }
  }
  return recursive;
}

}  // namespace

HornInlining::~HornInlining() = default;

HornInlining::HornInlining(const System& original, const ShutdownToken* stop)
    : original_(original), definition_(original.preds.size(), UINT32_MAX) {
  try {
    build(stop);
  } catch (const StopRequestedError&) {
    stopped_ = true;  // what was built stays: the engine decides whether to pay for destroying it
  }
}

void HornInlining::build(const ShutdownToken* stop) {
  const System& original = original_;
  reduced_.ctx = original.ctx;
  reduced_.preds = original.preds;
  std::vector<bool> recursive = recursivePredicates(original, stop);
  std::vector<unsigned> definitions(original.preds.size(), 0), uses(original.preds.size(), 0);
  std::vector<uint32_t> only(original.preds.size(), UINT32_MAX);
  for (uint32_t c = 0; c < original.clauses.size(); ++c) {
    const Clause& clause = original.clauses[c];
    if (!clause.isQuery()) ++definitions[clause.head], only[clause.head] = c;
    for (const Application& a : clause.body) ++uses[a.pred];
  }
  // How many original clause instances a predicate's expansion holds (1 when it is kept): inlining copies
  // that many per use. A definition is inlined when that stays small — a fact (no body applications) or
  // a predicate used once always; otherwise at most kMaxCopies instances over all its uses. Inlining
  // f_k, which calls f_{k-1} twice, everywhere would double the system at every level of the call tree,
  // the blow-up that summaries exist to avoid.
  constexpr size_t kMaxCopies = 64;
  std::vector<size_t> instances(original.preds.size(), 0);
  std::function<size_t(PredId)> expansion = [&](PredId p) -> size_t {
    if (instances[p] != 0) return instances[p];
    instances[p] = 1;  // kept, unless decided otherwise below
    if (recursive[p] || definitions[p] != 1) return 1;
    const Clause& def = original.clauses[only[p]];
    size_t inside = 1;
    for (const Application& a : def.body) {
      size_t copies = expansion(a.pred);
      if (definition_[a.pred] != UINT32_MAX) inside += copies;
    }
    if (def.body.empty() || uses[p] <= 1 || inside * uses[p] <= kMaxCopies) {
      definition_[p] = only[p];
      instances[p] = inside;
    }
    return instances[p];
  };
  for (const Predicate& p : original.preds) expansion(p.id);

  z3::context& ctx = original.context();
  // Appends the instance of clause c to `out`; `headAs` gives the terms of its head arguments (null for
  // the clause the reduced one is made from, which keeps its own variables).
  std::function<std::shared_ptr<const Origin>(uint32_t, const std::vector<z3::expr>*, Clause&, std::vector<z3::expr>&)>
      expand = [&](uint32_t ci, const std::vector<z3::expr>* headAs, Clause& out, std::vector<z3::expr>& constraints) {
        const Clause& c = original.clauses[ci];
        auto origin = std::make_shared<Origin>();
        origin->clause = ci;
        for (const z3::expr& v : c.vars) {
          z3::expr term = v;
          if (headAs) {
            bool isHeadArg = false;
            for (size_t i = 0; i < c.headArgs.size(); ++i)
              if (z3::eq(c.headArgs[i], v)) term = (*headAs)[i], isHeadArg = true;
            if (!isHeadArg) {
              term = smt::freshConst(ctx, v.decl().name().str(), v.get_sort());
              out.vars.push_back(term);
            }
          } else {
            out.vars.push_back(v);
          }
          origin->values.push_back(term);
        }
        constraints.push_back(smt::substitute(c.constraint, c.vars, origin->values));
        for (const Application& a : c.body) {
          std::vector<z3::expr> args;
          for (const z3::expr& arg : a.args) args.push_back(smt::substitute(arg, c.vars, origin->values));
          if (definition_[a.pred] != UINT32_MAX) {
            origin->body.emplace_back(expand(definition_[a.pred], &args, out, constraints));
          } else {
            origin->body.emplace_back(out.body.size());
            out.body.push_back(Application{a.pred, args});
          }
        }
        return origin;
      };
  for (uint32_t ci = 0; ci < original.clauses.size(); ++ci) {
    throwIfStopped(stop);
    const Clause& c = original.clauses[ci];
    if (!c.isQuery() && definition_[c.head] != UINT32_MAX) continue;  // inlined wherever it is used
    Clause reduced{{}, c.head, c.headArgs, ctx.bool_val(true), {}, c.origin};
    std::vector<z3::expr> constraints;
    origins_.push_back(expand(ci, nullptr, reduced, constraints));
    reduced.constraint = smt::mkAnd(ctx, constraints);
    reduced_.clauses.push_back(std::move(reduced));
  }
}

size_t HornInlining::inlinedPredicates() const {
  size_t n = 0;
  for (uint32_t d : definition_) n += d != UINT32_MAX;
  return n;
}

Model HornInlining::model(const Model& reduced, double timeoutSeconds) const {
  Model out = reduced;
  std::vector<bool> done(original_.preds.size(), false);
  // The image of an inlined predicate's clause, once the predicates of its body have theirs.
  std::function<void(PredId)> fill = [&](PredId p) {
    if (definition_[p] == UINT32_MAX || done[p]) return;
    const Clause& c = original_.clauses[definition_[p]];
    std::vector<z3::expr> parts{c.constraint};
    for (const Application& a : c.body) {
      fill(a.pred);
      parts.push_back(original_.instantiate(a.pred, out.interp[a.pred], a.args));
    }
    std::vector<z3::expr> hidden;
    for (const z3::expr& v : c.vars)
      if (std::none_of(c.headArgs.begin(), c.headArgs.end(), [&](const z3::expr& h) { return z3::eq(h, v); }))
        hidden.push_back(v);
    // The image is ∃hidden. body ∧ φ; Z3's QE usually removes the quantifier. Where it cannot (arrays, as
    // in the Solidity clauses of LIA-Arrays), the quantified image is still the exact interpretation: the
    // certificate checks decide it with Z3's quantifier support, and what they cannot decide is unknown.
    z3::expr image = smt::projectExists(hidden, smt::mkAnd(original_.context(), parts), timeoutSeconds);
    out.interp[p] = smt::substitute(image, c.headArgs, original_.preds[p].params).simplify();
    done[p] = true;
  };
  for (const Predicate& p : original_.preds) fill(p.id);
  return out;
}

Derivation HornInlining::derivation(const Derivation& reduced) const {
  Derivation out;
  std::vector<size_t> placed(reduced.nodes.size());
  for (size_t n = 0; n < reduced.nodes.size(); ++n) {
    const DerivationNode& node = reduced.nodes[n];
    const Clause& clause = reduced_.clauses[node.clause];
    std::unordered_map<unsigned, z3::expr> value;
    for (size_t i = 0; i < clause.vars.size(); ++i) value.emplace(clause.vars[i].id(), node.values[i]);
    std::function<size_t(const Origin&)> emit = [&](const Origin& o) {
      DerivationNode d;
      d.clause = o.clause;
      for (auto& part : o.body) {
        if (const size_t* kept = std::get_if<size_t>(&part))
          d.children.push_back(placed[node.children[*kept]]);
        else
          d.children.push_back(emit(*std::get<std::shared_ptr<const Origin>>(part)));
      }
      for (const z3::expr& term : o.values) {
        auto it = value.find(term.id());
        INVARIANT(it != value.end(), "an inlined clause's variable has no value in the derivation");
        d.values.push_back(it->second);
      }
      out.nodes.push_back(std::move(d));
      return out.nodes.size() - 1;
    };
    placed[n] = emit(*origins_[node.clause]);
  }
  return out;
}

}  // namespace argus::transforms
