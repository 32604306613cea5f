// The abstract post of predicate abstraction: given the region of a state (a BDD over predicates), an
// edge and the predicates of the edge's target, the strongest Boolean combination (Boolean abstraction,
// by AllSAT enumeration of the predicates' truth values, cluster by cluster) or the strongest conjunction
// of predicate literals (Cartesian abstraction) implied by region ∧ edge. An unsatisfiable region ∧ edge
// is bottom.
//
// The queries of the edges that leave one location share a solver: each edge's formula is asserted once
// under an activation literal, each region at the location once under another, each predicate once per
// edge as a definition of an indicator literal, and a query assumes the literals it needs. A solver per
// location rather than one for all: Z3 builds a model (one per AllSAT cube) over every term its solver
// holds, and the regions of other locations are most of them. Results are cached by (region, edge, precision
// version of the target): re-exploration after a refinement recomputes only what the new predicates change.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "engines/predabs/Bdd.h"
#include "engines/predabs/Predicates.h"
#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "util/Stats.h"

namespace argus::engines::predabs {

enum class AbstractionKind { Cartesian, Boolean };
AbstractionKind parseAbstractionKind(const std::string& name);  // "cartesian" | "boolean"

/// The solver could not decide a query (timeout, cancellation, incompleteness).
class AbstractionUnknown : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Abstractor {
 public:
  struct Config {
    AbstractionKind kind = AbstractionKind::Boolean;
    /// Boolean abstraction enumerates each cluster of predicates on its own (and combines them as a
    /// product) instead of all predicates at once.
    bool byCluster = true;
    /// A Boolean enumeration producing more cubes than this falls back to Cartesian for that group.
    size_t maxCubes = 4096;
  };

  Abstractor(const ir::Program& program, const PredicateStore& predicates, BddSession& bdds, Config config,
             smt::SolverConfig solverConfig, Stats& stats);

  /// The abstract successor of `region` along transition `edge` over `predicates` (evaluated after the
  /// edge), which are the predicates of the edge's target at `precisionVersion`; nullopt for bottom.
  /// Throws AbstractionUnknown when the solver cannot decide.
  std::optional<bdd> post(const bdd& region, ir::EdgeId edge, const std::vector<PredicateId>& predicates,
                          uint64_t precisionVersion);

  /// The formula of a region over the predicates' `cur` constants.
  z3::expr formula(const bdd& region) { return regions_.formula(region); }

 private:
  struct EdgeQuery {
    z3::expr active;
    ir::State post;
    std::unordered_map<PredicateId, z3::expr> indicators;
  };
  /// The solver of the edges that leave one location, with what it holds.
  struct Partition {
    std::unique_ptr<smt::Solver> solver;
    std::unordered_map<ir::EdgeId, EdgeQuery> edges;
    std::unordered_map<int, std::pair<bdd, z3::expr>> regionLiterals;  // by BDD node id
  };
  struct CacheEntry {
    bdd region;  // keeps the key's BDD node alive
    std::optional<bdd> result;
  };

  std::optional<bdd> compute(const bdd& region, ir::EdgeId edge, const std::vector<PredicateId>& ids);
  Partition& partition(ir::EdgeId edge);
  EdgeQuery& edgeQuery(Partition& home, ir::EdgeId edge);
  z3::expr regionLiteral(Partition& home, const bdd& region);
  z3::expr indicator(smt::Solver& solver, EdgeQuery& query, PredicateId id);
  static smt::SatResult check(smt::Solver& solver, const std::vector<z3::expr>& assumptions);
  /// Cartesian abstraction over the predicates ids[i], i in `group`, given their `values` in a model of
  /// `base`.
  bdd cartesian(smt::Solver& solver, const std::vector<z3::expr>& base, const std::vector<z3::expr>& indicators,
                const std::vector<PredicateId>& ids, const std::vector<bool>& values, const std::vector<size_t>& group);
  /// Boolean abstraction over the predicates ids[i], i in `group`; nullopt beyond maxCubes cubes.
  std::optional<bdd> enumerate(smt::Solver& solver, const std::vector<z3::expr>& base,
                               const std::vector<z3::expr>& indicators,
                               const std::vector<PredicateId>& ids, const std::vector<size_t>& group);

  const ir::Program& program_;
  const PredicateStore& predicates_;
  BddSession& bdds_;
  Config config_;
  smt::SolverConfig solverConfig_;
  ir::Instantiator instantiator_;
  std::vector<ir::VarId> scope_;
  ir::State current_;
  Stats& stats_;
  RegionFormulas regions_;
  std::unordered_map<ir::LocId, Partition> partitions_;  // by the location the edges leave
  std::map<std::tuple<int, ir::EdgeId, uint64_t>, CacheEntry> cache_;
};

}  // namespace argus::engines::predabs
