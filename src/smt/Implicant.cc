// Implicant picking: a worklist walk over (subformula, value the model gives it) pairs. Each step keeps
// only subformulas whose model values force the parent's value, so the collected literals imply it.
#include "smt/Implicant.h"

#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace argus::smt {
namespace {

class ImplicantPicker {
 public:
  explicit ImplicantPicker(const z3::model& model) : model_(model) {}

  bool run(const z3::expr& formula) {
    if (modelValue(formula) != 1) return false;
    push(formula, true);
    while (ok_ && !work_.empty()) {
      auto [e, value] = work_.back();
      work_.pop_back();
      visit(e, value);
    }
    return ok_;
  }
  std::vector<z3::expr> takeLiterals() { return std::move(literals_); }

 private:
  /// 1 true, 0 false, -1 neither (the model does not decide it).
  int modelValue(const z3::expr& e) {
    z3::expr v = model_.eval(e, true);
    return v.is_true() ? 1 : v.is_false() ? 0 : -1;
  }
  void push(const z3::expr& e, bool value) {
    if (visited_.insert(2ull * e.id() + value).second) work_.emplace_back(e, value);
  }
  void pushByValue(const z3::expr& e) {
    int v = modelValue(e);
    if (v < 0) ok_ = false;
    else push(e, v == 1);
  }
  void pushArgsByValue(const z3::expr& e) {
    for (unsigned i = 0; i < e.num_args(); ++i) pushByValue(e.arg(i));
  }
  /// The first argument whose model value is `value` (one exists when the parent has the value).
  void pushWitness(const z3::expr& e, bool value) {
    for (unsigned i = 0; i < e.num_args(); ++i) {
      if (modelValue(e.arg(i)) == (value ? 1 : 0)) {
        push(e.arg(i), value);
        return;
      }
    }
    ok_ = false;
  }
  void visit(const z3::expr& e, bool value);
  void visitDistinct(const z3::expr& e, bool value);
  void addAtom(const z3::expr& atom, bool value);
  z3::expr removeIte(const z3::expr& t);

  const z3::model& model_;
  bool ok_ = true;
  std::vector<std::pair<z3::expr, bool>> work_;
  std::unordered_set<uint64_t> visited_;
  std::unordered_set<unsigned> literalIds_;
  std::unordered_map<unsigned, z3::expr> iteFree_;
  std::vector<z3::expr> literals_;
};

void ImplicantPicker::visit(const z3::expr& e, bool value) {
  if (!e.is_app()) {  // quantifier, lambda or bound variable
    ok_ = false;
    return;
  }
  bool boolArgs = e.num_args() > 0 && e.arg(0).is_bool();
  switch (e.decl().decl_kind()) {
    case Z3_OP_TRUE:
    case Z3_OP_FALSE: return;
    case Z3_OP_NOT: push(e.arg(0), !value); return;
    case Z3_OP_AND:
      if (!value) return pushWitness(e, false);
      for (unsigned i = 0; i < e.num_args(); ++i) push(e.arg(i), true);
      return;
    case Z3_OP_OR:
      if (value) return pushWitness(e, true);
      for (unsigned i = 0; i < e.num_args(); ++i) push(e.arg(i), false);
      return;
    case Z3_OP_IMPLIES:
      if (!value) {
        push(e.arg(0), true);
        push(e.arg(1), false);
      } else if (modelValue(e.arg(1)) == 1) {
        push(e.arg(1), true);
      } else {
        push(e.arg(0), false);
      }
      return;
    case Z3_OP_ITE: {
      int c = modelValue(e.arg(0));
      if (c < 0) {
        ok_ = false;
        return;
      }
      push(e.arg(0), c == 1);
      push(e.arg(c == 1 ? 1 : 2), value);
      return;
    }
    case Z3_OP_XOR:
    case Z3_OP_IFF: pushArgsByValue(e); return;
    case Z3_OP_EQ:
      if (boolArgs) return pushArgsByValue(e);
      return addAtom(e, value);
    case Z3_OP_DISTINCT:
      if (boolArgs) return pushArgsByValue(e);
      return visitDistinct(e, value);
    default: return addAtom(e, value);
  }
}

/// (distinct t1 ... tn) over non-Booleans: pairwise disequalities when true, one equal pair when false.
void ImplicantPicker::visitDistinct(const z3::expr& e, bool value) {
  for (unsigned i = 0; i < e.num_args(); ++i) {
    for (unsigned j = i + 1; j < e.num_args(); ++j) {
      z3::expr eq = e.arg(i) == e.arg(j);
      if (value) {
        addAtom(eq, false);
      } else if (modelValue(eq) == 1) {
        addAtom(eq, true);
        return;
      }
    }
  }
  if (!value) ok_ = false;
}

void ImplicantPicker::addAtom(const z3::expr& atom, bool value) {
  z3::expr a = removeIte(atom);
  if (a.is_true() || a.is_false()) return;
  z3::expr literal = value ? a : !a;
  bool arithEq = a.is_app() && a.decl().decl_kind() == Z3_OP_EQ && a.arg(0).is_arith();
  if (!value && arithEq) {
    // A disequality is a disjunction of two strict bounds; the model picks the one to keep, which
    // projection handles better than the disequality.
    z3::expr less = a.arg(0) < a.arg(1);
    literal = modelValue(less) == 1 ? less : a.arg(0) > a.arg(1);
  }
  if (literalIds_.insert(literal.id()).second) literals_.push_back(literal);
}

/// `t` with every if-then-else replaced by the branch the model selects; the selecting conditions
/// are queued so that they join the implicant.
z3::expr ImplicantPicker::removeIte(const z3::expr& t) {
  if (!t.is_app() || t.num_args() == 0) return t;
  auto known = iteFree_.find(t.id());
  if (known != iteFree_.end()) return known->second;
  z3::expr result = t;
  if (t.decl().decl_kind() == Z3_OP_ITE) {
    int c = modelValue(t.arg(0));
    if (c < 0) {
      ok_ = false;
      return t;
    }
    push(t.arg(0), c == 1);
    result = removeIte(t.arg(c == 1 ? 1 : 2));
  } else {
    z3::expr_vector args(t.ctx());
    bool changed = false;
    for (unsigned i = 0; i < t.num_args(); ++i) {
      args.push_back(removeIte(t.arg(i)));
      changed |= !z3::eq(args.back(), t.arg(i));
    }
    if (changed) result = t.decl()(args);
  }
  iteFree_.emplace(t.id(), result);
  return result;
}

}  // namespace

std::optional<std::vector<z3::expr>> modelImplicant(const z3::expr& formula, const z3::model& model) {
  ImplicantPicker picker(model);
  if (!picker.run(formula)) return std::nullopt;
  return picker.takeLiterals();
}

std::vector<z3::expr> conjuncts(const z3::expr& e) {
  std::vector<z3::expr> out;
  std::vector<z3::expr> stack{e};
  while (!stack.empty()) {
    z3::expr c = stack.back();
    stack.pop_back();
    if (c.is_app() && c.decl().decl_kind() == Z3_OP_AND) {
      for (unsigned i = c.num_args(); i-- > 0;) stack.push_back(c.arg(i));
    } else if (!c.is_true()) {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace argus::smt
