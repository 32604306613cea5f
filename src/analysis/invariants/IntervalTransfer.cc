// HC4-style interval propagation over Z3 formulas.
#include "analysis/invariants/IntervalTransfer.h"

#include <functional>

namespace argus::analysis {
namespace {

enum class Truth { False, True, Unknown };

Truth negate(Truth t) { return t == Truth::True ? Truth::False : t == Truth::False ? Truth::True : t; }

/// A conjunction of literals (formula, polarity): one branch of a disjunction.
using Branch = std::vector<std::pair<z3::expr, bool>>;

constexpr int kSplitDepth = 2;  // nesting of disjunctions that are split into branches
constexpr int kRounds = 3;      // propagation rounds over one formula

/// The intervals of the constants of one edge formula, narrowed by what the formula says.
class Propagator {
 public:
  explicit Propagator(std::function<Interval(const z3::expr&)> base) : base_(std::move(base)) {}

  unsigned changes() const { return changes_; }

  Interval value(const z3::expr& constant) const {
    auto it = overrides_.find(constant.id());
    return it != overrides_.end() ? it->second : base_(constant);
  }

  Interval eval(const z3::expr& t) {
    auto it = memo_.find(t.id());
    if (it != memo_.end()) return it->second;
    Interval r = evalUncached(t);
    memo_.emplace(t.id(), r);
    return r;
  }

  Truth truth(const z3::expr& f) {
    auto it = truthMemo_.find(f.id());
    if (it != truthMemo_.end()) return it->second;
    Truth t = truthUncached(f);
    truthMemo_.emplace(f.id(), t);
    return t;
  }

  /// Narrows the intervals by `f` (or its negation); false when that is impossible.
  bool assume(const z3::expr& f, bool positive, int depth) {
    Truth t = truth(f);
    if (t != Truth::Unknown) return (t == Truth::True) == positive;
    if (!f.is_app()) return true;
    if (f.is_const()) return narrow(f, Interval::point(positive ? 1 : 0));
    switch (f.decl().decl_kind()) {
      case Z3_OP_NOT: return assume(f.arg(0), !positive, depth);
      case Z3_OP_AND:
      case Z3_OP_OR: {
        bool conjunction = (f.decl().decl_kind() == Z3_OP_AND) == positive;
        if (conjunction) {
          for (unsigned i = 0; i < f.num_args(); ++i)
            if (!assume(f.arg(i), positive, depth)) return false;
          return true;
        }
        std::vector<Branch> branches;
        for (unsigned i = 0; i < f.num_args(); ++i) branches.push_back({{f.arg(i), positive}});
        return assumeOneOf(branches, depth);
      }
      case Z3_OP_IMPLIES:
        if (!positive) return assume(f.arg(0), true, depth) && assume(f.arg(1), false, depth);
        return assumeOneOf({{{f.arg(0), false}}, {{f.arg(1), true}}}, depth);
      case Z3_OP_ITE:
        return assumeOneOf({{{f.arg(0), true}, {f.arg(1), positive}}, {{f.arg(0), false}, {f.arg(2), positive}}},
                           depth);
      case Z3_OP_IFF:
      case Z3_OP_XOR:
      case Z3_OP_EQ:
      case Z3_OP_DISTINCT: {
        if (f.num_args() != 2) return true;
        bool equal = (f.decl().decl_kind() == Z3_OP_EQ || f.decl().decl_kind() == Z3_OP_IFF) == positive;
        return assumeEquality(f.arg(0), f.arg(1), equal, depth);
      }
      case Z3_OP_LE: return assumeLess(f.arg(0), f.arg(1), false, positive);
      case Z3_OP_LT: return assumeLess(f.arg(0), f.arg(1), true, positive);
      case Z3_OP_GE: return assumeLess(f.arg(1), f.arg(0), false, positive);
      case Z3_OP_GT: return assumeLess(f.arg(1), f.arg(0), true, positive);
      default: return true;
    }
  }

 private:
  Truth truthUncached(const z3::expr& f) {
    if (f.is_true()) return Truth::True;
    if (f.is_false()) return Truth::False;
    if (!f.is_app()) return Truth::Unknown;
    if (f.is_const()) return intervalTruth(value(f));
    unsigned n = f.num_args();
    switch (f.decl().decl_kind()) {
      case Z3_OP_NOT: return negate(truth(f.arg(0)));
      case Z3_OP_AND: return conjunctionTruth(f, true);
      case Z3_OP_OR: return negate(conjunctionTruth(f, false));
      case Z3_OP_IMPLIES: {
        Truth a = truth(f.arg(0)), b = truth(f.arg(1));
        if (a == Truth::False || b == Truth::True) return Truth::True;
        if (a == Truth::True && b == Truth::False) return Truth::False;
        return Truth::Unknown;
      }
      case Z3_OP_ITE: {
        Truth c = truth(f.arg(0));
        if (c != Truth::Unknown) return truth(f.arg(c == Truth::True ? 1 : 2));
        Truth a = truth(f.arg(1)), b = truth(f.arg(2));
        return a == b ? a : Truth::Unknown;
      }
      case Z3_OP_IFF:
      case Z3_OP_XOR:
      case Z3_OP_EQ:
      case Z3_OP_DISTINCT: {
        if (n != 2) return Truth::Unknown;
        bool equal = f.decl().decl_kind() == Z3_OP_EQ || f.decl().decl_kind() == Z3_OP_IFF;
        Truth t = equalityTruth(f.arg(0), f.arg(1));
        return equal ? t : negate(t);
      }
      case Z3_OP_LE: return lessTruth(f.arg(0), f.arg(1), false);
      case Z3_OP_LT: return lessTruth(f.arg(0), f.arg(1), true);
      case Z3_OP_GE: return lessTruth(f.arg(1), f.arg(0), false);
      case Z3_OP_GT: return lessTruth(f.arg(1), f.arg(0), true);
      default: return Truth::Unknown;
    }
  }

  /// Drops cached evaluations after an interval changed.
  void forget() {
    memo_.clear();
    truthMemo_.clear();
  }

  static Truth intervalTruth(const Interval& i) {
    if (i == Interval::point(1)) return Truth::True;
    if (i == Interval::point(0)) return Truth::False;
    return Truth::Unknown;
  }

  Truth conjunctionTruth(const z3::expr& f, bool positive) {
    bool allTrue = true;
    for (unsigned i = 0; i < f.num_args(); ++i) {
      Truth t = truth(f.arg(i));
      if (!positive) t = negate(t);
      if (t == Truth::False) return Truth::False;
      allTrue = allTrue && t == Truth::True;
    }
    return allTrue ? Truth::True : Truth::Unknown;
  }

  Truth equalityTruth(const z3::expr& a, const z3::expr& b) {
    if (a.is_bool()) {
      Truth x = truth(a), y = truth(b);
      if (x == Truth::Unknown || y == Truth::Unknown) return Truth::Unknown;
      return x == y ? Truth::True : Truth::False;
    }
    if (!a.is_int()) return Truth::Unknown;
    Interval x = eval(a), y = eval(b);
    if (x.meet(y).isEmpty()) return Truth::False;
    if (x.isPoint() && x == y) return Truth::True;
    return Truth::Unknown;
  }

  Truth lessTruth(const z3::expr& a, const z3::expr& b, bool strict) {
    if (!a.is_int()) return Truth::Unknown;
    Interval x = eval(a), y = eval(b);
    if (x.isEmpty() || y.isEmpty()) return Truth::Unknown;
    int64_t gap = strict ? 1 : 0;
    // x.hi + gap <= y.lo, computed without overflow on infinite bounds.
    if (x.hasHi() && y.hasLo() && static_cast<__int128>(x.hi()) + gap <= y.lo()) return Truth::True;
    if (x.hasLo() && y.hasHi() && static_cast<__int128>(x.lo()) + gap > y.hi()) return Truth::False;
    return Truth::Unknown;
  }

  bool assumeLess(const z3::expr& a, const z3::expr& b, bool strict, bool positive) {
    if (!a.is_int()) return true;
    if (!positive) return assumeLess(b, a, !strict, true);  // ¬(a < b) ≡ b ≤ a
    Interval x = eval(a), y = eval(b);
    Interval gap = Interval::point(strict ? 1 : 0);
    Interval upper = y.hasHi() ? Interval::atMost((Interval::point(y.hi()) - gap).hi()) : Interval::top();
    Interval lower = x.hasLo() ? Interval::atLeast((Interval::point(x.lo()) + gap).lo()) : Interval::top();
    return narrow(a, upper) && narrow(b, lower);
  }

  bool assumeEquality(const z3::expr& a, const z3::expr& b, bool equal, int depth) {
    if (a.is_bool()) {
      if (equal) return assumeOneOf({{{a, true}, {b, true}}, {{a, false}, {b, false}}}, depth);
      return assumeOneOf({{{a, true}, {b, false}}, {{a, false}, {b, true}}}, depth);
    }
    if (!a.is_int()) return true;
    if (equal && depth > 0) {
      // x = ite(c, t, e) (a select): keep the two cases apart instead of joining t and e first.
      for (auto [side, other] : {std::pair{a, b}, std::pair{b, a}})
        if (side.is_app() && side.decl().decl_kind() == Z3_OP_ITE && truth(side.arg(0)) == Truth::Unknown)
          return assumeOneOf({{{side.arg(0), true}, {other == side.arg(1), true}},
                              {{side.arg(0), false}, {other == side.arg(2), true}}},
                             depth);
    }
    Interval x = eval(a), y = eval(b);
    if (equal) return narrow(a, y) && narrow(b, x);
    // a ≠ b only cuts an endpoint off when the other side is a single value.
    if (y.isPoint()) return narrowAway(a, y.lo());
    if (x.isPoint()) return narrowAway(b, x.lo());
    return true;
  }

  bool narrowAway(const z3::expr& t, int64_t v) {
    Interval x = eval(t);
    if (x.isPoint() && x.lo() == v) return false;
    if (x.lo() == v) return narrow(t, Interval::atLeast(v + 1));
    if (x.hi() == v) return narrow(t, Interval::atMost(v - 1));
    return true;
  }

  /// At least one branch holds: narrow to the join of what each feasible branch allows.
  bool assumeOneOf(const std::vector<Branch>& branches, int depth) {
    std::vector<const Branch*> open;
    for (const Branch& b : branches) {
      bool allTrue = true, someFalse = false;
      for (auto& [f, pol] : b) {
        Truth t = truth(f);
        if (t == Truth::Unknown) allTrue = false;
        else if ((t == Truth::True) != pol) someFalse = true;
      }
      if (someFalse) continue;
      if (allTrue) return true;
      open.push_back(&b);
    }
    if (open.empty()) return false;
    if (open.size() == 1) return assumeAll(*open[0], depth);
    if (depth <= 0) return true;
    auto saved = overrides_;
    std::vector<std::unordered_map<unsigned, Interval>> outcomes;
    for (const Branch* b : open) {
      overrides_ = saved;
      forget();
      if (assumeAll(*b, depth - 1)) outcomes.push_back(overrides_);
    }
    forget();
    if (outcomes.empty()) return false;
    overrides_ = joinOutcomes(saved, outcomes);
    return true;
  }

  bool assumeAll(const Branch& b, int depth) {
    for (auto& [f, pol] : b)
      if (!assume(f, pol, depth)) return false;
    return true;
  }

  std::unordered_map<unsigned, Interval> joinOutcomes(
      const std::unordered_map<unsigned, Interval>& saved,
      const std::vector<std::unordered_map<unsigned, Interval>>& outcomes) {
    // A constant narrowed in every branch stays narrowed (to the hull); one some branch left alone
    // keeps its value from before the split.
    std::unordered_map<unsigned, Interval> out = saved;
    for (auto& [id, first] : outcomes[0]) {
      Interval hull = first;
      bool everywhere = true;
      for (size_t i = 1; i < outcomes.size() && everywhere; ++i) {
        auto it = outcomes[i].find(id);
        if (it == outcomes[i].end()) everywhere = false;
        else hull = hull.join(it->second);
      }
      if (!everywhere) continue;
      auto old = saved.find(id);
      if (old == saved.end() || old->second != hull) ++changes_;
      out[id] = hull;
    }
    return out;
  }

  /// Narrows term `t` to `target`, projecting onto its arguments; false if `t` cannot lie in `target`.
  bool narrow(const z3::expr& t, const Interval& target) {
    Interval current = eval(t);
    Interval m = current.meet(target);
    if (m.isEmpty()) return false;
    if (m == current) return true;
    if (!t.is_app()) return true;
    if (t.is_const()) {
      if (t.is_numeral()) return true;
      overrides_[t.id()] = m;
      forget();
      ++changes_;
      return true;
    }
    unsigned n = t.num_args();
    switch (t.decl().decl_kind()) {
      case Z3_OP_ADD: {
        std::vector<Interval> args;
        for (unsigned i = 0; i < n; ++i) args.push_back(eval(t.arg(i)));
        for (unsigned i = 0; i < n; ++i) {
          Interval rest = Interval::point(0);
          for (unsigned j = 0; j < n; ++j)
            if (j != i) rest = rest + args[j];
          if (!narrow(t.arg(i), m - rest)) return false;
        }
        return true;
      }
      case Z3_OP_SUB: {
        // a0 - a1 - ... - an = m: a0 ∈ m + Σ others, ai ∈ a0 - m - Σ others.
        std::vector<Interval> args;
        for (unsigned i = 0; i < n; ++i) args.push_back(eval(t.arg(i)));
        for (unsigned i = 0; i < n; ++i) {
          Interval rest = Interval::point(0);
          for (unsigned j = 1; j < n; ++j)
            if (j != i) rest = rest + args[j];
          Interval target = i == 0 ? m + rest : args[0] - m - rest;
          if (!narrow(t.arg(i), target)) return false;
        }
        return true;
      }
      case Z3_OP_UMINUS: return narrow(t.arg(0), -m);
      case Z3_OP_MUL: return narrowProduct(t, m);
      case Z3_OP_ITE: {
        Truth c = truth(t.arg(0));
        if (c != Truth::Unknown) return narrow(t.arg(c == Truth::True ? 1 : 2), m);
        if (eval(t.arg(1)).meet(m).isEmpty()) return assume(t.arg(0), false, 0) && narrow(t.arg(2), m);
        if (eval(t.arg(2)).meet(m).isEmpty()) return assume(t.arg(0), true, 0) && narrow(t.arg(1), m);
        return true;
      }
      default: return true;
    }
  }

  /// c * x in m, for a product of numerals and one other factor.
  bool narrowProduct(const z3::expr& t, const Interval& m) {
    int64_t coefficient = 1;
    int other = -1;
    for (unsigned i = 0; i < t.num_args(); ++i) {
      int64_t v;
      if (t.arg(i).is_numeral_i64(v)) {
        if (__builtin_mul_overflow(coefficient, v, &coefficient)) return true;
      } else if (other >= 0) {
        return true;
      } else {
        other = static_cast<int>(i);
      }
    }
    if (other < 0) return true;
    if (coefficient == 0) return m.contains(0);
    return narrow(t.arg(other), m.divideExact(coefficient));
  }

  Interval evalUncached(const z3::expr& t) {
    if (t.is_bool()) {
      Truth v = truth(t);
      return v == Truth::True ? Interval::point(1) : v == Truth::False ? Interval::point(0) : Interval::boolean();
    }
    if (!t.is_int() || !t.is_app()) return Interval::top();
    if (t.is_numeral()) {
      int64_t v;
      return t.is_numeral_i64(v) ? Interval::point(v) : Interval::top();
    }
    if (t.is_const()) return value(t);
    unsigned n = t.num_args();
    switch (t.decl().decl_kind()) {
      case Z3_OP_ADD: {
        Interval sum = Interval::point(0);
        for (unsigned i = 0; i < n; ++i) sum = sum + eval(t.arg(i));
        return sum;
      }
      case Z3_OP_SUB: {
        Interval r = eval(t.arg(0));
        for (unsigned i = 1; i < n; ++i) r = r - eval(t.arg(i));
        return r;
      }
      case Z3_OP_UMINUS: return -eval(t.arg(0));
      case Z3_OP_MUL: {
        Interval r = Interval::point(1);
        for (unsigned i = 0; i < n; ++i) r = r * eval(t.arg(i));
        return r;
      }
      case Z3_OP_IDIV: return eval(t.arg(0)).div(eval(t.arg(1)));
      case Z3_OP_MOD: return eval(t.arg(0)).mod(eval(t.arg(1)));
      case Z3_OP_REM: {
        // rem(a, b) = mod(a, b) for b ≥ 0 and -mod(a, b) for b < 0.
        Interval b = eval(t.arg(1));
        Interval r = eval(t.arg(0)).mod(b);
        return b.lo() >= 0 ? r : r.join(-r);
      }
      case Z3_OP_ITE: {
        Truth c = truth(t.arg(0));
        if (c == Truth::True) return eval(t.arg(1));
        if (c == Truth::False) return eval(t.arg(2));
        return eval(t.arg(1)).join(eval(t.arg(2)));
      }
      default: return Interval::top();
    }
  }

  std::function<Interval(const z3::expr&)> base_;
  std::unordered_map<unsigned, Interval> overrides_;
  std::unordered_map<unsigned, Interval> memo_;
  std::unordered_map<unsigned, Truth> truthMemo_;
  unsigned changes_ = 0;
};

}  // namespace

IntervalTransfer::IntervalTransfer(const ir::Program& program)
    : program_(&program), tracked_(program.numVars(), false) {
  for (auto& v : program.vars()) {
    tracked_[v.id] = v.cur.is_int() || v.cur.is_bool();
    varOfCur_.emplace(v.cur.id(), v.id);
  }
}

Box IntervalTransfer::topBox() const {
  Box b(program_->numVars());
  for (auto& v : program_->vars())
    if (v.cur.is_bool()) b[v.id] = Interval::boolean();
  return b;
}

std::optional<Box> IntervalTransfer::post(ir::EdgeId e, const Box& pre) const {
  const ir::Edge& edge = program_->edge(e);
  Propagator prop([&](const z3::expr& c) {
    auto it = varOfCur_.find(c.id());
    if (it != varOfCur_.end() && tracked_[it->second]) return pre[it->second];
    return c.is_bool() ? Interval::boolean() : Interval::top();
  });
  for (int round = 0; round < kRounds; ++round) {
    unsigned before = prop.changes();
    if (!prop.assume(edge.formula, true, kSplitDepth)) return std::nullopt;
    if (prop.changes() == before) break;
  }
  Box out = pre;
  std::vector<bool> written(program_->numVars(), false);
  for (ir::VarId w : edge.writes) written[w] = true;
  for (auto& v : program_->vars()) {
    if (!tracked_[v.id]) continue;
    out[v.id] = prop.value(written[v.id] ? v.next : v.cur);
    if (out[v.id].isEmpty()) return std::nullopt;
  }
  return out;
}

}  // namespace argus::analysis
