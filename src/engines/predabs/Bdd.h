// BuDDy, the BDD package behind the abstract states of predicate abstraction. BuDDy is a C library with
// one global manager per process, so every use happens inside a BddSession: a process-wide lock that
// initialises the package on first use and silences its messages (BuDDy prints garbage-collection notes
// on stdout by default). BDD variable i stands for predicate i of the run that holds the session.
//
// BuDDy reports errors (e.g. out of memory) through a C callback; the session records them and
// healthy()/check() let the engine turn them into an Unknown verdict instead of trusting a result.
#pragma once

#include <bdd.h>
#include <z3++.h>

#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "util/Shutdown.h"

namespace argus::engines::predabs {

class BddSession {
 public:
  /// Waits for the process-wide BDD lock, polling `shutdown` (may be null); check acquired().
  explicit BddSession(const ShutdownToken* shutdown);
  ~BddSession();
  BddSession(const BddSession&) = delete;
  BddSession& operator=(const BddSession&) = delete;

  bool acquired() const { return acquired_; }
  /// Makes sure BDD variables 0..count-1 exist.
  void ensureVariables(int count);
  /// False once BuDDy has reported an error during this session.
  bool healthy() const;
  /// Throws std::runtime_error naming BuDDy's error if one was reported.
  void check() const;

 private:
  bool acquired_ = false;
};

/// True iff every assignment satisfying `a` satisfies `b`.
inline bool entails(const bdd& a, const bdd& b) { return (a & !b) == bddfalse; }

/// Translates BDDs into formulas over the predicates (an if-then-else per BDD node, shared by a cache).
class RegionFormulas {
 public:
  /// `predicate(i)` is the formula of BDD variable i.
  RegionFormulas(z3::context& ctx, std::function<z3::expr(int)> predicate)
      : ctx_(ctx), predicate_(std::move(predicate)) {}
  z3::expr formula(const bdd& region);

 private:
  z3::context& ctx_;
  std::function<z3::expr(int)> predicate_;
  std::unordered_map<int, z3::expr> cache_;  // by BDD node id; entries stay valid while nodes live
  std::vector<bdd> pinned_;                 // keeps cached nodes alive so ids are not reused
};

}  // namespace argus::engines::predabs
