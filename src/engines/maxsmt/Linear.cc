// Reading literals as linear rows, and writing rows back as formulas.
#include "engines/maxsmt/Linear.h"

#include "smt/Terms.h"

namespace argus::engines::maxsmt {

void LinearExpr::add(const LinearExpr& o, const mpq_class& factor) {
  if (factor == 0) return;
  for (auto& [v, c] : o.coeffs) {
    mpq_class sum = coeffs[v] + c * factor;
    if (sum == 0)
      coeffs.erase(v);
    else
      coeffs[v] = sum;
  }
  constant += o.constant * factor;
}

std::optional<mpq_class> numeralValue(const z3::expr& e) {
  if (!e.is_numeral()) return std::nullopt;
  std::string text = e.get_decimal_string(0);
  if (text.find('.') != std::string::npos || text.find('?') != std::string::npos) {
    // A rational numeral: read numerator and denominator exactly.
    Z3_string num = Z3_get_numeral_string(e.ctx(), Z3_get_numerator(e.ctx(), e));
    mpq_class n(num);
    Z3_string den = Z3_get_numeral_string(e.ctx(), Z3_get_denominator(e.ctx(), e));
    return n / mpq_class(den);
  }
  return mpq_class(Z3_get_numeral_string(e.ctx(), e));
}

namespace {

/// A Boolean variable (an uninterpreted constant of sort Bool).
bool isBoolVar(const z3::expr& e) {
  return e.is_const() && e.is_bool() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED;
}

}  // namespace

z3::expr Linearizer::numeric(const z3::expr& var) {
  if (!var.is_bool()) return var;
  z3::context& ctx = var.ctx();
  return z3::ite(var, ctx.int_val(1), ctx.int_val(0));
}

unsigned Linearizer::varOf(const z3::expr& e) {
  vars_.emplace(e.id(), e);
  return e.id();
}

std::optional<LinearExpr> Linearizer::term(const z3::expr& e, std::vector<LinearRow>& side) {
  if (auto v = numeralValue(e)) {
    LinearExpr out;
    out.constant = *v;
    return out;
  }
  if (!e.is_app()) return std::nullopt;
  if (e.is_const()) {
    if (!e.is_int() && !e.is_real()) return std::nullopt;
    LinearExpr out;
    out.coeffs[varOf(e)] = 1;
    return out;
  }
  Z3_decl_kind kind = e.decl().decl_kind();
  switch (kind) {
    case Z3_OP_ADD:
    case Z3_OP_SUB: {
      LinearExpr out;
      for (unsigned i = 0; i < e.num_args(); ++i) {
        auto t = term(e.arg(i), side);
        if (!t) return std::nullopt;
        out.add(*t, kind == Z3_OP_SUB && i > 0 ? -1 : 1);
      }
      return out;
    }
    case Z3_OP_UMINUS: {
      auto t = term(e.arg(0), side);
      if (!t) return std::nullopt;
      LinearExpr out;
      out.add(*t, -1);
      return out;
    }
    case Z3_OP_MUL: {
      // Linear when at most one factor is not a numeral.
      mpq_class factor = 1;
      std::optional<LinearExpr> rest;
      for (unsigned i = 0; i < e.num_args(); ++i) {
        if (auto v = numeralValue(e.arg(i))) {
          factor *= *v;
          continue;
        }
        if (rest) return std::nullopt;
        rest = term(e.arg(i), side);
        if (!rest) return std::nullopt;
      }
      LinearExpr out;
      if (!rest) {
        out.constant = factor;
        return out;
      }
      out.add(*rest, factor);
      return out;
    }
    case Z3_OP_TO_REAL:
      return term(e.arg(0), side);
    case Z3_OP_ITE: {
      // ite(b, n1, n0) over a Boolean variable b: n0 + (n1 - n0)·B, with B = ite(b, 1, 0) in [0, 1].
      auto then = numeralValue(e.arg(1)), otherwise = numeralValue(e.arg(2));
      if (!isBoolVar(e.arg(0)) || !then || !otherwise) return std::nullopt;
      LinearExpr flag;
      flag.coeffs[varOf(numeric(e.arg(0)))] = 1;
      LinearRow lower, upper;  // -B ≤ 0, B - 1 ≤ 0
      lower.expr.add(flag, -1);
      upper.expr = flag;
      upper.expr.constant = -1;
      side.push_back(lower);
      side.push_back(upper);
      LinearExpr out;
      out.constant = *otherwise;
      out.add(flag, *then - *otherwise);
      return out;
    }
    case Z3_OP_MOD:
    case Z3_OP_IDIV: {
      auto k = numeralValue(e.arg(1));
      if (!k || *k <= 0 || k->get_den() != 1) return std::nullopt;
      auto x = term(e.arg(0), side);
      if (!x) return std::nullopt;
      // x = k·q + r with 0 ≤ r < k; q fresh (one per distinct term: the same term twice is the same q).
      z3::expr quotient = ctx_->int_const(("maxsmt.q!" + std::to_string(e.id())).c_str());
      LinearExpr q;
      q.coeffs[varOf(quotient)] = 1;
      LinearExpr remainder = *x;
      remainder.add(q, -*k);
      LinearRow lower, upper;  // -r ≤ 0, r - (k - 1) ≤ 0
      lower.expr.add(remainder, -1);
      upper.expr = remainder;
      upper.expr.constant -= *k - 1;
      side.push_back(lower);
      side.push_back(upper);
      return kind == Z3_OP_MOD ? remainder : q;
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::vector<LinearRow>> Linearizer::literal(const z3::expr& lit) {
  bool negated = false;
  z3::expr atom = lit;
  while (atom.is_app() && atom.decl().decl_kind() == Z3_OP_NOT) {
    negated = !negated;
    atom = atom.arg(0);
  }
  if (isBoolVar(atom)) {
    // b: B - 1 = 0; not b: B = 0.
    LinearRow row;
    row.equality = true;
    row.expr.coeffs[varOf(numeric(atom))] = 1;
    row.expr.constant = negated ? 0 : -1;
    return std::vector<LinearRow>{row};
  }
  if (!atom.is_app() || atom.num_args() != 2) return std::nullopt;
  Z3_decl_kind kind = atom.decl().decl_kind();
  if (!atom.arg(0).is_arith() || !atom.arg(1).is_arith()) return std::nullopt;
  bool isInt = atom.arg(0).is_int() && atom.arg(1).is_int();
  std::vector<LinearRow> rows;
  auto a = term(atom.arg(0), rows);
  auto b = term(atom.arg(1), rows);
  if (!a || !b) return std::nullopt;
  // d = a - b; the literal compares d with 0.
  LinearExpr d = *a;
  d.add(*b, -1);
  enum class Rel { Le, Lt, Eq, Ne } rel;
  switch (kind) {
    case Z3_OP_LE: rel = Rel::Le; break;
    case Z3_OP_LT: rel = Rel::Lt; break;
    case Z3_OP_GE: rel = Rel::Le; d = LinearExpr{}, d.add(*b, 1), d.add(*a, -1); break;
    case Z3_OP_GT: rel = Rel::Lt; d = LinearExpr{}, d.add(*b, 1), d.add(*a, -1); break;
    case Z3_OP_EQ: rel = Rel::Eq; break;
    default: return std::nullopt;
  }
  if (negated) {
    // not (d ≤ 0) is -d < 0; not (d < 0) is -d ≤ 0; not (d = 0) is a disjunction (callers' implicants
    // resolve it first).
    if (rel == Rel::Eq) return std::nullopt;
    LinearExpr minus;
    minus.add(d, -1);
    d = minus;
    rel = rel == Rel::Le ? Rel::Lt : Rel::Le;
  }
  LinearRow row;
  row.expr = d;
  if (rel == Rel::Eq) row.equality = true;
  if (rel == Rel::Lt) {
    if (!isInt) return std::nullopt;  // strict real comparisons are not rows of this form
    row.expr.constant += 1;
  }
  rows.push_back(row);
  return rows;
}

z3::expr Linearizer::toExpr(const LinearExpr& e) const {
  bool allInt = true;
  for (auto& [v, c] : e.coeffs) allInt = allInt && vars_.at(v).is_int() && c.get_den() == 1;
  allInt = allInt && e.constant.get_den() == 1;
  auto numeral = [&](const mpq_class& q) {
    return allInt ? ctx_->int_val(q.get_num().get_str().c_str())
                  : ctx_->real_val(q.get_str().c_str());
  };
  z3::expr sum = numeral(e.constant);
  for (auto& [v, c] : e.coeffs) {
    z3::expr x = allInt ? vars_.at(v) : z3::to_real(vars_.at(v));
    sum = sum + (c == 1 ? x : numeral(c) * x);
  }
  return sum.simplify();
}

z3::expr Linearizer::toExpr(const LinearRow& row) const {
  z3::expr lhs = toExpr(row.expr);
  z3::expr zero = lhs.is_int() ? ctx_->int_val(0) : ctx_->real_val(0);
  return row.equality ? lhs == zero : lhs <= zero;
}

}  // namespace argus::engines::maxsmt
