// The Horn clause writer: builds the clauses of the encoding described in Writer.h as predicate
// applications plus a constraint, then prints them with clean, clause-local variable names.
#include "frontend/chc/Writer.h"

#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>

#include "frontend/chc/SmtText.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::chc {
namespace {

struct App {
  size_t pred;  // index into the writer's declarations
  std::vector<z3::expr> args;
};

struct HornClause {
  std::vector<App> body;
  z3::expr constraint;
  std::optional<App> head;  // empty: false
};

class HornWriter {
 public:
  explicit HornWriter(const ir::Program& p) : p_(p) {}

  std::string write(const std::string& header) {
    bool calls = false;
    for (auto& e : p_.edges()) calls = calls || e.isCall();
    if (p_.numProcs() == 1 && !calls)
      singleProcedure(p_.mainProc());
    else
      procedures();
    return render(header);
  }

 private:
  // ---- declarations ----
  size_t declare(std::string name, const std::vector<z3::expr>& argsForSorts) {
    for (char& ch : name)
      if (ch == '|' || ch == '\\') ch = '_';  // not allowed in a quoted symbol
    while (names_.count(name)) name += "'";
    names_.insert(name);
    std::vector<z3::sort> sorts;
    for (auto& a : argsForSorts) sorts.push_back(a.get_sort());
    decls_.push_back({name, sorts});
    return decls_.size() - 1;
  }
  size_t declareLocation(ir::LocId l, const std::vector<z3::expr>& args) {
    const ir::Location& loc = p_.loc(l);
    return declare(p_.proc(loc.proc).name + "@" + loc.name + "." + std::to_string(l), args);
  }

  std::vector<z3::expr> cur(const std::vector<ir::VarId>& vs) const {
    std::vector<z3::expr> out;
    for (ir::VarId v : vs) out.push_back(p_.var(v).cur);
    return out;
  }
  /// The scope after an edge: written variables replaced by their next constants.
  std::vector<z3::expr> post(const std::vector<ir::VarId>& scope, const std::vector<ir::VarId>& writes) const {
    std::vector<z3::expr> out;
    for (ir::VarId v : scope) {
      bool written = std::find(writes.begin(), writes.end(), v) != writes.end();
      out.push_back(written ? p_.var(v).next : p_.var(v).cur);
    }
    return out;
  }
  static std::vector<z3::expr> concat(std::vector<z3::expr> a, const std::vector<z3::expr>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  }
  void noteUnsupported(const ir::Edge& e) {
    if (!e.unsupported.empty()) unsupported_.push_back(e.unsupported + " at " + (e.loc.known() ? e.loc.str() : "?"));
  }

  // ---- one procedure: a predicate per location ----
  void singleProcedure(ir::ProcId f) {
    const ir::Procedure& proc = p_.proc(f);
    std::vector<z3::expr> scope = cur(p_.scope(f));
    std::map<ir::LocId, size_t> pred;
    for (ir::LocId l : proc.locations)
      if (l != proc.error) pred[l] = declareLocation(l, scope);
    z3::context& ctx = p_.ctx();
    clauses_.push_back({{}, ctx.bool_val(true), App{pred[proc.entry], scope}});
    for (ir::EdgeId id : proc.edges) {
      const ir::Edge& e = p_.edge(id);
      noteUnsupported(e);
      std::optional<App> head;
      if (e.to != proc.error) head = App{pred[e.to], post(p_.scope(f), e.writes)};
      clauses_.push_back({{App{pred[e.from], scope}}, e.formula, head});
    }
  }

  // ---- procedures: summaries with an error flag ----
  struct ProcPreds {
    size_t summary;
    std::map<ir::LocId, size_t> loc;
    std::vector<z3::expr> snapshot;  // params@entry, globals@entry
  };

  void procedures() {
    z3::context& ctx = p_.ctx();
    std::vector<z3::expr> globalsNow = cur(p_.globals());
    for (auto& proc : p_.procs()) {
      ProcPreds pp;
      for (ir::VarId v : proc.params) pp.snapshot.push_back(p_.var(v).old);
      for (ir::VarId v : p_.globals()) pp.snapshot.push_back(p_.var(v).old);
      std::vector<z3::expr> summaryArgs = concat(concat(pp.snapshot, cur(proc.results)), globalsNow);
      summaryArgs.push_back(ctx.bool_val(false));
      pp.summary = declare(proc.name, summaryArgs);
      std::vector<z3::expr> locArgs = concat(pp.snapshot, cur(p_.scope(proc.id)));
      for (ir::LocId l : proc.locations)
        if (l != proc.error) pp.loc[l] = declareLocation(l, locArgs);
      preds_.push_back(std::move(pp));
    }
    for (auto& proc : p_.procs()) procedureClauses(proc.id);
    mainQuery();
  }

  /// f(snapshot, results, globals, err) as the head of a clause.
  App summary(ir::ProcId f, bool err) const {
    z3::context& ctx = p_.ctx();
    std::vector<z3::expr> args = concat(concat(preds_[f].snapshot, cur(p_.proc(f).results)), cur(p_.globals()));
    args.push_back(ctx.bool_val(err));
    return App{preds_[f].summary, args};
  }

  void procedureClauses(ir::ProcId f) {
    const ir::Procedure& proc = p_.proc(f);
    const ProcPreds& pp = preds_[f];
    std::vector<ir::VarId> scopeVars = p_.scope(f);
    std::vector<z3::expr> here = concat(pp.snapshot, cur(scopeVars));
    std::vector<z3::expr> atEntry;
    for (ir::VarId v : proc.params) atEntry.push_back(p_.var(v).cur == p_.var(v).old);
    for (ir::VarId v : p_.globals()) atEntry.push_back(p_.var(v).cur == p_.var(v).old);
    z3::context& ctx = p_.ctx();
    clauses_.push_back({{}, smt::mkAnd(ctx, atEntry), App{pp.loc.at(proc.entry), here}});
    clauses_.push_back({{App{pp.loc.at(proc.exit), here}}, ctx.bool_val(true), summary(f, false)});
    for (ir::EdgeId id : proc.edges) {
      const ir::Edge& e = p_.edge(id);
      noteUnsupported(e);
      App from{pp.loc.at(e.from), here};
      if (e.isCall()) {
        callClauses(f, e, from);
      } else if (e.to == proc.error) {
        clauses_.push_back({{from}, e.formula, summary(f, true)});
      } else {
        clauses_.push_back({{from}, e.formula, App{pp.loc.at(e.to), concat(pp.snapshot, post(scopeVars, e.writes))}});
      }
    }
  }

  /// A call: the callee's summary with err = false continues at the target, with err = true the caller
  /// ends in error as well.
  void callClauses(ir::ProcId f, const ir::Edge& e, const App& from) {
    z3::context& ctx = p_.ctx();
    const ir::Procedure& callee = p_.proc(e.callee);
    std::vector<ir::VarId> scopeVars = p_.scope(f);
    std::vector<z3::expr> newResults, newGlobals;
    for (ir::VarId r : callee.results)
      newResults.push_back(smt::freshConst(ctx, p_.var(r).name, p_.var(r).cur.get_sort()));
    for (ir::VarId g : p_.globals()) newGlobals.push_back(smt::freshConst(ctx, p_.var(g).name, p_.var(g).cur.get_sort()));
    std::vector<z3::expr> after = cur(scopeVars);
    for (size_t i = 0; i < scopeVars.size(); ++i) {
      for (size_t j = 0; j < p_.globals().size(); ++j)
        if (scopeVars[i] == p_.globals()[j]) after[i] = newGlobals[j];
      for (size_t j = 0; j < e.results.size(); ++j)
        if (scopeVars[i] == e.results[j]) after[i] = newResults[j];
    }
    for (bool err : {false, true}) {
      std::vector<z3::expr> args = concat(concat(concat(e.args, cur(p_.globals())), newResults), newGlobals);
      args.push_back(ctx.bool_val(err));
      App call{preds_[e.callee].summary, args};
      std::optional<App> head = summary(f, true);
      if (!err) head = App{preds_[f].loc.at(e.to), concat(preds_[f].snapshot, after)};
      clauses_.push_back({{from, call}, ctx.bool_val(true), head});
    }
  }

  void mainQuery() {
    z3::context& ctx = p_.ctx();
    ir::ProcId m = p_.mainProc();
    std::vector<z3::expr> args;
    for (auto& a : summary(m, true).args)
      args.push_back(a.is_bool() && (a.is_true() || a.is_false()) ? a : smt::freshConst(ctx, "v", a.get_sort()));
    clauses_.push_back({{App{preds_[m].summary, args}}, ctx.bool_val(true), std::nullopt});
  }

  // ---- printing ----
  std::string render(const std::string& header) {
    std::ostringstream out;
    std::istringstream lines(header);
    for (std::string line; std::getline(lines, line);) out << "; " << line << "\n";
    for (auto& u : unsupported_) out << "; unsupported feature (written as an error edge): " << u << "\n";
    out << "(set-logic HORN)\n";
    // The clauses first: their variables' sorts, with the predicates', say which datatypes to declare.
    std::vector<std::string> clauseTexts;
    for (auto& c : clauses_) clauseTexts.push_back(clauseText(c));
    std::vector<z3::sort> sorts = binderSorts_;
    for (auto& d : decls_) sorts.insert(sorts.end(), d.sorts.begin(), d.sorts.end());
    out << sortDeclarations(sorts);
    for (auto& d : decls_) {
      out << "(declare-fun " << quoteSymbol(d.name) << " (";
      for (size_t i = 0; i < d.sorts.size(); ++i) out << (i ? " " : "") << sortText(d.sorts[i]);
      out << ") Bool)\n";
    }
    for (auto& text : clauseTexts) out << text << "\n";
    out << "(check-sat)\n(exit)\n";
    return out.str();
  }

  std::string clauseText(const HornClause& c) {
    std::vector<z3::expr> terms{c.constraint};
    for (auto& a : c.body) terms.insert(terms.end(), a.args.begin(), a.args.end());
    if (c.head) terms.insert(terms.end(), c.head->args.begin(), c.head->args.end());
    std::vector<z3::expr> from, to;
    std::set<std::string> used;
    std::string binders;
    for (auto& t : terms)
      for (auto& v : smt::freeConstants(t)) {
        if (std::any_of(from.begin(), from.end(), [&](const z3::expr& f) { return z3::eq(f, v); })) continue;
        std::string name = cleanName(v.decl().name().str(), used);
        from.push_back(v);
        to.push_back(p_.ctx().constant(name.c_str(), v.get_sort()));
        binders += "(" + quoteSymbol(name) + " " + sortText(v.get_sort()) + ")";
        binderSorts_.push_back(v.get_sort());
      }
    auto text = [&](const z3::expr& e) { return termText(smt::substitute(e, from, to)); };
    auto appText = [&](const App& a) {
      std::string s = quoteSymbol(decls_[a.pred].name);
      if (a.args.empty()) return s;
      s = "(" + s;
      for (auto& arg : a.args) s += " " + text(arg);
      return s + ")";
    };
    std::vector<std::string> body;
    for (auto& a : c.body) body.push_back(appText(a));
    if (!c.constraint.is_true()) body.push_back(text(c.constraint));
    std::string head = c.head ? appText(*c.head) : "false";
    std::string formula = head;
    if (body.size() == 1) formula = "(=> " + body[0] + " " + head + ")";
    if (body.size() > 1) {
      formula = "(=> (and";
      for (auto& b : body) formula += " " + b;
      formula += ") " + head + ")";
    }
    if (binders.empty()) return "(assert " + formula + ")";
    return "(assert (forall (" + binders + ") " + formula + "))";
  }

  /// A clause-local name: no characters a quoted symbol may not hold, no '!' (Z3's let names use it),
  /// distinct from the other variables of the clause and from every predicate.
  std::string cleanName(const std::string& raw, std::set<std::string>& used) const {
    std::string name;
    for (char ch : raw) name += (ch == '|' || ch == '\\' || ch == '!') ? '_' : ch;
    if (name.empty()) name = "v";
    std::string base = name;
    for (int k = 1; used.count(name) || names_.count(name); ++k) name = base + "_" + std::to_string(k);
    used.insert(name);
    return name;
  }

  struct Decl {
    std::string name;
    std::vector<z3::sort> sorts;
  };
  const ir::Program& p_;
  std::vector<Decl> decls_;
  std::set<std::string> names_;
  std::vector<HornClause> clauses_;
  std::vector<ProcPreds> preds_;
  std::vector<std::string> unsupported_;
  std::vector<z3::sort> binderSorts_;  // of every clause variable written
};

}  // namespace

std::string writeHorn(const ir::Program& program, const std::string& headerComment) {
  program.validate();
  return HornWriter(program).write(headerComment);
}

void writeHornFile(const ir::Program& program, const std::string& path, const std::string& headerComment) {
  std::string text = writeHorn(program, headerComment);
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw InputError(path, 0, "cannot write the file");
}

}  // namespace argus::chc
