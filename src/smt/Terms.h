// Small term utilities over z3::expr that every layer needs: fresh constants, the free constants of a
// term, substitution by maps, conjunction/disjunction of lists, and numeral printing.
#pragma once

#include <z3++.h>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace argus::smt {

/// A constant named "<prefix>!<n>" that no other call returns (process-wide counter).
z3::expr freshConst(z3::context& ctx, const std::string& prefix, const z3::sort& sort);

/// Uninterpreted constants (0-ary applications of user symbols) occurring in `e`, each once,
/// in order of first occurrence.
std::vector<z3::expr> freeConstants(const z3::expr& e);
/// Calls `visit` once for every distinct sub-term of `e` (quantifier bodies included), iteratively.
void forEachSubterm(const z3::expr& e, const std::function<void(const z3::expr&)>& visit);
/// Uninterpreted functions of arity > 0 occurring in `e` (their declarations), each once.
std::vector<z3::func_decl> uninterpretedFunctions(const z3::expr& e);

/// Simultaneous substitution of constants.
z3::expr substitute(const z3::expr& e, const std::vector<z3::expr>& from, const std::vector<z3::expr>& to);

/// A substitution map built once and applied to many terms.
class Substitution {
 public:
  explicit Substitution(z3::context& ctx) : from_(ctx), to_(ctx) {}
  void add(const z3::expr& from, const z3::expr& to) {
    from_.push_back(from);
    to_.push_back(to);
  }
  bool empty() const { return from_.empty(); }
  z3::expr apply(const z3::expr& e) const {
    return from_.empty() ? e : const_cast<z3::expr&>(e).substitute(from_, to_);
  }

 private:
  mutable z3::expr_vector from_, to_;
};

z3::expr mkAnd(z3::context& ctx, const std::vector<z3::expr>& es);
z3::expr mkOr(z3::context& ctx, const std::vector<z3::expr>& es);

bool isTrue(const z3::expr& e);
bool isFalse(const z3::expr& e);

/// `e` in context `ctx` (translated when it belongs to another context).
z3::expr inContext(const z3::expr& e, z3::context& ctx);

/// Number of distinct sub-terms (DAG size), for statistics.
size_t dagSize(const z3::expr& e);

/// Decimal text of an Int/BV/Bool/Real numeral value (Bool as 1/0); a BV reads as unsigned unless
/// `asSigned` asks for two's complement.
std::string numeralText(const z3::expr& value, bool asSigned = false);
/// True iff `e` is a value: a numeral (floating-point ones included), true or false.
bool isValue(const z3::expr& e);

}  // namespace argus::smt
