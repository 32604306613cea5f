// Affine congruences by symbolic abstraction over the cut-point graph (see Congruences.h).
#include "analysis/invariants/Congruences.h"

#include <gmpxx.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <set>

#include "smt/Terms.h"
#include "util/Stats.h"

namespace argus::analysis {
namespace {

/// Primes above this are not looked for: residues modulo a large prime say little about a loop, and a
/// modulus such as 2^32 (unsigned wrap-around) contributes its factor 2.
constexpr unsigned kLargestPrime = 31;
/// Solver checks per prime; a fixpoint not reached within them is dropped (the spaces computed so far
/// are under-approximations, not invariants).
constexpr unsigned kChecksPerPrime = 400;

unsigned power(unsigned base, unsigned exponent, unsigned p) {
  unsigned long long result = 1, b = base % p;
  for (; exponent > 0; exponent >>= 1, b = b * b % p)
    if (exponent & 1) result = result * b % p;
  return static_cast<unsigned>(result);
}

/// One equation Σ coeffs[i]·x_i ≡ constant (mod p).
struct Congruence {
  std::vector<unsigned> coeffs;
  unsigned constant = 0;
};

/// An affine subspace of (Z/pZ)ⁿ: empty, or origin + span(basis) with the basis in reduced row echelon
/// form (basis[i][pivots[i]] = 1, zero in every other row's pivot column).
class AffineSpace {
 public:
  AffineSpace(unsigned n, unsigned p) : n_(n), p_(p) {}
  static AffineSpace whole(unsigned n, unsigned p) {
    AffineSpace s(n, p);
    s.add(std::vector<unsigned>(n, 0));
    for (unsigned i = 0; i < n; ++i) {
      std::vector<unsigned> unit(n, 0);
      unit[i] = 1;
      s.add(unit);
    }
    return s;
  }
  bool empty() const { return empty_; }
  bool whole() const { return !empty_ && basis_.size() == n_; }

  /// Adds a point; whether the space grew.
  bool add(const std::vector<unsigned>& point) {
    if (empty_) {
      origin_ = point;
      empty_ = false;
      return true;
    }
    std::vector<unsigned> d(n_);
    for (unsigned i = 0; i < n_; ++i) d[i] = (point[i] + p_ - origin_[i]) % p_;
    for (size_t r = 0; r < basis_.size(); ++r) subtract(d, basis_[r], d[pivots_[r]]);
    auto first = std::find_if(d.begin(), d.end(), [](unsigned x) { return x != 0; });
    if (first == d.end()) return false;
    unsigned pivot = static_cast<unsigned>(first - d.begin());
    unsigned inverse = power(d[pivot], p_ - 2, p_);
    for (unsigned& x : d) x = static_cast<unsigned>(1ULL * x * inverse % p_);
    for (auto& row : basis_) subtract(row, d, row[pivot]);
    auto at = std::upper_bound(pivots_.begin(), pivots_.end(), pivot) - pivots_.begin();
    basis_.insert(basis_.begin() + at, d);
    pivots_.insert(pivots_.begin() + at, pivot);
    return true;
  }

  /// The equations whose solutions are the space (none for the whole space); the space must not be empty.
  std::vector<Congruence> equations() const {
    std::vector<Congruence> out;
    std::vector<bool> isPivot(n_, false);
    for (unsigned c : pivots_) isPivot[c] = true;
    for (unsigned f = 0; f < n_; ++f) {
      if (isPivot[f]) continue;
      Congruence eq{std::vector<unsigned>(n_, 0), 0};
      eq.coeffs[f] = 1;
      for (size_t r = 0; r < basis_.size(); ++r) eq.coeffs[pivots_[r]] = (p_ - basis_[r][f]) % p_;
      unsigned long long b = 0;
      for (unsigned i = 0; i < n_; ++i) b = (b + 1ULL * eq.coeffs[i] * origin_[i]) % p_;
      eq.constant = static_cast<unsigned>(b);
      out.push_back(std::move(eq));
    }
    return out;
  }

 private:
  /// a -= factor · b (mod p).
  void subtract(std::vector<unsigned>& a, const std::vector<unsigned>& b, unsigned factor) const {
    if (factor == 0) return;
    for (unsigned i = 0; i < n_; ++i) a[i] = static_cast<unsigned>((a[i] + 1ULL * (p_ - factor) * b[i]) % p_);
  }

  unsigned n_, p_;
  bool empty_ = true;
  std::vector<unsigned> origin_;
  std::vector<std::vector<unsigned>> basis_;
  std::vector<unsigned> pivots_;
};

/// Σ a_i·x_i - b ≡ 0 (mod p) over the given terms (Booleans as their 0/1 numbers).
z3::expr holds(const Congruence& eq, const std::vector<z3::expr>& terms, unsigned p) {
  z3::context& ctx = terms.front().ctx();
  z3::expr sum = ctx.int_val(static_cast<int>((p - eq.constant) % p));
  for (size_t i = 0; i < terms.size(); ++i)
    if (eq.coeffs[i] != 0) sum = sum + ctx.int_val(static_cast<int>(eq.coeffs[i])) * terms[i];
  return z3::mod(sum, ctx.int_val(static_cast<int>(p))) == 0;
}

z3::expr inside(const AffineSpace& space, const std::vector<z3::expr>& terms, unsigned p) {
  z3::context& ctx = terms.front().ctx();
  if (space.empty()) return ctx.bool_val(false);
  std::vector<z3::expr> parts;
  for (const Congruence& eq : space.equations()) parts.push_back(holds(eq, terms, p));
  return smt::mkAnd(ctx, parts);
}

void primeFactors(const mpz_class& k, std::set<unsigned>& out) {
  mpz_class rest = abs(k);
  for (unsigned p = 2; p <= kLargestPrime && rest > 1; ++p)
    if (rest % p == 0) {
      out.insert(p);
      while (rest % p == 0) rest /= p;
    }
}

}  // namespace

std::vector<unsigned> moduliPrimes(const ir::Program& program) {
  std::set<unsigned> primes;
  std::set<unsigned> seen;
  std::function<void(const z3::expr&)> visit = [&](const z3::expr& e) {
    if (!e.is_app() || !seen.insert(e.id()).second) return;
    Z3_decl_kind kind = e.decl().decl_kind();
    if ((kind == Z3_OP_MOD || kind == Z3_OP_IDIV || kind == Z3_OP_REM) && e.arg(1).is_numeral())
      primeFactors(mpz_class(e.arg(1).get_decimal_string(0)), primes);
    for (unsigned i = 0; i < e.num_args(); ++i) visit(e.arg(i));
  };
  for (size_t e = 0; e < program.numEdges(); ++e) visit(program.edge(static_cast<ir::EdgeId>(e)).formula);
  return {primes.begin(), primes.end()};
}

std::map<ir::LocId, std::vector<z3::expr>> affineCongruences(const transforms::StepEncoder& encoder,
                                                             const smt::SolverConfig& config,
                                                             const std::map<ir::LocId, z3::expr>& premises,
                                                             CongruenceStats* stats, double budgetSeconds) {
  Stopwatch watch;
  const auto& ts = encoder.system();
  const ir::Program& p = ts.program();
  z3::context& ctx = p.ctx();
  std::map<ir::LocId, std::vector<z3::expr>> found;
  std::vector<unsigned> primes = moduliPrimes(p);
  std::vector<ir::VarId> vars;
  for (ir::VarId v : ts.vars())
    if (p.var(v).cur.is_int() || p.var(v).cur.is_bool()) vars.push_back(v);
  if (primes.empty() || vars.empty()) return {};
  auto numbers = [&](const ir::State& state) {
    std::vector<z3::expr> out;
    for (ir::VarId v : vars) out.push_back(state[v].is_bool() ? z3::ite(state[v], ctx.int_val(1), ctx.int_val(0)) : state[v]);
    return out;
  };
  std::vector<z3::expr> current = numbers(ir::currentState(p, ts.vars()));
  unsigned n = static_cast<unsigned>(vars.size());
  smt::SolverConfig quick = config;
  quick.queryTimeoutSeconds = 2;
  // One step of the cut-point system, from any cut point to any other: the pair is chosen per query.
  transforms::Step step = encoder.encode(encoder.freshPc("congruence"), encoder.freshState(), "congruence");
  std::vector<z3::expr> before = numbers(step.pre), after = numbers(step.post);
  std::vector<ir::LocId> cuts;
  for (ir::LocId cut : ts.cutPoints())
    if (ts.reachable(cut)) cuts.push_back(cut);

  for (unsigned prime : primes) {
    std::map<ir::LocId, AffineSpace> value;
    for (ir::LocId cut : cuts) value.emplace(cut, AffineSpace(n, prime));
    value.insert_or_assign(ts.entry(), AffineSpace::whole(n, prime));
    smt::Solver solver(ctx, quick);
    solver.add(step.formula);
    std::deque<ir::LocId> work{ts.entry()};
    unsigned checks = 0;
    bool complete = true;
    while (!work.empty() && complete) {
      ir::LocId from = work.front();
      work.pop_front();
      solver.push();
      solver.add(encoder.pcAt(step.pcPre, from));
      solver.add(inside(value.at(from), before, prime));
      if (auto premise = premises.find(from); premise != premises.end())
        solver.add(encoder.at(premise->second, step.pre));
      for (ir::LocId to : cuts) {
        AffineSpace& target = value.at(to);
        bool grew = false;
        while (!target.whole()) {
          if (++checks > kChecksPerPrime || (budgetSeconds > 0 && watch.seconds() > budgetSeconds)) {
            complete = false;
            break;
          }
          solver.push();
          solver.add(encoder.pcAt(step.pcPost, to));
          solver.add(!inside(target, after, prime));
          smt::SatResult r = solver.check();
          if (r == smt::SatResult::Unsat) {
            solver.pop();
            break;
          }
          if (r != smt::SatResult::Sat) {  // undecided: nothing is known there
            solver.pop();
            target = AffineSpace::whole(n, prime);
            grew = true;
            break;
          }
          std::vector<unsigned> residues;
          for (const z3::expr& term : after) {
            mpz_class x(solver.eval(term).get_decimal_string(0));
            mpz_class residue = x % prime;
            if (residue < 0) residue += prime;
            residues.push_back(static_cast<unsigned>(residue.get_ui()));
          }
          solver.pop();
          if (!target.add(residues)) {  // the solver's point is in the hull after all: stop rather than loop
            target = AffineSpace::whole(n, prime);
            grew = true;
            break;
          }
          grew = true;
        }
        if (!complete) break;
        if (grew && std::find(work.begin(), work.end(), to) == work.end()) work.push_back(to);
      }
      solver.pop();
    }
    if (stats) stats->solverChecks += checks;
    if (!complete) continue;  // an unfinished fixpoint is no invariant
    if (stats) ++stats->primes;
    for (auto& [cut, space] : value) {
      if (space.empty()) continue;
      for (const Congruence& eq : space.equations()) {
        found[cut].push_back(holds(eq, current, prime));
        if (stats) ++stats->equations;
      }
    }
  }
  return found;
}

}  // namespace argus::analysis
