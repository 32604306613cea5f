// A system of constrained Horn clauses in normal form, as the CHC reader produces it and the CHC
// certificate checks consume it.
//
// Normal form of a clause: body predicate applications ∧ constraint → head, where the head is one
// predicate application or false (a query), and every argument of every application (body and head) is
// a clause variable that occurs as an argument exactly once in the clause. Terms and repeated variables
// in the input are replaced by fresh variables tied to them by equalities in the constraint.
#pragma once

#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace argus::chc {

using PredId = uint32_t;

struct Predicate {
  PredId id;
  std::string name;      // as declared (without |...| quotes)
  z3::func_decl decl;    // the declaration Z3 parsed
  int line = 0;          // of its declare-fun
  unsigned arity() const { return decl.arity(); }
  z3::sort paramSort(unsigned i) const { return decl.domain(i); }
};

struct PredicateApp {
  PredId pred;
  std::vector<z3::expr> args;  // distinct clause variables
};

struct Clause {
  std::vector<PredicateApp> body;
  std::optional<PredicateApp> head;  // empty: the head is false (a query)
  z3::expr constraint;               // over `vars`, no predicates
  std::vector<z3::expr> vars;        // every variable of the clause, each once
  std::vector<std::string> varNames; // parallel to vars: the name the input gave (or a made-up one)
  int line = 0;                      // line of the assert this clause comes from
  unsigned assertion = 0;            // index of that assert among the file's asserts

  bool isQuery() const { return !head.has_value(); }
  bool isFact() const { return body.empty(); }
};

/// Appends `what` to `notes` unless it is "" or already there.
inline void noteOnce(std::vector<std::string>& notes, const std::string& what) {
  if (!what.empty() && std::find(notes.begin(), notes.end(), what) == notes.end()) notes.push_back(what);
}

struct ChcSystem {
  std::shared_ptr<z3::context> ctx;
  std::string file;
  std::vector<Predicate> preds;  // every declared predicate, in declaration order
  std::vector<Clause> clauses;   // in the order of the asserts
  /// What the clauses use that the reader accepts but no engine solves (algebraic datatypes, uninterpreted
  /// sorts, other sorts such as String), each once, in the order met. Non-empty: `argus chc` and `argus
  /// verify` answer unknown naming these instead of running an engine; dump and translate still work.
  std::vector<std::string> unsolved;

  void noteUnsolved(const std::string& what) { noteOnce(unsolved, what); }
  /// Why no engine runs, for the answer's comment: "argus does not solve algebraic datatypes (...)"; "" if
  /// `unsolved` is empty.
  std::string unsolvedSummary() const {
    std::string out;
    for (const std::string& what : unsolved) out += (out.empty() ? "argus does not solve " : ", nor ") + what;
    return out;
  }

  /// True iff a predicate argument or a clause variable is a real, or an array with reals in its sort.
  bool usesReals() const {
    auto real = [](z3::sort s) {
      while (s.is_array()) {
        if (s.array_domain().is_real()) return true;
        s = s.array_range();
      }
      return s.is_real();
    };
    for (auto& p : preds)
      for (unsigned i = 0; i < p.arity(); ++i)
        if (real(p.paramSort(i))) return true;
    for (auto& c : clauses)
      for (auto& v : c.vars)
        if (real(v.get_sort())) return true;
    return false;
  }
  /// True iff no clause has more than one body application.
  bool isLinear() const {
    for (auto& c : clauses)
      if (c.body.size() > 1) return false;
    return true;
  }
  /// The predicate applied to `args` (each a term of the parameter's sort).
  z3::expr apply(PredId p, const std::vector<z3::expr>& args) const {
    z3::expr_vector v(*ctx);
    for (auto& a : args) v.push_back(a);
    return preds.at(p).decl(v);
  }
};

}  // namespace argus::chc
