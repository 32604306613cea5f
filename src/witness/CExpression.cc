// IR formulas ↔ C expressions for witnesses (see CExpression.h). The writer bounds the magnitude of every
// arithmetic sub-term from the variables' C types, so that computing it in `long long` cannot overflow and
// the C value equals the mathematical one; the reader accepts exactly the shapes the writer produces.
#include "witness/CExpression.h"

#include <fmt/format.h>

#include <cctype>
#include <deque>

#include "smt/Implicant.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::witness {

// ---------------------------------------------------------------- scope

SourceScope::SourceScope(const ir::Program& program, ir::ProcId proc) : program_(program), proc_(proc) {
  const ir::Procedure& procedure = program.proc(proc);
  ambiguous_.insert(procedure.ambiguousNames.begin(), procedure.ambiguousNames.end());
  auto usable = [&](const std::string& name) { return this->usable(name); };
  // Variables that debug records name are named by the records alone; the others (memory the front end
  // keeps in a variable, variables of programs without records) by their own name where they are written.
  std::set<ir::VarId> recorded;
  for (ir::EdgeId e : procedure.edges)
    for (const ir::NameBinding& binding : program.edge(e).names)
      if (!binding.name.empty() && binding.var != ir::kNone) recorded.insert(binding.var);
  Writers atEntry;
  for (ir::VarId g : program.globals())
    if (usable(program.var(g).sourceName)) atEntry[program.var(g).sourceName].insert(g);
  for (ir::VarId p : procedure.params)
    if (usable(program.var(p).sourceName)) atEntry[program.var(p).sourceName].insert(p);
  // A forward may-analysis: the set of IR variables of each name that may hold it (ir::kNone: none, on
  // some path).
  atLocation_[procedure.entry] = atEntry;
  std::deque<ir::LocId> work{procedure.entry};
  while (!work.empty()) {
    ir::LocId at = work.front();
    work.pop_front();
    for (ir::EdgeId e : program.loc(at).out) {
      const ir::Edge& edge = program.edge(e);
      Writers after = atLocation_[at];
      for (ir::VarId w : edge.isCall() ? edge.results : edge.writes) {
        const ir::Variable& var = program.var(w);
        if (usable(var.sourceName) && var.role != ir::VarRole::Global && !recorded.count(w))
          after[var.sourceName] = {w};
      }
      for (const ir::NameBinding& binding : edge.names) {
        if (!binding.name.empty()) {
          if (usable(binding.name)) after[binding.name] = {binding.var};
          continue;
        }
        for (auto& [name, holders] : after)  // a new value: the names bound to the old one lose it
          if (holders.erase(binding.var)) holders.insert(ir::kNone);
      }
      auto [it, fresh] = atLocation_.try_emplace(edge.to);
      bool grew = fresh;
      if (fresh) it->second = after;
      // A name that one path binds and another does not has no variable there.
      for (auto& [name, holders] : it->second)
        if (!after.count(name)) grew |= holders.insert(ir::kNone).second;
      for (auto& [name, holders] : after) {
        auto [mine, added] = it->second.try_emplace(name);
        if (added) grew |= mine->second.insert(ir::kNone).second;
        for (ir::VarId w : holders) grew |= mine->second.insert(w).second;
      }
      if (grew) work.push_back(edge.to);
    }
  }
}

std::optional<ir::VarId> SourceScope::variableOf(ir::LocId loc, const std::string& name) const {
  auto at = atLocation_.find(loc);
  if (at == atLocation_.end()) return std::nullopt;
  auto it = at->second.find(name);
  if (it == at->second.end() || it->second.size() != 1 || *it->second.begin() == ir::kNone) return std::nullopt;
  return *it->second.begin();
}

std::optional<std::string> SourceScope::nameOf(ir::LocId loc, ir::VarId var) const {
  const std::string& own = program_.var(var).sourceName;
  if (!own.empty() && variableOf(loc, own) == var) return own;
  auto at = atLocation_.find(loc);
  if (at == atLocation_.end()) return std::nullopt;
  for (const auto& [name, writers] : at->second)
    if (variableOf(loc, name) == var) return name;
  return std::nullopt;
}

CNames SourceScope::namesAt(ir::LocId loc) const {
  CNames names(program_);
  auto at = atLocation_.find(loc);
  if (at == atLocation_.end()) return names;
  // A variable's own name first, so that the writer prefers it to a copy's name (nameOf's rule).
  for (const auto& [name, writers] : at->second)
    if (auto var = variableOf(loc, name); var && program_.var(*var).sourceName == name)
      names.add(*var, program_.var(*var).cur, name);
  for (const auto& [name, writers] : at->second)
    if (auto var = variableOf(loc, name)) names.add(*var, program_.var(*var).cur, name);
  return names;
}

// ---------------------------------------------------------------- names

void CNames::add(ir::VarId var, const z3::expr& constant, const std::string& text) {
  byConstant_.try_emplace(constant.id(), Named{var, text});
  alias(var, constant, text);
}

void CNames::alias(ir::VarId var, const z3::expr& constant, const std::string& text) {
  byText_.try_emplace(text, var, constant);
}

std::optional<CNames::Named> CNames::ofConstant(const z3::expr& constant) const {
  auto it = byConstant_.find(constant.id());
  if (it == byConstant_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::pair<ir::VarId, z3::expr>> CNames::ofText(const std::string& text) const {
  auto it = byText_.find(text);
  if (it == byText_.end()) return std::nullopt;
  return it->second;
}

CNames ensuresNames(const SourceScope& scope) {
  const ir::Program& program = scope.program();
  const ir::Procedure& proc = program.proc(scope.proc());
  CNames names(program);
  auto usable = [&](const ir::Variable& v) { return scope.usable(v.sourceName); };
  if (proc.results.size() == 1 && program.var(proc.results[0]).type.bits > 0)
    names.add(proc.results[0], program.var(proc.results[0]).cur, "\\result");
  for (ir::VarId p : proc.params) {
    const ir::Variable& v = program.var(p);
    if (!usable(v)) continue;
    names.add(p, v.old, "\\old(" + v.sourceName + ")");
    names.alias(p, v.old, v.sourceName);
  }
  for (ir::VarId g : program.globals()) {
    const ir::Variable& v = program.var(g);
    if (!usable(v)) continue;
    names.add(g, v.old, "\\old(" + v.sourceName + ")");
    names.add(g, v.cur, v.sourceName);
  }
  return names;
}

// ---------------------------------------------------------------- IR → C

namespace {

using Magnitude = unsigned __int128;
constexpr Magnitude kLongLongLimit = (Magnitude(1) << 63) - 1;

Magnitude saturatingAdd(Magnitude a, Magnitude b) { return a > kLongLongLimit || b > kLongLongLimit ? kLongLongLimit + 1 : a + b; }
Magnitude saturatingMul(Magnitude a, Magnitude b) {
  if (a == 0 || b == 0) return 0;
  return a > (kLongLongLimit + 1) / b ? kLongLongLimit + 1 : a * b;
}

struct CText {
  std::string text;
  Magnitude bound = 0;  // int terms: an upper bound of |value|
};

class Writer {
 public:
  Writer(const CNames& names, Arithmetic arithmetic) : names_(names), arithmetic_(arithmetic) {}

  std::optional<std::string> formula(const z3::expr& e) {
    std::optional<CText> t = boolean(e);
    if (!t) return std::nullopt;
    return t->text;
  }

 private:
  /// The variable of a `cur` constant and the C name it has at the location.
  struct Named {
    const ir::Variable* var;
    std::string name;
  };
  std::optional<Named> variable(const z3::expr& e) {
    auto named = names_.ofConstant(e);
    if (!named) return std::nullopt;
    return Named{&names_.program().var(named->var), named->text};
  }

  std::optional<CText> boolean(const z3::expr& e) {
    if (!e.is_bool()) return std::nullopt;
    if (e.is_true()) return CText{"1"};
    if (e.is_false()) return CText{"0"};
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      auto var = variable(e);
      if (!var) return std::nullopt;
      return CText{"(" + var->name + " != 0)"};
    }
    if (!e.is_app()) return std::nullopt;
    Z3_decl_kind kind = e.decl().decl_kind();
    auto args = [&](const char* op) -> std::optional<CText> {
      std::string out;
      for (unsigned i = 0; i < e.num_args(); ++i) {
        auto part = boolean(e.arg(i));
        if (!part) return std::nullopt;
        out += (i ? op : "") + part->text;
      }
      return CText{"(" + out + ")"};
    };
    switch (kind) {
      case Z3_OP_AND: return args(" && ");
      case Z3_OP_OR: return args(" || ");
      case Z3_OP_NOT: {
        auto a = boolean(e.arg(0));
        if (!a) return std::nullopt;
        return CText{"!" + a->text};
      }
      case Z3_OP_IMPLIES: {
        auto a = boolean(e.arg(0)), b = boolean(e.arg(1));
        if (!a || !b) return std::nullopt;
        return CText{"(!" + a->text + " || " + b->text + ")"};
      }
      case Z3_OP_ITE: {
        auto c = boolean(e.arg(0)), a = boolean(e.arg(1)), b = boolean(e.arg(2));
        if (!c || !a || !b) return std::nullopt;
        return CText{"(" + c->text + " ? " + a->text + " : " + b->text + ")"};
      }
      case Z3_OP_EQ:
      case Z3_OP_DISTINCT: {
        if (e.num_args() != 2) return std::nullopt;
        const char* op = kind == Z3_OP_EQ ? " == " : " != ";
        if (e.arg(0).is_bool()) {
          auto a = boolean(e.arg(0)), b = boolean(e.arg(1));
          if (!a || !b) return std::nullopt;
          return CText{"(" + a->text + op + b->text + ")"};
        }
        return comparison(e, op);
      }
      case Z3_OP_LE: return comparison(e, " <= ");
      case Z3_OP_LT: return comparison(e, " < ");
      case Z3_OP_GE: return comparison(e, " >= ");
      case Z3_OP_GT: return comparison(e, " > ");
      default: return std::nullopt;
    }
  }

  std::optional<CText> comparison(const z3::expr& e, const char* op) {
    auto a = integer(e.arg(0)), b = integer(e.arg(1));
    if (!a || !b) return std::nullopt;
    return CText{"(" + a->text + op + b->text + ")"};
  }

  std::optional<CText> integer(const z3::expr& e) {
    if (!e.is_int()) return std::nullopt;
    if (e.is_numeral()) {
      int64_t value;
      if (!e.is_numeral_i64(value) || value == INT64_MIN) return std::nullopt;
      Magnitude bound = static_cast<Magnitude>(value < 0 ? -value : value);
      return CText{value < 0 ? fmt::format("(-{}LL)", -value) : fmt::format("{}LL", value), bound};
    }
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      auto var = variable(e);
      if (!var) return std::nullopt;
      return cValue(*var->var, var->name);
    }
    if (!e.is_app()) return std::nullopt;
    switch (e.decl().decl_kind()) {
      case Z3_OP_ADD:
      case Z3_OP_SUB: {
        const char* op = e.decl().decl_kind() == Z3_OP_ADD ? " + " : " - ";
        std::string out;
        Magnitude bound = 0;
        for (unsigned i = 0; i < e.num_args(); ++i) {
          auto part = integer(e.arg(i));
          if (!part) return std::nullopt;
          out += (i ? op : "") + part->text;
          bound = saturatingAdd(bound, part->bound);
        }
        return checked("(" + out + ")", bound);
      }
      case Z3_OP_MUL: {
        std::string out;
        Magnitude bound = 1;
        for (unsigned i = 0; i < e.num_args(); ++i) {
          auto part = integer(e.arg(i));
          if (!part) return std::nullopt;
          out += (i ? " * " : "") + part->text;
          bound = saturatingMul(bound, part->bound);
        }
        return checked("(" + out + ")", bound);
      }
      case Z3_OP_UMINUS: {
        auto a = integer(e.arg(0));
        if (!a) return std::nullopt;
        return CText{"(-" + a->text + ")", a->bound};
      }
      case Z3_OP_ITE: {
        auto c = boolean(e.arg(0));
        auto a = integer(e.arg(1)), b = integer(e.arg(2));
        if (!c || !a || !b) return std::nullopt;
        return CText{"(" + c->text + " ? " + a->text + " : " + b->text + ")", std::max(a->bound, b->bound)};
      }
      case Z3_OP_MOD:
      case Z3_OP_IDIV: {
        // SMT-LIB's div and mod round down for a positive divisor; C's / and % round towards zero. By a
        // positive literal d: mod(a, d) is ((a % d) + d) % d in C, and div(a, d) = (a - mod(a, d)) / d,
        // a division without remainder. Other divisors are not translated.
        int64_t d;
        if (!e.arg(1).is_numeral_i64(d) || d <= 0 || static_cast<Magnitude>(d) > kLongLongLimit / 2)
          return std::nullopt;
        auto a = integer(e.arg(0));
        if (!a) return std::nullopt;
        std::string mod = fmt::format("((({} % {}LL) + {}LL) % {}LL)", a->text, d, d, d);
        if (e.decl().decl_kind() == Z3_OP_MOD) return CText{mod, static_cast<Magnitude>(d)};
        Magnitude difference = saturatingAdd(a->bound, static_cast<Magnitude>(d));
        if (arithmetic_ == Arithmetic::C && difference > kLongLongLimit) return std::nullopt;
        return CText{fmt::format("(({} - {}) / {}LL)", a->text, mod, d), difference / static_cast<Magnitude>(d)};
      }
      default: return std::nullopt;  // rem and the rest: C's rounding differs or no counterpart
    }
  }

  std::optional<CText> checked(std::string text, Magnitude bound) const {
    if (arithmetic_ == Arithmetic::C && bound > kLongLongLimit) return std::nullopt;
    return CText{std::move(text), bound};
  }

  /// The IR value of `var` (the signed reading of its bits, for unsigned types too) as a C expression.
  static std::optional<CText> cValue(const ir::Variable& var, const std::string& name) {
    unsigned bits = var.type.bits;
    if (bits == 0 || bits > 64) return std::nullopt;
    std::string asLong = "(long long)" + name;
    Magnitude half = Magnitude(1) << (bits - 1);
    if (var.type.isSigned || bits == 1) return CText{"(" + asLong + ")", half};
    if (bits == 64) return std::nullopt;
    // The int encoding keeps an unsigned value as the signed reading of its bits.
    return CText{fmt::format("({0} >= {1}LL ? {0} - {2}LL : {0})", asLong, static_cast<uint64_t>(half),
                             static_cast<uint64_t>(half * 2)),
                 half};
  }

  const CNames& names_;
  Arithmetic arithmetic_;
};

}  // namespace

std::optional<std::string> toC(const z3::expr& formula, const CNames& names, Arithmetic arithmetic) {
  return Writer(names, arithmetic).formula(formula);
}

std::optional<std::string> toC(const z3::expr& formula, const SourceScope& scope, ir::LocId loc) {
  return toC(formula, scope.namesAt(loc));
}

std::vector<z3::expr> hiddenConstants(const z3::expr& formula, const CNames& names) {
  std::vector<z3::expr> hidden;
  for (const z3::expr& c : smt::freeConstants(formula))
    if (!names.ofConstant(c)) hidden.push_back(c);
  return hidden;
}

z3::expr visiblePart(const z3::expr& formula, const SourceScope& scope, ir::LocId loc, unsigned milliseconds) {
  return visiblePart(formula, scope.namesAt(loc), milliseconds);
}

z3::expr visiblePart(const z3::expr& formula, const CNames& names, unsigned milliseconds) {
  z3::context& ctx = formula.ctx();
  z3::expr_vector hidden(ctx);
  for (const z3::expr& c : hiddenConstants(formula, names)) hidden.push_back(c);
  if (hidden.empty()) return formula;
  try {
    z3::goal goal(ctx);
    goal.add(z3::exists(hidden, formula));
    z3::tactic eliminate = z3::try_for(z3::tactic(ctx, "qe-light") & z3::tactic(ctx, "qe"), milliseconds);
    z3::apply_result result = eliminate(goal);
    if (result.size() != 1) return formula;
    z3::expr projected = result[0].as_expr();
    bool quantified = false;
    smt::forEachSubterm(projected, [&](const z3::expr& t) { quantified |= t.is_quantifier(); });
    return quantified ? formula : projected;
  } catch (const z3::exception&) {
    return formula;  // out of time or unsupported: the conjuncts over visible variables still say something
  }
}

std::string impliedC(const z3::expr& formula, const SourceScope& scope, ir::LocId loc) {
  return impliedC(formula, scope.namesAt(loc));
}

std::string impliedC(const z3::expr& formula, const CNames& names, Arithmetic arithmetic) {
  Writer writer(names, arithmetic);
  std::string out;
  for (const z3::expr& c : smt::conjuncts(formula)) {
    if (auto text = writer.formula(c)) out += (out.empty() ? "" : " && ") + *text;
  }
  return out;
}

// ---------------------------------------------------------------- C → IR

namespace {

class Reader {
 public:
  Reader(const std::string& text, const CNames& names, const std::string& where)
      : text_(text), names_(names), where_(where), ctx_(names.program().ctx()) {}

  z3::expr read() {
    z3::expr e = asBool(conditional());
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected '" + text_.substr(pos_, 10) + "'");
    return e;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw InputError(where_, 0, fmt::format("cannot read the C expression '{}': {}", text_, what));
  }
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(const std::string& token) {
    skipSpace();
    if (text_.compare(pos_, token.size(), token) != 0) return false;
    // "<" must not take the first character of "<=", "!" not that of "!=", "&" not half of "&&".
    std::string next = text_.substr(pos_ + token.size(), 1);
    if ((token == "<" || token == ">" || token == "!" || token == "=") && next == "=") return false;
    pos_ += token.size();
    return true;
  }
  void expect(const std::string& token) {
    if (!accept(token)) fail("expected '" + token + "'");
  }

  z3::expr asBool(const z3::expr& e) { return e.is_bool() ? e : e != 0; }
  z3::expr asInt(const z3::expr& e) { return e.is_bool() ? z3::ite(e, ctx_.int_val(1), ctx_.int_val(0)) : e; }

  z3::expr conditional() {
    z3::expr c = logicalOr();
    if (!accept("?")) return c;
    z3::expr a = conditional();
    expect(":");
    z3::expr b = conditional();
    if (a.is_bool() && b.is_bool()) return z3::ite(asBool(c), a, b);
    if (auto reading = signedReading(c, a, b)) return *reading;
    return z3::ite(asBool(c), asInt(a), asInt(b));
  }
  /// `(u >= H ? u - 2H : u)` of an unsigned variable u of the int encoding (how the writer says the value
  /// the encoding keeps, the signed reading of u's bits) is that value itself: read so, the formula is the
  /// one the writer started from rather than a nest of case splits the solver must undo.
  std::optional<z3::expr> signedReading(const z3::expr& c, const z3::expr& a, const z3::expr& b) {
    auto it = unsignedValues_.find(b.id());
    if (it == unsignedValues_.end()) return std::nullopt;
    const z3::expr &kept = it->second.kept, &half = it->second.half;
    auto isNumeral = [](const z3::expr& e, const z3::expr& value) {
      return e.is_numeral() && z3::eq(e, value.simplify());
    };
    bool test = c.is_app() && c.decl().decl_kind() == Z3_OP_GE && z3::eq(c.arg(0), b) && isNumeral(c.arg(1), half);
    bool wrapped = a.is_app() && a.decl().decl_kind() == Z3_OP_SUB && a.num_args() == 2 && z3::eq(a.arg(0), b) &&
                   isNumeral(a.arg(1), 2 * half);
    if (!test || !wrapped) return std::nullopt;
    return kept;
  }
  z3::expr logicalOr() {
    z3::expr e = logicalAnd();
    while (accept("||")) e = asBool(e) || asBool(logicalAnd());
    return e;
  }
  z3::expr logicalAnd() {
    z3::expr e = equality();
    while (accept("&&")) e = asBool(e) && asBool(equality());
    return e;
  }
  z3::expr equality() {
    z3::expr e = relation();
    for (;;) {
      if (accept("==")) {
        z3::expr r = relation();
        e = e.is_bool() && r.is_bool() ? e == r : asInt(e) == asInt(r);
      } else if (accept("!=")) {
        z3::expr r = relation();
        e = e.is_bool() && r.is_bool() ? e != r : asInt(e) != asInt(r);
      } else {
        return e;
      }
    }
  }
  z3::expr relation() {
    z3::expr e = additive();
    for (;;) {
      if (accept("<=")) e = asInt(e) <= asInt(additive());
      else if (accept(">=")) e = asInt(e) >= asInt(additive());
      else if (accept("<")) e = asInt(e) < asInt(additive());
      else if (accept(">")) e = asInt(e) > asInt(additive());
      else return e;
    }
  }
  z3::expr additive() {
    z3::expr e = multiplicative();
    for (;;) {
      if (accept("+")) e = asInt(e) + asInt(multiplicative());
      else if (accept("-")) e = asInt(e) - asInt(multiplicative());
      else return e;
    }
  }
  z3::expr multiplicative() {
    z3::expr e = unary();
    for (;;) {
      if (accept("*")) {
        e = asInt(e) * asInt(unary());
      } else if (accept("/")) {
        z3::expr a = asInt(e);
        int64_t d = positiveLiteral();
        // (x - mod(x, d)) / d divides exactly: SMT-LIB's div(x, d), as the writer wrote it.
        bool exact = a.is_app() && a.decl().decl_kind() == Z3_OP_SUB && a.num_args() == 2 &&
                     a.arg(1).is_app() && a.arg(1).decl().decl_kind() == Z3_OP_MOD &&
                     z3::eq(a.arg(1).arg(0), a.arg(0)) && z3::eq(a.arg(1).arg(1), ctx_.int_val(d));
        e = exact ? z3::expr(a.arg(0) / ctx_.int_val(d)) : truncatedQuotient(a, d);
      } else if (accept("%")) {
        z3::expr a = asInt(e);
        int64_t d = positiveLiteral();
        // ((x % d) + d) % d is SMT-LIB's mod(x, d) (rounding down), as the writer wrote it.
        if (a.is_app() && a.decl().decl_kind() == Z3_OP_ADD && a.num_args() == 2 &&
            z3::eq(a.arg(1), ctx_.int_val(d))) {
          auto it = remainders_.find(a.arg(0).id());
          if (it != remainders_.end() && it->second.divisor == d) {
            e = z3::mod(it->second.dividend, ctx_.int_val(d));
            continue;
          }
        }
        e = a - ctx_.int_val(d) * truncatedQuotient(a, d);
        remainders_.emplace(e.id(), Remainder{e, a, d});
      } else {
        return e;
      }
    }
  }
  /// C's a / d: rounded towards zero (SMT-LIB's div rounds down for d > 0).
  z3::expr truncatedQuotient(const z3::expr& a, int64_t d) {
    z3::expr divisor = ctx_.int_val(d);
    return z3::ite(a >= 0, a / divisor, -((-a) / divisor));
  }
  /// The divisor of / and %: only a positive integer literal (what the writer writes).
  int64_t positiveLiteral() {
    z3::expr d = unary();
    int64_t value;
    if (!d.is_numeral_i64(value) || value <= 0) fail("a divisor that is no positive integer literal");
    return value;
  }
  z3::expr unary() {
    if (accept("!")) return !asBool(unary());
    if (accept("-")) return -asInt(unary());
    if (accept("(")) {
      if (castType()) {
        expect(")");
        return asInt(unary());  // every value the writer casts fits the target type: the cast keeps it
      }
      z3::expr e = conditional();
      expect(")");
      return e;
    }
    return primary();
  }
  /// Consumes the integer type name of a cast, if one follows "(".
  bool castType() {
    static const char* kTypes[] = {"long long", "unsigned long long", "long", "unsigned long", "int", "unsigned int"};
    skipSpace();
    for (const char* t : kTypes) {
      std::string type = t;
      if (text_.compare(pos_, type.size(), type) == 0) {
        size_t after = pos_ + type.size();
        while (after < text_.size() && text_[after] == ' ') ++after;
        if (after < text_.size() && text_[after] == ')') {
          pos_ = after;
          return true;
        }
      }
    }
    return false;
  }
  z3::expr primary() {
    skipSpace();
    if (pos_ >= text_.size()) fail("unexpected end");
    char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t start = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      std::string digits = text_.substr(start, pos_ - start);
      while (pos_ < text_.size() && (text_[pos_] == 'L' || text_[pos_] == 'U' || text_[pos_] == 'l' || text_[pos_] == 'u'))
        ++pos_;
      return ctx_.int_val(digits.c_str());
    }
    if (c == '\\') {  // \result, \old(x)
      ++pos_;
      std::string keyword = identifier();
      if (keyword == "result") return named("\\result");
      if (keyword != "old") fail("unknown '\\" + keyword + "'");
      expect("(");
      skipSpace();
      std::string name = identifier();
      expect(")");
      return named("\\old(" + name + ")");
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return named(accessPath());
    fail(std::string("unexpected '") + c + "'");
  }
  /// A variable, or a field or element reached from one (`s->s3->tmp.next_state`, `p[2].x`): one name.
  std::string accessPath() {
    size_t start = pos_;
    identifier();
    while (true) {
      if (text_.compare(pos_, 2, "->") == 0 || (pos_ < text_.size() && text_[pos_] == '.')) {
        pos_ += text_[pos_] == '.' ? 1 : 2;
        identifier();
      } else if (pos_ < text_.size() && text_[pos_] == '[') {
        size_t digits = ++pos_;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
        if (pos_ == digits || pos_ >= text_.size() || text_[pos_] != ']') fail("expected an index and ']'");
        ++pos_;
      } else {
        return text_.substr(start, pos_ - start);
      }
    }
  }
  std::string identifier() {
    size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    if (pos_ == start) fail("expected a name");
    return text_.substr(start, pos_ - start);
  }
  /// The value C sees of what `text` names.
  z3::expr named(const std::string& text) {
    auto found = names_.ofText(text);
    if (!found) fail("no variable '" + text + "' in scope there");
    const ir::Variable& var = names_.program().var(found->first);
    const z3::expr& value = found->second;
    if (value.is_bool()) return value;
    if (!value.is_int() || var.type.bits == 0) fail("variable '" + text + "' is not a C integer");
    if (var.type.isSigned || var.type.bits == 1) return value;
    // C sees the unsigned value of the bits the int encoding keeps as their signed reading.
    z3::expr half = ctx_.int_val(std::to_string(static_cast<unsigned long long>(1) << (var.type.bits - 1)).c_str());
    z3::expr unsignedValue = z3::ite(value < 0, value + half * 2, value);
    unsignedValues_.emplace(unsignedValue.id(), UnsignedValue{unsignedValue, value, half});
    return unsignedValue;
  }

  const std::string& text_;
  const CNames& names_;
  const std::string& where_;
  // Terms this reader built, by AST id, for the shapes the writer writes for SMT-LIB terms (see their uses).
  // Each entry holds its term as well, so that no other term can take the id while the reader lives.
  struct UnsignedValue {
    z3::expr term, kept, half;  // C's value of u; the value the encoding keeps; 2^(bits-1)
  };
  struct Remainder {
    z3::expr term, dividend;  // x % d; x
    int64_t divisor;
  };
  std::map<unsigned, UnsignedValue> unsignedValues_;
  std::map<unsigned, Remainder> remainders_;
  z3::context& ctx_;
  size_t pos_ = 0;
};

}  // namespace

z3::expr fromC(const std::string& text, const CNames& names, const std::string& where) {
  return Reader(text, names, where).read();
}

z3::expr fromC(const std::string& text, const SourceScope& scope, ir::LocId loc, const std::string& where) {
  return fromC(text, scope.namesAt(loc), where);
}

}  // namespace argus::witness
