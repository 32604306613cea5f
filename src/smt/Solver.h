// The one facade over a Z3 solver that engines use: incremental assertions, checks under assumption
// literals, models, unsat cores, cooperative interruption and per-query statistics, and an optional dump
// of every query as an .smt2 file (--dump-queries DIR).
//
// Each check is bounded by the ShutdownToken: the remaining time becomes Z3's own timeout, and a stop
// request interrupts the context while the check runs. An interrupted or timed-out check answers Unknown;
// callers must treat Unknown as "cannot decide", never as Sat or Unsat.
#pragma once

#include <z3++.h>

#include <climits>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "util/Shutdown.h"
#include "util/Stats.h"

namespace argus::smt {

enum class SatResult { Sat, Unsat, Unknown };
const char* toString(SatResult r);

/// Where a solver reports and what bounds it. All pointers may be null (no stats, no deadline, no dump).
struct SolverConfig {
  Stats* stats = nullptr;
  ShutdownToken* shutdown = nullptr;
  std::string name = "solver";     // names the dump files
  std::string dumpDir;             // empty: no query dumps
  double queryTimeoutSeconds = 0;  // per-check limit on top of the deadline; 0 = none
  std::string logic;               // e.g. "QF_LIA"; empty lets Z3 choose
  /// Each check first runs a fresh solver over the assertions with the assumptions asserted, in Z3's
  /// non-incremental mode (the tactic of the logic preprocesses the problem: simplify, propagate-values,
  /// solve-eqs, elim-uncnstr, ...), for up to a quarter of the time left (at least 2 s), and only then the
  /// incremental solver. Z3's incremental core skips that preprocessing: on an unwinding whose equations pass values through many steps it can search for
  /// minutes where the preprocessed problem takes a fraction of a second (corral on the full drivers).
  /// For engines that need models or plain answers: the unsat core after a preprocessed Unsat is every
  /// assumption.
  bool preprocessFirst = false;
};

/// The file of the next dumped query (--dump-queries): DIR/STEM-N.smt2, numbered across every solver and
/// Max-SMT problem of the process; `number` receives N.
std::ofstream openQueryDump(const std::string& dir, const std::string& stem, unsigned& number);

class Solver {
 public:
  Solver(z3::context& ctx, SolverConfig config = {});

  z3::context& ctx() const { return *ctx_; }
  void add(const z3::expr& e);
  void push();
  void pop(unsigned n = 1);
  unsigned assertionCount() const;

  SatResult check();
  SatResult check(const std::vector<z3::expr>& assumptions);
  /// Model of the last Sat check (with model completion when evaluating through eval()).
  z3::model model() const;
  /// Value of `e` in the last model, completed for symbols the model leaves open.
  z3::expr eval(const z3::expr& e) const;
  /// The assumptions of the last Unsat check that suffice for unsatisfiability.
  std::vector<z3::expr> unsatCore() const;
  /// Z3's reason for the last Unknown ("timeout", "canceled", "incomplete quantifiers", ...).
  std::string reasonUnknown() const;

  /// Total seconds spent in checks by this solver.
  double checkSeconds() const { return checkSeconds_; }
  unsigned checks() const { return checks_; }
  z3::solver& raw() { return solver_; }

 private:
  SatResult run(const z3::expr_vector& assumptions);
  /// The preprocessed check of preprocessFirst, within `seconds`; with floatingPoint_, by bit-blasting.
  SatResult runPreprocessed(const z3::expr_vector& assumptions, double seconds);
  SatResult incremental(const z3::expr_vector& assumptions, double limit);
  template <typename Check>
  SatResult measured(Check check);
  void dump(const z3::expr_vector& assumptions);

  z3::context* ctx_;
  SolverConfig config_;
  z3::solver solver_;
  double checkSeconds_ = 0;
  unsigned checks_ = 0;
  unsigned timeoutMs_ = UINT_MAX;  // the timeout last given to Z3 (setting it costs milliseconds)
  /// Some assertion has a floating-point term. Z3's incremental core decides FP by its theory solver,
  /// which took 7 s on ten float additions of a 10-step unwinding that the same formula translated to
  /// bit-vectors and bit-blasted first (fpa2bv, bit-blast) decides in 0.2 s. So every check of such a
  /// solver runs that way on a fresh solver (as preprocessFirst does; unsat cores are all assumptions).
  bool floatingPoint_ = false;
  // The last check was answered by the preprocessed solver: its model, or its assumptions (Unsat).
  std::optional<z3::model> preprocessedModel_;
  std::optional<z3::expr_vector> preprocessedUnsat_;
};

/// Whether a Z3 exception message reports a cancellation or a resource limit (time, memory, steps) rather
/// than a misuse of the API.
bool isResourceLimit(const std::string& message);

/// One-shot helper: is the conjunction of `facts` satisfiable? Creates a fresh solver.
SatResult checkSat(z3::context& ctx, const std::vector<z3::expr>& facts, const SolverConfig& config = {});
/// One-shot validity test of `a => b` (true iff a ∧ ¬b is Unsat); Unknown counts as not valid.
bool implies(const z3::expr& a, const z3::expr& b, const SolverConfig& config = {});

}  // namespace argus::smt
