// The CHC view of a verification problem: predicates over typed parameters and Horn clauses
// (body applications ∧ constraint ⇒ head application, or ⇒ false for a query), with the two answers a
// CHC solver proves: a model (an interpretation of every predicate) or a derivation of false (a tree of
// clause instances with concrete values). Procedure-modular engines (RecMC) solve this view;
// transforms/HornEncoding builds it from any ir::Program and translates the answers back.
//
// Normal form: every argument of every application (body and head) is a clause variable (an
// uninterpreted constant listed in `vars`) that occurs as an argument exactly once in the clause, so an
// application binds its predicate's parameters by substitution.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace argus::ir::horn {

using PredId = uint32_t;
constexpr PredId kFalse = UINT32_MAX;  // the head of a query

struct Predicate {
  PredId id = 0;
  std::string name;
  /// Formal parameters: distinct constants that occur in no clause; interpretations speak about them.
  std::vector<z3::expr> params;
  unsigned arity() const { return static_cast<unsigned>(params.size()); }
};

struct Application {
  PredId pred = 0;
  std::vector<z3::expr> args;  // distinct clause variables, parallel to the predicate's params
};

struct Clause {
  std::vector<Application> body;
  PredId head = kFalse;            // kFalse: a query
  std::vector<z3::expr> headArgs;  // distinct clause variables (empty for a query)
  z3::expr constraint;             // over `vars` only, no predicates
  std::vector<z3::expr> vars;      // every variable of the clause, each once
  std::string origin;              // where it comes from, for logs ("main: loop head 7 -> exit")

  bool isQuery() const { return head == kFalse; }
  bool isFact() const { return body.empty(); }
};

struct System {
  std::shared_ptr<z3::context> ctx;
  std::vector<Predicate> preds;
  std::vector<Clause> clauses;

  z3::context& context() const { return *ctx; }
  /// `formula` over `pred`'s params with the params replaced by `args`.
  z3::expr instantiate(PredId pred, const z3::expr& formula, const std::vector<z3::expr>& args) const;
  bool isLinear() const;
};

/// sat: one formula per predicate over its params such that every clause holds.
struct Model {
  std::vector<z3::expr> interp;  // parallel to System::preds
};

/// unsat: clause instances. A node's children derive its body applications (parallel to the clause's
/// body); children come before their parents; the last node is the root, an instance of a query.
struct DerivationNode {
  uint32_t clause = 0;
  std::vector<size_t> children;
  std::vector<z3::expr> values;  // concrete values, parallel to the clause's vars
};

struct Derivation {
  std::vector<DerivationNode> nodes;
};

/// Checks a model clause by clause with a fresh solver: "" when every clause holds, otherwise which
/// clause fails or could not be decided (`timeoutMs` per check, 0: none).
std::string checkModel(const System& system, const Model& model, unsigned timeoutMs);
/// Checks a derivation node by node: values satisfy the constraint and each child's head values equal
/// the body arguments. "" when it replays.
std::string checkDerivation(const System& system, const Derivation& derivation, unsigned timeoutMs);

}  // namespace argus::ir::horn
