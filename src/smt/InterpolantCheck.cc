// Interpolant checks: every condition is a fresh one-shot solver query or a symbol-set comparison.
// Sequences and binary interpolants are checked as the trees they are, so there is one checker.
#include "smt/InterpolantCheck.h"

#include <map>
#include <utility>

#include "smt/Terms.h"

namespace argus::smt {
namespace {

/// Symbols keyed by (0, constant ast id) or (1, function decl id), with a printable name.
using Symbols = std::map<std::pair<int, unsigned>, std::string>;

Symbols symbolsOf(const z3::expr& e) {
  Symbols out;
  for (auto& c : freeConstants(e)) out.emplace(std::make_pair(0, c.id()), c.to_string());
  for (auto& f : uninterpretedFunctions(e)) out.emplace(std::make_pair(1, f.id()), f.name().str());
  return out;
}

ItpCheck failure(std::string detail) { return {false, std::move(detail)}; }

/// Empty if `premise` implies `conclusion`, else why not.
std::string implicationError(const z3::expr& premise, const z3::expr& conclusion, const SolverConfig& config) {
  switch (checkSat(premise.ctx(), {premise, !conclusion}, config)) {
    case SatResult::Unsat: return "";
    case SatResult::Sat: return "does not imply its interpolant";
    case SatResult::Unknown: return "implication undecided (solver unknown)";
  }
  return "?";
}

/// Empty if every symbol of itps[v] occurs both inside and outside v's subtree, else the offender.
std::string vocabularyError(const ItpTree& tree, const std::vector<z3::expr>& itps, int v) {
  std::vector<bool> inside = tree.inSubtree(v);
  Symbols in, out;
  for (size_t u = 0; u < tree.formulas.size(); ++u) {
    Symbols s = symbolsOf(tree.formulas[u]);
    (inside[u] ? in : out).insert(s.begin(), s.end());
  }
  for (auto& [key, name] : symbolsOf(itps[v])) {
    if (!in.count(key) || !out.count(key)) return "interpolant mentions '" + name + "', which is not shared";
  }
  return "";
}

}  // namespace

ItpCheck checkTree(const ItpTree& tree, const std::vector<z3::expr>& itps, const SolverConfig& config) {
  if (std::string shape = tree.shapeError(); !shape.empty()) return failure("malformed tree: " + shape);
  if (itps.size() != tree.formulas.size()) return failure("one interpolant per node expected");
  auto children = tree.children();
  for (size_t v = 0; v < itps.size(); ++v) {
    std::vector<z3::expr> premise{tree.formulas[v]};
    for (int c : children[v]) premise.push_back(itps[c]);
    std::string error = implicationError(mkAnd(itps[v].ctx(), premise), itps[v], config);
    if (error.empty()) error = vocabularyError(tree, itps, static_cast<int>(v));
    if (tree.parent[v] < 0 && error.empty() && checkSat(itps[v].ctx(), {itps[v]}, config) != SatResult::Unsat)
      error = "root interpolant is not unsatisfiable";
    if (!error.empty()) return failure("node " + std::to_string(v) + ": " + error);
  }
  return {true, ""};
}

ItpCheck checkSequence(const std::vector<z3::expr>& parts, const std::vector<z3::expr>& itps,
                       const SolverConfig& config) {
  if (parts.empty()) return failure("no parts");
  if (itps.size() != parts.size() + 1) return failure("n+1 interpolants expected for n parts");
  if (checkSat(itps[0].ctx(), {!itps[0]}, config) != SatResult::Unsat) return failure("I_0 is not valid");
  std::vector<z3::expr> rest(itps.begin() + 1, itps.end());
  ItpCheck c = checkTree(ItpTree::chain(parts), rest, config);
  if (!c.ok) c.detail = "sequence (node i carries I_{i+1}): " + c.detail;
  return c;
}

ItpCheck checkInterpolant(const z3::expr& a, const z3::expr& b, const z3::expr& itp, const SolverConfig& config) {
  ItpTree t;
  t.add(a, 1);
  t.add(b, -1);
  ItpCheck c = checkTree(t, {itp, a.ctx().bool_val(false)}, config);
  if (!c.ok) c.detail = "binary (node 0 is A, node 1 is B): " + c.detail;
  return c;
}

}  // namespace argus::smt
