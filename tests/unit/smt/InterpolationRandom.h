// Random quantifier-free formulas for the MBP and interpolation property tests: linear integer or real
// arithmetic with Boolean variables, Boolean structure, term-level ite and (integers) mod by constants.
// Deterministic for a seed.
#pragma once

#include <z3++.h>

#include <random>
#include <string>
#include <vector>

namespace argus::smt::testing {

class RandomFormulas {
 public:
  RandomFormulas(z3::context& ctx, unsigned seed, bool reals) : ctx_(ctx), rng_(seed), reals_(reals) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(int percent) { return pick(1, 100) <= percent; }

  /// Arithmetic (Int or Real, as configured) and Boolean constants named `name`.
  z3::expr number(const std::string& name) { return reals_ ? ctx_.real_const(name.c_str()) : ctx_.int_const(name.c_str()); }
  z3::expr boolean(const std::string& name) { return ctx_.bool_const(name.c_str()); }
  std::vector<z3::expr> numbers(const std::string& prefix, int n) {
    std::vector<z3::expr> out;
    for (int i = 0; i < n; ++i) out.push_back(number(prefix + std::to_string(i)));
    return out;
  }

  /// A linear comparison over 1-3 of `vars`; sometimes with an ite term or (integers) a mod term.
  z3::expr atom(const std::vector<z3::expr>& vars, const std::vector<z3::expr>& bools) {
    z3::expr sum = constant(pick(-6, 6));
    int terms = pick(1, std::min<int>(3, static_cast<int>(vars.size())));
    for (int i = 0; i < terms; ++i) {
      z3::expr c = coefficient();  // separate statements: argument evaluation order is unspecified
      z3::expr t = term(vars, bools);
      sum = sum + c * t;
    }
    z3::expr zero = constant(0);
    switch (pick(0, 4)) {
      case 0: return sum <= zero;
      case 1: return sum < zero;
      case 2: return sum == zero;
      case 3: return sum >= zero;
      default: return sum > zero;
    }
  }

  /// A Boolean combination of atoms and Boolean variables, nested up to `depth`.
  z3::expr formula(const std::vector<z3::expr>& vars, const std::vector<z3::expr>& bools, int depth) {
    if (depth == 0 || chance(30)) {
      if (!bools.empty() && chance(20)) return chance(50) ? oneOf(bools) : !oneOf(bools);
      return atom(vars, bools);
    }
    z3::expr x = formula(vars, bools, depth - 1), y = formula(vars, bools, depth - 1);
    switch (pick(0, 5)) {
      case 0:
      case 1: return x && y;
      case 2: return x || y;
      case 3: return !x;
      case 4: return z3::implies(x, y);
      default: {
        z3::expr condition = formula(vars, bools, 0);
        return z3::ite(condition, x, y);
      }
    }
  }

  /// A conjunction of `n` formulas of the given depth.
  z3::expr conjunction(const std::vector<z3::expr>& vars, const std::vector<z3::expr>& bools, int n, int depth) {
    z3::expr out = formula(vars, bools, depth);
    for (int i = 1; i < n; ++i) out = out && formula(vars, bools, depth);
    return out;
  }

  /// A constant plus 1-2 of `vars` with small coefficients.
  z3::expr linear(const std::vector<z3::expr>& vars) {
    z3::expr sum = constant(pick(-3, 3));
    for (int i = pick(1, 2); i > 0; --i) {
      z3::expr c = coefficient();
      z3::expr x = oneOf(vars);
      sum = sum + c * x;
    }
    return sum;
  }

  /// A transition like a program path's: sometimes a guard over `cur`; each of `next` set to a linear
  /// update of `cur`, sometimes a choice of two updates.
  z3::expr step(const std::vector<z3::expr>& cur, const std::vector<z3::expr>& next) {
    z3::expr out = chance(50) ? atom(cur, {}) : ctx_.bool_val(true);
    for (auto& n : next) {
      z3::expr first = n == linear(cur);
      if (chance(40)) {
        z3::expr second = n == linear(cur);
        out = out && (first || second);
      } else {
        out = out && first;
      }
    }
    return out;
  }

  const z3::expr& oneOf(const std::vector<z3::expr>& xs) { return xs[pick(0, static_cast<int>(xs.size()) - 1)]; }

 private:
  z3::expr constant(int v) { return reals_ ? ctx_.real_val(v) : ctx_.int_val(v); }
  z3::expr coefficient() {
    int c = pick(1, 3) * (chance(50) ? 1 : -1);
    if (reals_ && chance(25)) return ctx_.real_val(c, 2);
    return constant(c);
  }
  z3::expr term(const std::vector<z3::expr>& vars, const std::vector<z3::expr>& bools) {
    if (!bools.empty() && chance(10)) {
      z3::expr condition = oneOf(bools);
      z3::expr then = oneOf(vars);
      return z3::ite(condition, then, constant(pick(-3, 3)));
    }
    if (!reals_ && chance(8)) {
      z3::expr x = oneOf(vars);
      return z3::mod(x, constant(pick(2, 3)));
    }
    return oneOf(vars);
  }

  z3::context& ctx_;
  std::mt19937 rng_;
  bool reals_;
};

}  // namespace argus::smt::testing
