// From a normalised ChcSystem to an ir::Program that every engine can run on.
//
// Linear systems (at most one body predicate per clause) become one CFA in main: an initial location
// (main's entry), one location per predicate and main's error location; a clause P(x̄) ∧ φ → Q(ȳ) is an
// edge from P's location to Q's (facts start at the entry, queries end at the error). Variables are
// positional per argument position and sort and shared by all predicates, so the invariant of P's
// location, read over P's variables, is an interpretation of P. Every edge writes every variable (those
// the head does not bind get arbitrary values), so a location's invariant never depends on stale values.
//
// Non-linear systems become procedures: predicate P is a procedure without parameters whose results are
// P's arguments; each clause with head P is a path entry → call B1 → ... → call Bk → φ → exit, the
// calls writing the body arguments into locals. Queries are such paths in main ending at main's error.
//
// In both cases clause variables that are no predicate arguments become the edge's aux constants and
// nondet inputs. The encoding records which edge carries which clause, for the certificate checks.
#pragma once

#include <memory>
#include <vector>

#include "frontend/chc/ChcSystem.h"
#include "ir/Program.h"

namespace argus::chc {

struct ChcEncoding {
  bool linear = true;
  /// Linear: the location of each predicate. Non-linear: kNone.
  std::vector<ir::LocId> predLoc;
  /// Non-linear: the procedure of each predicate. Linear: kNone.
  std::vector<ir::ProcId> predProc;
  /// The variables that hold a predicate's arguments: at its location (linear), or its results.
  std::vector<std::vector<ir::VarId>> predVars;
  /// Per clause: the edge carrying its constraint (the last edge of its path).
  std::vector<ir::EdgeId> clauseEdge;
  /// Per clause, per body application: the variables that hold the application's arguments.
  std::vector<std::vector<std::vector<ir::VarId>>> bodyVars;
  /// Per edge: the clause it belongs to (call edges too).
  std::vector<uint32_t> edgeClause;
};

struct ChcProgram {
  std::shared_ptr<ir::Program> program;
  ChcEncoding encoding;
};

/// Builds and validates the program. Origin: language Chc, file = system.file.
ChcProgram toProgram(const ChcSystem& system);

}  // namespace argus::chc
