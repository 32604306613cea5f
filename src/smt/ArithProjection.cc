// Own model-based projection (see ArithProjection.h). The cube is read into linear constraints
// (term ⋈ 0 with ⋈ among <, ≤, =, or k | term) over "atoms": the variables and every maximal sub-term that
// is not linear arithmetic. Variables are then eliminated one at a time on that representation with
// exact rationals; the remaining constraints are written back as Z3 literals. Literals that are not
// arithmetic comparisons pass through unchanged, and the variables they mention stay for Z3.
#include "smt/ArithProjection.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "smt/CheckedRational.h"
#include "smt/Implicant.h"
#include "smt/TermWalk.h"
#include "smt/Terms.h"

namespace argus::smt {
namespace {

/// Thrown where the projection of the current variable meets something it does not handle (a model
/// value that is not a rational numeral, an integer among reals); the variable is then left for Z3,
/// as on ArithOverflow.
struct Unsupported {};

using IdSet = std::unordered_set<unsigned>;

/// Runs `step`; false if it gave up (Unsupported, ArithOverflow, or a Z3 exception on a term it built).
template <typename Step>
bool attempt(Step&& step) {
  try {
    step();
    return true;
  } catch (const Unsupported&) {
  } catch (const ArithOverflow&) {
  } catch (const z3::exception&) {
  }
  return false;
}

bool mentionsAny(const z3::expr& e, const IdSet& ids) {
  return anySubterm(e, [&](const z3::expr& t) { return t.is_const() && ids.count(t.id()); });
}

/// Whether `e` is a numeral or arithmetic over numerals only ((- 1), (/ 1 2) as the parser may leave them).
bool isConstantTerm(const z3::expr& e) {
  if (e.is_numeral()) return true;
  if (!e.is_app() || e.num_args() == 0) return false;
  switch (e.decl().decl_kind()) {
    case Z3_OP_UMINUS:
    case Z3_OP_ADD:
    case Z3_OP_SUB:
    case Z3_OP_MUL:
    case Z3_OP_TO_REAL:
      for (unsigned i = 0; i < e.num_args(); ++i)
        if (!isConstantTerm(e.arg(i))) return false;
      return true;
    case Z3_OP_DIV: {
      // Real division of numerals: SMT-LIB has no rational literals, so (/ 1.0 3.0) is how files write a
      // third, and Z3's parser keeps it. Not a constant when the divisor is 0 (division by 0 is an
      // uninterpreted value in SMT-LIB).
      if (!isConstantTerm(e.arg(0)) || !isConstantTerm(e.arg(1))) return false;
      z3::expr divisor = e.arg(1).simplify();
      return divisor.is_numeral() && !parseRational(Z3_get_numeral_string(e.ctx(), divisor)).isZero();
    }
    default: return false;
  }
}

/// Σ coefficient·atom + constant; atoms are indices into Projector::atoms_.
struct Linear {
  std::map<unsigned, Rational> coeffs;  // ordered: canonical keys and output
  Rational constant;

  Rational coeff(unsigned atom) const {
    auto it = coeffs.find(atom);
    return it == coeffs.end() ? Rational() : it->second;
  }
  void addTerm(unsigned atom, const Rational& c) {
    if (c.isZero()) return;
    auto [it, inserted] = coeffs.emplace(atom, c);
    if (!inserted) {
      it->second = it->second + c;
      if (it->second.isZero()) coeffs.erase(it);
    }
  }
  void add(const Linear& other, const Rational& scale) {
    for (auto& [a, c] : other.coeffs) addTerm(a, c * scale);
    constant = constant + other.constant * scale;
  }
  void scale(const Rational& s) {
    for (auto& [a, c] : coeffs) c = c * s;
    constant = constant * s;
  }
  Linear without(unsigned atom) const {
    Linear out = *this;
    out.coeffs.erase(atom);
    return out;
  }
};

/// term < 0, term ≤ 0, term = 0, or modulus | term.
enum class Rel { Lt, Le, Eq, Divides };
struct Constraint {
  Rel rel;
  Linear term;
  BigInt modulus = 0;
};

/// Truth of a constraint without atoms.
bool holdsConstant(const Constraint& c) {
  const Rational& k = c.term.constant;
  switch (c.rel) {
    case Rel::Lt: return k.sign() < 0;
    case Rel::Le: return k.sign() <= 0;
    case Rel::Eq: return k.isZero();
    case Rel::Divides: return k.isInt() && k.num() % c.modulus == 0;
  }
  return false;
}

/// A residue in (−m/2, m/2], so that reduced divisibility coefficients stay small in both directions.
BigInt symmetricMod(BigInt v, BigInt m) {
  BigInt r = checked::mod(v, m);
  return 2 * r > m ? r - m : r;
}

/// Moduli from this size up are read as machine-integer wrap-around (see quotientByConstant).
constexpr int64_t kWrapModulus = 256;

class Projector {
 public:
  Projector(const std::vector<z3::expr>& vars, const z3::model& model) : model_(model), vars_(vars) {}

  ArithProjection run(const std::vector<z3::expr>& cube);

 private:
  struct Atom {
    z3::expr term;  // Int or Real; for a purification variable, the term t div k it stands for
    bool isInt;
    bool fresh;  // a purification variable: must be eliminated
    std::optional<Rational> value;
  };

  std::vector<z3::expr> substituteBooleans(const std::vector<z3::expr>& cube);
  bool readLiteral(const z3::expr& literal);
  Linear linear(const z3::expr& e);
  Linear quotientByConstant(const z3::expr& e, Z3_decl_kind kind);
  unsigned atomOf(const z3::expr& e);
  Rational value(unsigned atom);
  Rational value(const Linear& t);
  bool integral(const Linear& t) const;

  std::optional<unsigned> nextVariable(std::vector<unsigned>& pending) const;
  void eliminate(unsigned x);
  std::vector<Constraint> eliminateInt(unsigned x, const std::vector<Constraint>& with);
  std::vector<Constraint> eliminateReal(unsigned x, const std::vector<Constraint>& with);
  std::optional<std::vector<Constraint>> substituteEquality(unsigned x, const std::vector<Constraint>& with,
                                                            bool integers);

  std::optional<Constraint> normalised(Constraint c) const;
  std::vector<Constraint> merged(std::vector<Constraint> cs) const;
  z3::expr toExpr(const Constraint& c) const;
  ArithProjection result(const std::vector<z3::expr>& literals) const;

  const z3::model& model_;
  const std::vector<z3::expr>& vars_;
  IdSet eliminate_;    // ids of the Int/Real variables to eliminate
  IdSet unsupported_;  // ids of those left for Z3
  std::vector<Atom> atoms_;
  std::unordered_map<unsigned, unsigned> atomIndex_;  // term id → atom
  std::unordered_map<unsigned, Linear> linearOf_;     // term id → its reading
  std::unordered_map<unsigned, Rational> wrapQuotients_;  // t div k (k ≥ kWrapModulus) → its model value
  std::vector<Constraint> constraints_;
  std::vector<z3::expr> opaque_;  // literals kept as they are
};

/// Every Boolean variable to eliminate gets its model value (the model's own disjunct).
std::vector<z3::expr> Projector::substituteBooleans(const std::vector<z3::expr>& cube) {
  std::vector<z3::expr> from, to;
  IdSet ids;
  for (auto& v : vars_) {
    if (!v.is_bool()) continue;
    from.push_back(v);
    to.push_back(model_.eval(v, true));
    ids.insert(v.id());
  }
  if (from.empty()) return cube;
  std::vector<z3::expr> out;
  for (auto& literal : cube) {
    if (!mentionsAny(literal, ids)) {
      out.push_back(literal);
      continue;
    }
    for (auto& c : conjuncts(substitute(literal, from, to).simplify())) out.push_back(c);
  }
  return out;
}

ArithProjection Projector::run(const std::vector<z3::expr>& cube) {
  std::vector<z3::expr> literals = substituteBooleans(cube);
  for (auto& v : vars_)
    if (v.is_int() || v.is_real()) eliminate_.insert(v.id());
  if (eliminate_.empty()) return result(literals);

  for (auto& literal : literals) {
    if (!mentionsAny(literal, eliminate_)) {  // untouched by elimination: kept as written
      opaque_.push_back(literal);
      continue;
    }
    bool read = false;
    if (attempt([&] { read = readLiteral(literal); }) && read) continue;
    opaque_.push_back(literal);
    for (auto& c : freeConstants(literal))
      if (eliminate_.count(c.id())) unsupported_.insert(c.id());
  }
  constraints_ = merged(std::move(constraints_));

  std::vector<unsigned> pending;
  for (unsigned i = 0; i < atoms_.size(); ++i)
    if (atoms_[i].fresh || (eliminate_.count(atoms_[i].term.id()) && !unsupported_.count(atoms_[i].term.id())))
      pending.push_back(i);
  // A variable that fails may succeed once others are gone (an integer next to a real that is
  // eliminated later): retry the failed ones while a round makes progress.
  std::vector<unsigned> failed;
  bool progress = false;
  while (true) {
    auto x = nextVariable(pending);
    if (!x) {
      if (failed.empty() || !progress) break;
      pending.swap(failed);
      failed.clear();
      progress = false;
      continue;
    }
    if (attempt([&] { eliminate(*x); })) progress = true;
    else failed.push_back(*x);
  }
  for (unsigned x : failed) {
    if (atoms_[x].fresh) return result(literals);  // a purification variable cannot stay: give up
    unsupported_.insert(atoms_[x].term.id());
  }

  std::vector<z3::expr> out = opaque_;
  IdSet seen;
  for (auto& e : out) seen.insert(e.id());
  bool written = attempt([&] {
    for (auto& c : constraints_) {
      z3::expr e = toExpr(c);
      if (seen.insert(e.id()).second) out.push_back(e);
    }
  });
  return result(written ? out : literals);
}

ArithProjection Projector::result(const std::vector<z3::expr>& literals) const {
  ArithProjection r{literals, {}};
  IdSet occurring;
  for (auto& l : literals)
    for (auto& c : freeConstants(l)) occurring.insert(c.id());
  for (auto& v : vars_)
    if (occurring.count(v.id())) r.unprojected.push_back(v);
  return r;
}

/// Reads an arithmetic comparison (possibly negated) into constraints_; false for any other literal.
bool Projector::readLiteral(const z3::expr& literal) {
  bool positive = true;
  z3::expr a = literal;
  while (a.is_app() && a.decl().decl_kind() == Z3_OP_NOT) {
    positive = !positive;
    a = a.arg(0);
  }
  if (!a.is_app() || a.num_args() != 2 || !a.arg(0).is_arith()) return false;
  Z3_decl_kind kind = a.decl().decl_kind();
  if (kind != Z3_OP_LE && kind != Z3_OP_LT && kind != Z3_OP_GE && kind != Z3_OP_GT && kind != Z3_OP_EQ &&
      kind != Z3_OP_DISTINCT)
    return false;
  // d = lhs − rhs; every case becomes d ⋈ 0 or −d ⋈ 0.
  Linear d = linear(a.arg(0));
  d.add(linear(a.arg(1)), Rational(-1));
  Linear minusD = d;
  minusD.scale(Rational(-1));
  if (kind == Z3_OP_DISTINCT) {
    kind = Z3_OP_EQ;
    positive = !positive;
  }
  Constraint c{Rel::Le, d};
  switch (kind) {
    case Z3_OP_LE: c = positive ? Constraint{Rel::Le, d} : Constraint{Rel::Lt, minusD}; break;
    case Z3_OP_LT: c = positive ? Constraint{Rel::Lt, d} : Constraint{Rel::Le, minusD}; break;
    case Z3_OP_GE: c = positive ? Constraint{Rel::Le, minusD} : Constraint{Rel::Lt, d}; break;
    case Z3_OP_GT: c = positive ? Constraint{Rel::Lt, minusD} : Constraint{Rel::Le, d}; break;
    default:  // equality; a disequality becomes the strict bound the model satisfies
      if (positive) c = Constraint{Rel::Eq, d};
      else c = value(d).sign() < 0 ? Constraint{Rel::Lt, d} : Constraint{Rel::Lt, minusD};
  }
  if (auto n = normalised(std::move(c))) constraints_.push_back(std::move(*n));
  return true;
}

/// The linear reading of an arithmetic term; non-linear sub-terms become atoms.
Linear Projector::linear(const z3::expr& e) {
  auto known = linearOf_.find(e.id());
  if (known != linearOf_.end()) return known->second;
  Linear out;
  Z3_decl_kind kind = e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED;
  if (e.is_numeral()) {
    out.constant = parseRational(Z3_get_numeral_string(e.ctx(), e));
  } else if (kind == Z3_OP_ADD || kind == Z3_OP_SUB) {
    for (unsigned i = 0; i < e.num_args(); ++i)
      out.add(linear(e.arg(i)), Rational(kind == Z3_OP_SUB && i > 0 ? -1 : 1));
  } else if (kind == Z3_OP_UMINUS) {
    out.add(linear(e.arg(0)), Rational(-1));
  } else if (kind == Z3_OP_TO_REAL) {
    out = linear(e.arg(0));
  } else if (kind == Z3_OP_MUL) {
    Rational factor(1);
    std::optional<z3::expr> variable;
    bool linearProduct = true;
    for (unsigned i = 0; i < e.num_args(); ++i) {
      if (isConstantTerm(e.arg(i))) factor = factor * linear(e.arg(i)).constant;
      else if (variable) linearProduct = false;
      else variable = e.arg(i);
    }
    if (!linearProduct) out.addTerm(atomOf(e), Rational(1));
    else if (variable) out.add(linear(*variable), factor);
    else out.constant = factor;
  } else if (kind == Z3_OP_DIV && isConstantTerm(e.arg(1)) && !linear(e.arg(1)).constant.isZero()) {
    out.add(linear(e.arg(0)), Rational(1) / linear(e.arg(1)).constant);
  } else if ((kind == Z3_OP_IDIV || kind == Z3_OP_MOD || kind == Z3_OP_REM) && isConstantTerm(e.arg(1)) &&
             !linear(e.arg(1)).constant.isZero() && mentionsAny(e.arg(0), eliminate_)) {
    out = quotientByConstant(e, kind);
  } else {
    out.addTerm(atomOf(e), Rational(1));
  }
  linearOf_.emplace(e.id(), out);
  return out;
}

/// Purification of t div k, t mod k, t rem k for a constant k ≠ 0 and t mentioning a variable to
/// eliminate: a fresh integer z = t div |k| with 0 ≤ t − |k|·z ≤ |k| − 1, so that t mod k = t − |k|·z,
/// t div k = sign(k)·z and t rem k = sign(k)·(t mod k) (SMT-LIB's and Z3's semantics).
///
/// For a modulus of kWrapModulus or more, z is not a variable but its value in the model: the
/// projection keeps 0 ≤ t − |k|·M(z) ≤ |k| − 1, which implies the original (the model's disjunct of
/// ∃z). Such moduli are machine-integer wrap-around (2^8, 2^32, ...): eliminating z would leave a
/// divisibility by 2^32 that pins the other variables to single residues, and the engines would block
/// or cover 2^32 points one by one; the model's quotient (usually 0, "no wrap") leaves a polyhedron.
Linear Projector::quotientByConstant(const z3::expr& e, Z3_decl_kind kind) {
  Rational k = linear(e.arg(1)).constant;
  Rational absK = k.sign() < 0 ? -k : k;
  z3::expr t = e.arg(0);
  z3::expr quotient = t / e.ctx().int_val(toDecimal(absK.num()).c_str());
  Linear lt = linear(t);
  bool wrap = absK >= Rational(kWrapModulus);
  Linear zTerm;
  auto known = atomIndex_.find(quotient.id());
  if (known != atomIndex_.end()) {
    zTerm.addTerm(known->second, Rational(1));
  } else if (wrap && wrapQuotients_.count(quotient.id())) {
    zTerm.constant = wrapQuotients_.at(quotient.id());
  } else {
    if (wrap) {
      z3::expr v = model_.eval(quotient, true);
      if (!v.is_numeral()) throw Unsupported{};
      zTerm.constant = parseRational(Z3_get_numeral_string(v.ctx(), v));
      wrapQuotients_.emplace(quotient.id(), zTerm.constant);
    } else {
      unsigned z = static_cast<unsigned>(atoms_.size());
      atoms_.push_back({quotient, true, true, std::nullopt});
      atomIndex_.emplace(quotient.id(), z);
      zTerm.addTerm(z, Rational(1));
    }
    Linear lower;  // |k|·z − t ≤ 0
    lower.add(zTerm, absK);
    lower.add(lt, Rational(-1));
    Linear upper;  // t − |k|·z − (|k| − 1) ≤ 0
    upper.add(lt, Rational(1));
    upper.add(zTerm, -absK);
    upper.constant = upper.constant - absK + Rational(1);
    for (Linear* bound : {&lower, &upper})
      if (auto n = normalised(Constraint{Rel::Le, *bound})) constraints_.push_back(std::move(*n));
  }
  if (kind == Z3_OP_IDIV) {
    zTerm.scale(Rational(k.sign()));
    return zTerm;
  }
  Linear remainder = lt;  // t − |k|·z
  remainder.add(zTerm, -absK);
  if (kind == Z3_OP_REM) remainder.scale(Rational(k.sign()));
  return remainder;
}

/// The atom for a term the projection treats as opaque. A variable to eliminate under such a term
/// (x·y, f(x), select(a, x), ...) cannot be projected here.
unsigned Projector::atomOf(const z3::expr& e) {
  auto known = atomIndex_.find(e.id());
  if (known != atomIndex_.end()) return known->second;
  if (!eliminate_.count(e.id())) {
    for (auto& c : freeConstants(e))
      if (eliminate_.count(c.id())) unsupported_.insert(c.id());
  }
  unsigned index = static_cast<unsigned>(atoms_.size());
  atoms_.push_back({e, e.is_int(), false, std::nullopt});
  atomIndex_.emplace(e.id(), index);
  return index;
}

Rational Projector::value(unsigned atom) {
  Atom& a = atoms_[atom];
  if (!a.value) {
    z3::expr v = model_.eval(a.term, true);
    if (!v.is_numeral()) throw Unsupported{};  // e.g. an algebraic number of a non-linear real term
    a.value = parseRational(Z3_get_numeral_string(v.ctx(), v));
  }
  return *a.value;
}

Rational Projector::value(const Linear& t) {
  Rational sum = t.constant;
  for (auto& [a, c] : t.coeffs) sum = sum + c * value(a);
  return sum;
}

/// All atoms integers: the constraint ranges over integers only (strict bounds tighten, divisibility).
bool Projector::integral(const Linear& t) const {
  return std::all_of(t.coeffs.begin(), t.coeffs.end(), [&](auto& entry) { return atoms_[entry.first].isInt; });
}

/// The next variable to eliminate, removed from `pending`: one with a unit-coefficient equality first (an
/// exact substitution that adds no divisibility), then one with any equality, then in order.
std::optional<unsigned> Projector::nextVariable(std::vector<unsigned>& pending) const {
  if (pending.empty()) return std::nullopt;
  std::unordered_map<unsigned, int> rank;  // 0 unit equality, 1 equality
  for (auto& c : constraints_) {
    if (c.rel != Rel::Eq) continue;
    for (auto& [a, coeff] : c.term.coeffs) {
      int r = (coeff == Rational(1) || coeff == Rational(-1)) ? 0 : 1;
      auto [it, inserted] = rank.emplace(a, r);
      if (!inserted) it->second = std::min(it->second, r);
    }
  }
  size_t best = 0;
  int bestRank = 2;
  for (size_t i = 0; i < pending.size(); ++i) {
    auto it = rank.find(pending[i]);
    int r = it == rank.end() ? 2 : it->second;
    if (r < bestRank) {
      best = i;
      bestRank = r;
    }
  }
  unsigned x = pending[best];
  pending.erase(pending.begin() + static_cast<long>(best));
  return x;
}

/// Replaces the constraints that mention x by their projection; all-or-nothing (an exception leaves
/// the constraints untouched).
void Projector::eliminate(unsigned x) {
  std::vector<Constraint> with, rest;
  for (auto& c : constraints_) (c.term.coeffs.count(x) ? with : rest).push_back(std::move(c));
  constraints_.clear();
  if (with.empty()) {
    constraints_ = std::move(rest);
    return;
  }
  try {
    std::vector<Constraint> produced = atoms_[x].isInt ? eliminateInt(x, with) : eliminateReal(x, with);
    std::vector<Constraint> kept;
    for (auto& c : produced)
      if (auto n = normalised(std::move(c))) kept.push_back(std::move(*n));
    with = std::move(kept);
  } catch (...) {
    for (auto& c : rest) constraints_.push_back(std::move(c));  // as it was (in another order)
    for (auto& c : with) constraints_.push_back(std::move(c));
    throw;
  }
  for (auto& c : with) rest.push_back(std::move(c));
  constraints_ = merged(std::move(rest));
}

/// Substitution by an equality a·x + r = 0 among `with` (the one with the smallest |a|): A·x = e with
/// A = |a|, e = −sign(a)·r; each other constraint b·x + s ⋈ 0 becomes b·e + A·s ⋈ 0 (scaled by A > 0),
/// a divisibility m | b·x + s becomes A·m | b·e + A·s, and over the integers A | e keeps x integral.
/// Exact: no model choice is involved.
std::optional<std::vector<Constraint>> Projector::substituteEquality(unsigned x,
                                                                     const std::vector<Constraint>& with,
                                                                     bool integers) {
  size_t eq = with.size();
  Rational absA;
  for (size_t i = 0; i < with.size(); ++i) {
    if (with[i].rel != Rel::Eq) continue;
    Rational a = with[i].term.coeff(x);
    if (a.sign() < 0) a = -a;
    if (eq == with.size() || a < absA) {
      eq = i;
      absA = a;
    }
  }
  if (eq == with.size()) return std::nullopt;
  Linear e = with[eq].term.without(x);
  e.scale(Rational(-with[eq].term.coeff(x).sign()));
  std::vector<Constraint> out;
  for (size_t i = 0; i < with.size(); ++i) {
    if (i == eq) continue;
    Constraint c{with[i].rel, with[i].term.without(x), with[i].modulus};
    c.term.scale(absA);
    c.term.add(e, with[i].term.coeff(x));
    if (c.rel == Rel::Divides) c.modulus = checked::mul(c.modulus, absA.num());
    out.push_back(std::move(c));
  }
  if (integers && absA != Rational(1)) out.push_back(Constraint{Rel::Divides, e, absA.num()});
  return out;
}

/// Model-guided Cooper (Bjørner & Janota, LPAR 2015) for an integer x. With no equality, the bounds
/// are −A·x + l ≤ 0 (A·x ≥ l, lower) and B·x − u ≤ 0 (upper), the divisibilities m | b·x + s. The lower
/// bound with the greatest ⌈M(l)/A⌉ = v is chosen; x* = v + ((M(x) − v) mod D), D the lcm of the
/// m/gcd(m, b), is then an integer solution between every bound and in every residue class that M(x)
/// is in, and x* ≤ M(x). A·x := l + δ with δ = A·x* − M(l) (a constant) is substituted everywhere, with
/// A | l + δ. With only upper bounds the same runs on x' = −x; with no bounds at all x := M(x) mod D.
std::vector<Constraint> Projector::eliminateInt(unsigned x, const std::vector<Constraint>& with) {
  for (auto& c : with)
    if (!integral(c.term)) throw Unsupported{};  // an integer among reals: Z3 (mixed integer-real MBP)
  if (auto substituted = substituteEquality(x, with, true)) return *substituted;
  bool lower = false, upper = false;
  BigInt period = 1;  // D
  for (auto& c : with) {
    BigInt b = c.term.coeff(x).num();
    if (c.rel == Rel::Divides) period = checked::lcm(period, c.modulus / checked::gcd(c.modulus, b));
    else (b < 0 ? lower : upper) = true;
  }
  bool divisibility = std::any_of(with.begin(), with.end(), [](auto& c) { return c.rel == Rel::Divides; });
  if (!divisibility && (!lower || !upper)) return {};  // x unbounded on one side: ∃x holds
  BigInt mx = value(x).num();
  std::vector<Constraint> out;
  if (!lower && !upper) {
    BigInt chosen = checked::mod(mx, period);
    for (auto& c : with) {
      Constraint d{c.rel, c.term.without(x), c.modulus};
      d.term.constant = d.term.constant + c.term.coeff(x) * Rational(chosen);
      out.push_back(std::move(d));
    }
    return out;
  }
  BigInt side = lower ? 1 : -1;  // x' = side·x, whose coefficients are side·b
  size_t best = with.size();
  BigInt bestV = 0, bestA = 0;
  for (size_t i = 0; i < with.size(); ++i) {
    BigInt b = checked::mul(side, with[i].term.coeff(x).num());
    if (with[i].rel == Rel::Divides || b >= 0) continue;
    BigInt a = -b;
    BigInt v = (value(with[i].term.without(x)) / Rational(a)).ceil();
    if (best == with.size() || v > bestV || (v == bestV && a < bestA)) {
      best = i;
      bestV = v;
      bestA = a;
    }
  }
  Linear e = with[best].term.without(x);  // l
  BigInt xStar = checked::add(bestV, checked::mod(checked::sub(checked::mul(side, mx), bestV), period));
  e.constant = e.constant + (Rational(checked::mul(bestA, xStar)) - value(e));  // l + δ
  for (size_t i = 0; i < with.size(); ++i) {
    if (i == best) continue;
    Constraint c{with[i].rel, with[i].term.without(x), with[i].modulus};
    c.term.scale(Rational(bestA));
    c.term.add(e, Rational(checked::mul(side, with[i].term.coeff(x).num())));
    if (c.rel == Rel::Divides) c.modulus = checked::mul(c.modulus, bestA);
    out.push_back(std::move(c));
  }
  if (bestA != 1) out.push_back(Constraint{Rel::Divides, e, bestA});
  return out;
}

/// Loos–Weispfenning for a real x. Lower bounds −A·x + l ⋈ 0 (l ≤ A·x or l < A·x); the one with the
/// largest M(l)/A is chosen, a strict one on ties (it is the tighter). A non-strict l: A·x := l. A strict
/// one: x := l/A + ε, under which an upper bound becomes strict (l/A < u) and a lower bound non-strict
/// (l'/A' ≤ l/A). x unbounded on one side: the constraints with x are dropped.
std::vector<Constraint> Projector::eliminateReal(unsigned x, const std::vector<Constraint>& with) {
  if (auto substituted = substituteEquality(x, with, false)) return *substituted;
  size_t best = with.size();
  Rational bestValue, bestA;
  bool upper = false;
  for (size_t i = 0; i < with.size(); ++i) {
    Rational b = with[i].term.coeff(x);
    if (with[i].rel == Rel::Divides) throw Unsupported{};  // cannot happen: divisibility is over integers
    if (b.sign() > 0) {
      upper = true;
      continue;
    }
    Rational v = value(with[i].term.without(x)) / -b;
    bool strict = with[i].rel == Rel::Lt;
    if (best == with.size() || v > bestValue || (v == bestValue && strict && with[best].rel != Rel::Lt)) {
      best = i;
      bestValue = v;
      bestA = -b;
    }
  }
  if (best == with.size() || !upper) return {};
  bool strict = with[best].rel == Rel::Lt;
  Linear l = with[best].term.without(x);
  std::vector<Constraint> out;
  for (size_t i = 0; i < with.size(); ++i) {
    if (i == best) continue;
    Rational b = with[i].term.coeff(x);
    Constraint c{with[i].rel, with[i].term.without(x)};
    c.term.scale(bestA);
    c.term.add(l, b);
    if (strict) c.rel = b.sign() > 0 ? Rel::Lt : Rel::Le;
    out.push_back(std::move(c));
  }
  return out;
}

/// The canonical form of a constraint, nullopt when it is trivially true: integer coefficients without
/// a common factor; over integers strict bounds become non-strict (t < 0 ⇔ t + 1 ≤ 0), bounds are
/// tightened (g·t + c ≤ 0 ⇔ t + ⌈c/g⌉ ≤ 0), divisibility coefficients are reduced modulo the modulus.
/// A constraint that is false without atoms cannot come from a cube the model satisfies: Unsupported,
/// so that such a bug shows as a fallback to Z3 instead of a wrong projection.
std::optional<Constraint> Projector::normalised(Constraint c) const {
  bool ints = integral(c.term);
  if (c.rel == Rel::Divides && !ints) throw Unsupported{};
  BigInt denominators = c.term.constant.den();
  for (auto& [a, k] : c.term.coeffs) denominators = checked::lcm(denominators, k.den());
  c.term.scale(Rational(denominators));
  if (c.rel == Rel::Divides) {
    c.modulus = checked::mul(c.modulus, denominators);
    for (auto it = c.term.coeffs.begin(); it != c.term.coeffs.end();) {
      it->second = Rational(symmetricMod(it->second.num(), c.modulus));
      it = it->second.isZero() ? c.term.coeffs.erase(it) : std::next(it);
    }
    c.term.constant = Rational(checked::mod(c.term.constant.num(), c.modulus));
  }
  if (ints && c.rel == Rel::Lt) {
    c.rel = Rel::Le;
    c.term.constant = c.term.constant + Rational(1);
  }
  if (c.term.coeffs.empty()) {
    if (!holdsConstant(c)) throw Unsupported{};
    return std::nullopt;
  }
  BigInt g = 0;
  for (auto& [a, k] : c.term.coeffs) g = checked::gcd(g, k.num());
  if (!ints || c.rel == Rel::Divides) g = checked::gcd(g, c.term.constant.num());
  if (c.rel == Rel::Divides) {
    g = checked::gcd(g, c.modulus);
    c.modulus /= g;
    if (c.modulus == 1) return std::nullopt;
  }
  if (ints && c.rel == Rel::Eq && c.term.constant.num() % g != 0) throw Unsupported{};
  for (auto& [a, k] : c.term.coeffs) k = Rational(k.num() / g);
  c.term.constant = ints && c.rel == Rel::Le ? Rational(c.term.constant.num(), g).ceil()
                                             : Rational(c.term.constant.num() / g);
  if (c.rel == Rel::Eq && c.term.coeffs.begin()->second.sign() < 0) c.term.scale(Rational(-1));
  return c;
}

/// Duplicates removed and, of bounds that differ only in their constant, the tightest kept.
std::vector<Constraint> Projector::merged(std::vector<Constraint> cs) const {
  // Same relation, modulus and coefficients (and constant, unless a bound): one constraint or two
  // bounds of which the tighter is kept. Hashed, then compared.
  auto isBound = [](const Constraint& c) { return c.rel == Rel::Le || c.rel == Rel::Lt; };
  auto hashOf = [&](const Constraint& c) {
    size_t h = static_cast<size_t>(c.rel) * 31 + static_cast<size_t>(c.modulus);
    auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    for (auto& [a, k] : c.term.coeffs) {
      mix(a);
      mix(static_cast<size_t>(k.num()));
      mix(static_cast<size_t>(k.den()));
    }
    if (!isBound(c)) mix(static_cast<size_t>(c.term.constant.num()));
    return h;
  };
  auto same = [&](const Constraint& a, const Constraint& b) {
    return a.rel == b.rel && a.modulus == b.modulus && a.term.coeffs == b.term.coeffs &&
           (isBound(a) || a.term.constant == b.term.constant);
  };
  std::unordered_multimap<size_t, size_t> index;
  std::vector<Constraint> out;
  for (auto& c : cs) {
    size_t h = hashOf(c);
    auto [first, last] = index.equal_range(h);
    auto match = std::find_if(first, last, [&](auto& entry) { return same(out[entry.second], c); });
    if (match == last) {
      index.emplace(h, out.size());
      out.push_back(std::move(c));
    } else if (isBound(c) && c.term.constant > out[match->second].term.constant) {
      out[match->second] = std::move(c);
    }
  }
  return out;
}

/// A constraint as a Z3 literal, over Int when every atom is an integer: the terms with positive
/// coefficients on the left, the others and the constant on the right (y ≤ x + 3 rather than
/// y − x − 3 ≤ 0), and an integer bound t + 1 ≤ 0 as t < 0, as a person (and Z3) would write them.
z3::expr Projector::toExpr(const Constraint& c) const {
  z3::context& ctx = vars_.front().ctx();
  bool ints = integral(c.term);
  auto numeral = [&](BigInt v) {
    std::string text = toDecimal(v);
    return ints ? ctx.int_val(text.c_str()) : ctx.real_val(text.c_str());
  };
  auto sum = [&](const std::vector<std::pair<BigInt, z3::expr>>& terms, BigInt constant) {
    z3::expr_vector summands(ctx);
    for (auto& [k, atom] : terms) summands.push_back(k == 1 ? atom : numeral(k) * atom);
    if (constant != 0 || summands.empty()) summands.push_back(numeral(constant));
    return summands.size() == 1 ? summands[0] : z3::sum(summands);
  };
  std::vector<std::pair<BigInt, z3::expr>> positive, negative;  // negative: |k|
  for (auto& [a, k] : c.term.coeffs) {
    z3::expr atom = atoms_[a].term;
    if (!ints && atom.is_int()) atom = z3::to_real(atom);
    if (k.sign() > 0) positive.emplace_back(k.num(), atom);
    else negative.emplace_back(checked::neg(k.num()), atom);
  }
  BigInt constant = c.term.constant.num();
  if (c.rel == Rel::Divides) {
    for (auto& [k, atom] : negative) positive.emplace_back(checked::neg(k), atom);
    return z3::mod(sum(positive, 0), numeral(c.modulus)) == numeral(checked::mod(checked::neg(constant), c.modulus));
  }
  Rel rel = c.rel;
  if (ints && rel == Rel::Le && constant == 1) {
    rel = Rel::Lt;
    constant = 0;
  }
  if (positive.empty()) {  // −Σ + c ⋈ 0 ⇔ Σ ⋈' c, with ⋈' the mirrored relation
    z3::expr lhs = sum(negative, 0), rhs = numeral(constant);
    return rel == Rel::Lt ? lhs > rhs : rel == Rel::Le ? lhs >= rhs : lhs == rhs;
  }
  z3::expr lhs = sum(positive, 0), rhs = sum(negative, checked::neg(constant));
  return rel == Rel::Lt ? lhs < rhs : rel == Rel::Le ? lhs <= rhs : lhs == rhs;
}

}  // namespace

ArithProjection projectArithmetic(const std::vector<z3::expr>& vars, const std::vector<z3::expr>& cube,
                                  const z3::model& model) {
  if (vars.empty()) return {cube, {}};
  return Projector(vars, model).run(cube);
}

}  // namespace argus::smt
