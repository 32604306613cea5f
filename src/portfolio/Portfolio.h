// The engine portfolio: several engines on one program at once, each in a process forked after the front
// end (so a crash or a memory blow-up stays in its process, and every process owns its Z3 terms), the
// first answer that passed certify wins and the others are killed at once.
//
// A child renders its whole report (verdict line, trace, statistics, JSON) itself, since only it holds
// the evidence, and sends the text through a pipe; the parent prints the winner's. Engines wait in list
// order for a free slot (`jobs` at a time), so a list longer than the cores runs as a queue: an engine
// that ends with UNKNOWN (unsupported, say) hands its slot to the next one, and an engine with a share of
// the budget is stopped when its share has passed without an answer (a sequential combination: a fast
// engine gets its early chance without keeping a slower one off the cores for the whole run). An engine
// that has answered within its share keeps its slot while certify checks the answer (announceCertifying).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace argus::portfolio {

/// What one engine's process produced.
struct RunReport {
  std::string engine;
  bool decided = false;     // TRUE or FALSE, certified: this report may win
  int exitCode = 0;         // the exit code argus would have with this report
  std::string stdoutText;   // verdict line and what follows it
  std::string jsonText;     // the JSON report (may be empty)
  std::string witnessText;  // the SV-COMP witness, when one was asked for (may be empty)
  std::string stderrText;   // diagnostics to show with the report (may be empty)
  std::string failure;      // non-empty: the process ended without a report (crash, killed), why
  double seconds = 0;       // wall time from its start to its report
};

struct PortfolioOutcome {
  std::optional<size_t> winner;      // index into `reports`
  std::vector<RunReport> reports;    // in the order they ended; engines killed by the winner are absent
  std::vector<std::string> killed;   // engines still running when the winner answered
  std::vector<std::string> yielded;  // engines stopped when their share of the budget had passed
  std::vector<std::string> notStarted;  // engines still waiting for a slot when the time limit passed
};

/// One engine of a portfolio and how long it may keep its slot.
struct Slot {
  std::string engine;
  double share = 0;  // in (0, 1): stopped after share × budget seconds without an answer; 0: to the end
  bool operator==(const Slot&) const = default;
};

/// The budget that shares divide when the run has no time limit (SV-COMP's and CHC-COMP's limit).
constexpr double kBudgetWithoutLimit = 900;

/// Runs `run(engine)` in a forked child for every slot, at most `jobs` (>= 1) at a time, in list
/// order. The first decided report wins; the children still running are killed and reaped before this
/// returns. A child whose share of the time limit (`timeLimitSeconds`; 0: none, then of
/// kBudgetWithoutLimit) passes is killed and its slot goes to the next
/// engine. `stopRequested` is polled (an interrupt): when it turns true, every child is killed and the
/// outcome has no winner. `run` must not throw past the child (it runs there): an exception ends the
/// child as a failure. Once `timeUp` (may be empty) turns true, no waiting engine starts any more: it
/// could only stop at once (they are listed in notStarted), and the run's answer must not wait for it;
/// a running engine that has not reported a second later, and is not certifying, yields its slot.
PortfolioOutcome runParallel(const std::vector<Slot>& slots, unsigned jobs, double timeLimitSeconds,
                             const std::function<RunReport(const std::string&)>& run,
                             const std::function<bool()>& stopRequested,
                             const std::function<bool()>& timeUp = {});

/// Kills every portfolio child of this process (for a process about to end without unwinding).
void killPortfolioChildren();
/// Called by an engine's process when the engine has answered and its evidence goes to certify: in a
/// portfolio child, the parent then lets it keep its slot past its share, until the time limit, so that
/// an answer found within the share is not lost while it is checked (certification grace). Nothing
/// outside a portfolio child.
void announceCertifying();

/// What the default engine list depends on.
struct Shape {
  bool clauses = false;    // Horn clauses rather than a C program
  bool recursive = false;  // C: a recursive procedure is reachable
  bool nonLinear = false;  // clauses: some clause has several body applications
  bool reals = false;      // clauses: some predicate argument or clause variable is a real (LRA)
  bool manyProcedures = false;  // C: at least kManyProcedures procedures are reachable from main
  bool floatingPoint = false;   // C: the program has floating-point terms (ir::floatingPointUse)
};

/// From this many procedures reachable from main on, a C program without recursion is driver-sized: the
/// engines that inline every call build formulas of the whole program, and stratified inlining, which
/// inlines only the calls a counterexample needs, gets a share of the time. The SV-COMP programs below it
/// have at most 20 procedures, the full Windows drivers 27 to 154.
constexpr size_t kManyProcedures = 24;

/// The engines a user gets without --engine, strongest first for the shape (from the suite
/// measurements in the README's portfolio section).
std::vector<Slot> defaultEngines(const Shape& shape);

/// The engine list (a value of verify.engine) a preset names: sv-comp and chc-comp the shape's default
/// portfolio ("auto": the shape tells C from clauses), bug-finding bmc and kind, proof the engines that
/// prove (kind, recmc, predabs, impact); nothing for an unknown name.
std::optional<std::string> presetEngines(const std::string& preset);
/// The preset names, for --help and errors.
std::vector<std::string> presetNames();

/// Named combinations that an engine list may use like an engine: legion+ is the Legion paper's
/// portfolio, Corral's and Legion's stratified inlining in parallel with half the budget each.
/// Nothing for a name that is no combination.
std::optional<std::vector<Slot>> combination(const std::string& name);

/// "a,b@0.4,c" → {a, {b, 0.4}, c}: names with an optional share of the budget (empty names dropped,
/// duplicates kept out); a combination's name stands for its slots. Throws OptionError for a share that
/// is no number in (0, 1) or a share given to a combination.
std::vector<Slot> parseEngineList(const std::string& list);
/// The list as the user reads it: "kind, predabs (40% of the time), recmc".
std::string describe(const std::vector<Slot>& slots);

/// The cores this process may use (at least 1).
unsigned availableCores();
/// The engines a portfolio runs at once for a --jobs value: `requested` when above 0, else availableCores().
unsigned jobsFor(int64_t requested);

}  // namespace argus::portfolio
