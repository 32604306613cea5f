// CHC unrolling for interpolation tests: clause parsing (quantifier instantiation with constants,
// body split into predicate applications and constraint) and random derivation trees.
#include "InterpolationQueries.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <random>
#include <stdexcept>
#include <unordered_set>

#include "smt/Implicant.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "testing/Paths.h"

namespace argus::smt::testing {
namespace {

/// The body of a universal quantifier with its bound variables replaced by fresh constants.
z3::expr instantiate(const z3::expr& q, std::vector<z3::expr>& vars) {
  z3::context& ctx = q.ctx();
  unsigned n = Z3_get_quantifier_num_bound(ctx, q);
  for (unsigned i = 0; i < n; ++i) {
    z3::symbol name(ctx, Z3_get_quantifier_bound_name(ctx, q, i));
    z3::sort sort(ctx, Z3_get_quantifier_bound_sort(ctx, q, i));
    vars.push_back(freshConst(ctx, name.str(), sort));
  }
  z3::expr_vector byIndex(ctx);  // de Bruijn index i names the (n-1-i)-th bound variable
  for (unsigned i = 0; i < n; ++i) byIndex.push_back(vars[n - 1 - i]);
  return q.body().substitute(byIndex);
}

bool isPredicateApp(const z3::expr& e, const std::unordered_set<unsigned>& varIds) {
  return e.is_app() && e.is_bool() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED && !varIds.count(e.id());
}

HornClause toClause(const z3::expr& assertion) {
  z3::context& ctx = assertion.ctx();
  std::vector<z3::expr> vars;
  z3::expr e = assertion.is_quantifier() && assertion.is_forall() ? instantiate(assertion, vars) : assertion;
  std::unordered_set<unsigned> varIds;
  for (auto& v : vars) varIds.insert(v.id());
  z3::expr lhs = ctx.bool_val(true), rhs = e;
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_IMPLIES) {
    lhs = e.arg(0);
    rhs = e.arg(1);
  } else if (e.is_app() && e.decl().decl_kind() == Z3_OP_NOT) {
    lhs = e.arg(0);
    rhs = ctx.bool_val(false);
  }
  HornClause c{vars, {}, ctx.bool_val(true), std::nullopt};
  if (isPredicateApp(rhs, varIds)) c.head = rhs;
  else if (!rhs.is_false()) throw std::runtime_error("unsupported clause head: " + rhs.to_string());
  std::vector<z3::expr> constraint;
  for (auto& part : conjuncts(lhs)) (isPredicateApp(part, varIds) ? c.body : constraint).push_back(part);
  c.constraint = mkAnd(ctx, constraint);
  return c;
}

/// One node of a derivation tree: which clause, and the argument values it shares with its parent.
struct Node {
  size_t clause;
  int parent;
  std::vector<z3::expr> out;  // fresh constants for the head predicate's arguments (empty at the root)
};

/// Random clause choice per body predicate, breadth first; nullopt when the node budget runs out.
std::optional<std::vector<Node>> randomTree(z3::context& ctx, const std::vector<HornClause>& clauses,
                                            const UnrollOptions& options, std::mt19937& rng) {
  std::vector<size_t> queries;
  for (size_t i = 0; i < clauses.size(); ++i)
    if (!clauses[i].head) queries.push_back(i);
  if (queries.empty()) return std::nullopt;
  std::vector<Node> nodes{{queries[rng() % queries.size()], -1, {}}};
  for (size_t v = 0; v < nodes.size(); ++v) {
    for (auto& app : clauses[nodes[v].clause].body) {
      std::vector<size_t> candidates;
      for (size_t i = 0; i < clauses.size(); ++i)
        if (clauses[i].head && z3::eq(clauses[i].head->decl(), app.decl())) candidates.push_back(i);
      if (candidates.empty() || nodes.size() >= options.maxNodes) return std::nullopt;
      // Past half the budget prefer facts so that trees close.
      std::vector<size_t> facts;
      for (size_t i : candidates)
        if (clauses[i].body.empty()) facts.push_back(i);
      const auto& pool = nodes.size() * 2 >= options.maxNodes && !facts.empty() ? facts : candidates;
      std::vector<z3::expr> out;
      for (unsigned j = 0; j < app.num_args(); ++j)
        out.push_back(freshConst(ctx, "n" + std::to_string(nodes.size()) + "_" + std::to_string(j),
                                 app.arg(j).get_sort()));
      nodes.push_back({pool[rng() % pool.size()], static_cast<int>(v), out});
    }
  }
  return nodes;
}

/// Node v's formula: its clause over fresh variables, its head bound to its `out`, each body
/// application bound to the corresponding child's `out`.
z3::expr nodeFormula(z3::context& ctx, const std::vector<HornClause>& clauses, const std::vector<Node>& nodes,
                     size_t v) {
  const HornClause& c = clauses[nodes[v].clause];
  std::vector<z3::expr> fresh;
  for (auto& x : c.vars) fresh.push_back(freshConst(ctx, "v" + std::to_string(v), x.get_sort()));
  std::vector<z3::expr> parts{substitute(c.constraint, c.vars, fresh)};
  if (c.head) {
    z3::expr head = substitute(*c.head, c.vars, fresh);
    for (unsigned j = 0; j < head.num_args(); ++j) parts.push_back(nodes[v].out[j] == head.arg(j));
  }
  size_t k = 0;
  for (size_t u = v + 1; u < nodes.size(); ++u) {
    if (nodes[u].parent != static_cast<int>(v)) continue;
    z3::expr app = substitute(c.body[k++], c.vars, fresh);
    for (unsigned j = 0; j < app.num_args(); ++j) parts.push_back(nodes[u].out[j] == app.arg(j));
  }
  return mkAnd(ctx, parts);
}

}  // namespace

std::vector<HornClause> readHornClauses(z3::context& ctx, const std::string& path) {
  std::vector<HornClause> out;
  for (auto a : ctx.parse_file(path.c_str())) out.push_back(toClause(a));
  return out;
}

std::vector<ItpTree> unsatDerivationTrees(z3::context& ctx, const std::vector<HornClause>& clauses,
                                          const UnrollOptions& options) {
  std::mt19937 rng(options.seed);
  std::vector<ItpTree> out;
  SolverConfig check;
  check.queryTimeoutSeconds = options.checkTimeout;
  for (unsigned attempt = 0; attempt < options.attempts && out.size() < options.trees; ++attempt) {
    auto nodes = randomTree(ctx, clauses, options, rng);
    if (!nodes) continue;
    ItpTree t;
    for (size_t v = 0; v < nodes->size(); ++v) t.add(nodeFormula(ctx, clauses, *nodes, v), (*nodes)[v].parent);
    if (checkSat(ctx, t.formulas, check) == SatResult::Unsat) out.push_back(std::move(t));
  }
  return out;
}

std::vector<z3::expr> chainAsSequence(const ItpTree& tree) {
  auto kids = tree.children();
  std::vector<z3::expr> reversed;
  int v = 0;
  while (tree.parent[v] >= 0) v = tree.parent[v];
  while (true) {
    reversed.push_back(tree.formulas[v]);
    if (kids[v].size() > 1) return {};
    if (kids[v].empty()) break;
    v = kids[v][0];
  }
  return {reversed.rbegin(), reversed.rend()};
}

std::vector<std::string> benchmarkFiles(const std::string& folder, size_t stride) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(ARGUS_SHARED_DIR) / "bench" / "chc" / folder;
  EXPECT_TRUE(fs::is_directory(dir)) << "benchmark folder missing: " << dir;
  std::vector<std::string> all;
  if (fs::is_directory(dir))
    for (auto& entry : fs::directory_iterator(dir))
      if (entry.path().extension() == ".smt2") all.push_back(entry.path().string());
  std::sort(all.begin(), all.end());
  const char* env = std::getenv("ARGUS_ITP_BENCH");
  if (env && std::string(env) == "all") stride = 1;
  std::vector<std::string> out;
  for (size_t i = 0; i < all.size(); i += stride) out.push_back(all[i]);
  return out;
}

void ItpTally::add(const Interpolants& r, const std::vector<z3::expr>& formulas, double secs) {
  ++queries;
  seconds += secs;
  if (r.status == ItpStatus::Unknown) ++unknown;
  if (!r.ok()) return;
  ++ok;
  for (auto& f : formulas) {
    size_t n = literalCount(f);
    ++interpolants;
    literals += n;
    maxLiterals = std::max(maxLiterals, n);
  }
}

std::string ItpTally::summary(const std::string& what) const {
  double perItp = interpolants ? seconds * 1000 / interpolants : 0;
  double avg = interpolants ? static_cast<double>(literals) / interpolants : 0;
  return fmt::format("{}: {} queries, {} ok, {} unknown; {} interpolants, literals avg {:.2f} max {}; "
                     "{:.1f} ms per interpolant, {:.2f} s total",
                     what, queries, ok, unknown, interpolants, avg, maxLiterals, perItp, seconds);
}

ItpStrategy strategyFromEnvironment(ItpStrategy fallback) {
  const char* env = std::getenv("ARGUS_ITP_STRATEGY");
  std::string name = env ? env : "";
  if (name == "primal") return ItpStrategy::Primal;
  if (name == "dual") return ItpStrategy::Dual;
  if (name == "shortest") return ItpStrategy::Shortest;
  return fallback;
}

}  // namespace argus::smt::testing
