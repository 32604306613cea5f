// Farkas constraints over template unknowns (see Farkas.h).
#include "engines/maxsmt/Farkas.h"

#include "smt/Terms.h"

namespace argus::engines::maxsmt {

z3::expr FarkasEncoder::real(const mpq_class& q) const {
  if (integer_ && q.get_den() == 1) return ctx_->int_val(q.get_num().get_str().c_str());
  return ctx_->real_val(q.get_str().c_str());
}

z3::expr FarkasEncoder::number(const z3::expr& unknown) const {
  return integer_ || !unknown.is_int() ? unknown : z3::to_real(unknown);
}

z3::expr FarkasEncoder::fresh(const char* prefix, const z3::sort& sort) {
  ++counter_;
  return smt::freshConst(*ctx_, prefix, sort);
}

void FarkasEncoder::addTo(Combination& c, unsigned var, const z3::expr& term) {
  auto it = c.coeffs.find(var);
  if (it == c.coeffs.end())
    c.coeffs.emplace(var, term);
  else
    it->second = it->second + term;
}

FarkasEncoder::Combination FarkasEncoder::combineWithCut(const Implication& premises) {
  Combination out = combine(premises);
  if (!cuts_) return out;
  Combination cut = combine(premises);
  out.side.insert(out.side.end(), cut.side.begin(), cut.side.end());
  // The cut's multiplier ν ∈ {0..3} by two bits (ν·e as if-then-else terms, as for template premises): the
  // cut of x - 2q = 0 and x ≤ 1 is q ≤ 0, and x ≤ 0 needs it twice.
  z3::expr one = fresh("farkas.cut", ctx_->bool_sort()), two = fresh("farkas.cut", ctx_->bool_sort());
  z3::expr zero = ctx_->int_val(0);
  auto times = [&](const z3::expr& u) { return z3::ite(one, u, zero) + z3::ite(two, 2 * u, zero); };
  for (auto& [v, sum] : cut.coeffs) {
    z3::expr half = fresh("farkas.e", ctx_->int_sort());
    out.side.push_back(sum == 2 * half);
    addTo(out, v, times(half));
  }
  z3::expr rounded = fresh("farkas.f", ctx_->int_sort());  // ⌈C/2⌉
  out.side.push_back(2 * rounded >= cut.constant && 2 * rounded <= cut.constant + 1);
  out.constant = out.constant + times(rounded);
  return out;
}

FarkasEncoder::Combination FarkasEncoder::combine(const Implication& premises) {
  Combination out{{}, real(0), {}};
  auto addTo = [&](unsigned var, const z3::expr& term) { FarkasEncoder::addTo(out, var, term); };
  for (const LinearRow& row : premises.known) {
    z3::expr lambda = fresh("farkas.l", integer_ ? ctx_->int_sort() : ctx_->real_sort());
    if (!row.equality) out.side.push_back(lambda >= 0);
    for (auto& [v, c] : row.expr.coeffs) addTo(v, c == 1 ? lambda : real(c) * lambda);
    if (row.expr.constant != 0) out.constant = out.constant + real(row.expr.constant) * lambda;
  }
  for (const TemplateRow& row : premises.templates) {
    // μ = Σ 2^b·bit_b; μ·u = Σ ite(bit_b, 2^b·u, 0) for each unknown u.
    std::vector<z3::expr> bits;
    for (unsigned b = 0; b < bits_; ++b) bits.push_back(fresh("farkas.m", ctx_->bool_sort()));
    auto times = [&](const z3::expr& unknown) {
      z3::expr u = number(unknown);
      z3::expr sum = real(0);
      for (unsigned b = 0; b < bits_; ++b) sum = sum + z3::ite(bits[b], real(mpq_class(1u << b)) * u, real(0));
      return sum;
    };
    for (auto& [v, c] : row.coeffs) addTo(v, times(c));
    out.constant = out.constant + times(row.constant);
  }
  return out;
}

z3::expr FarkasEncoder::implies(const Implication& premises, const TemplateRow& target) {
  // Derivation of the target.
  Combination derive = combineWithCut(premises);
  std::vector<z3::expr> parts = derive.side;
  std::map<unsigned, z3::expr> wanted;
  for (auto& [v, c] : target.coeffs) wanted.emplace(v, number(c));
  for (auto& [v, sum] : derive.coeffs) {
    auto it = wanted.find(v);
    parts.push_back(sum == (it == wanted.end() ? real(0) : it->second));
  }
  for (auto& [v, c] : wanted)
    if (!derive.coeffs.count(v)) parts.push_back(c == real(0));
  z3::expr t0 = number(target.constant);
  parts.push_back(derive.constant >= t0);
  z3::expr derived = smt::mkAnd(*ctx_, parts);
  // Premises with template rows may contradict each other (a conditional invariant that disables a
  // transition); premises with known rows only are feasible by the caller's contract.
  if (premises.templates.empty() || !disabling_) return derived;
  return derived || infeasible(premises);
}

z3::expr FarkasEncoder::infeasible(const Implication& premises) {
  Combination refute = combineWithCut(premises);
  std::vector<z3::expr> parts = refute.side;
  for (auto& [v, sum] : refute.coeffs) parts.push_back(sum == real(0));
  parts.push_back(refute.constant > real(0));
  return smt::mkAnd(*ctx_, parts);
}

}  // namespace argus::engines::maxsmt
