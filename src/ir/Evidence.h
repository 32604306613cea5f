// What an engine hands back with a verdict: a Trace for Unsafe, a Certificate for Safe, a reason for
// Unknown. Engines fill the structural part (the path; the invariants); certify/ checks it independently
// and fills in what it established (concrete values, replay outcome), and only then may report/ print it.
#pragma once

#include <z3++.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/Program.h"

namespace argus::ir {

// ---------------------------------------------------------------- traces

/// One step of an interprocedural path. Edge: a transition edge of the current procedure. Call: a call
/// edge; the following steps run in the callee from its entry. Return: the callee has reached its exit;
/// `edge` names the call edge returned from, and execution continues at that edge's target.
struct TraceStep {
  enum class Kind { Edge, Call, Return };
  Kind kind = Kind::Edge;
  EdgeId edge = kNone;
  // Filled by the trace checker from its own model:
  std::vector<std::pair<VarId, z3::expr>> values;  // variables written by the step, new values
  std::vector<z3::expr> inputs;                    // nondet values the step consumed, in order
};

struct Trace {
  std::vector<TraceStep> steps;  // from main's entry to an error location
  // Filled by the checker:
  std::vector<std::pair<VarId, z3::expr>> initial;  // values at main's entry of the variables read
  bool pathChecked = false;       // the path formula was re-checked by a fresh solver
  bool replayed = false;          // C: the native program reached the error function with these inputs
  std::string replayDetail;       // what the replay did (or why it failed / was not run)
};

// ---------------------------------------------------------------- certificates

/// A procedure's contract: `pre` over the `cur` constants of its params and the globals (the state at
/// entry); `post` over the `old` constants of params and globals (entry state) and the `cur` constants
/// of results and globals (exit state).
struct Contract {
  z3::expr pre;
  z3::expr post;
};

/// Why a program is safe.
///  * Invariants: `invariants` maps a set of cut points (locations such that every cycle of every CFA
///    passes through one; each procedure's entry, exit and error included implicitly as: entry
///    invariant = pre ∧ cur = old, error invariant = false) to formulas over the `cur` constants of the
///    procedure's scope and the `old` constants of its params and globals. The invariants are k-inductive
///    (k = 1: ordinary inductive invariants) over the cut-point transition relation, calls inside blocks
///    being replaced by the callee's contract (a missing contract means pre = post = true).
///  * CompleteUnrolling: every execution ends within `bound` (loop iterations and recursion depth),
///    and no bounded execution reaches an error location; certify re-establishes both with its own
///    encoding.
struct Certificate {
  enum class Kind { Invariants, CompleteUnrolling };
  Kind kind = Kind::Invariants;
  std::map<LocId, z3::expr> invariants;
  std::map<ProcId, Contract> contracts;
  unsigned k = 1;
  unsigned bound = 0;
  // Filled by the checker:
  bool checked = false;
  std::string checkDetail;
};

// ---------------------------------------------------------------- results

enum class Verdict { Safe, Unsafe, Unknown };
const char* toString(Verdict v);

enum class UnknownReason {
  None,
  Timeout,
  MemoryOut,
  BoundReached,        // a configured bound was reached without a proof
  Unsupported,         // the input uses a feature no engine models here (detail names it)
  Incomplete,          // the engine gave up (e.g. no new predicates, solver answered unknown)
  EvidenceRejected,    // the engine's trace or certificate did not pass certify/ (a bug to report)
  Cancelled,
  Error,               // the engine failed internally
};
const char* toString(UnknownReason r);

struct Result {
  Verdict verdict = Verdict::Unknown;
  std::variant<std::monostate, Certificate, Trace> evidence;
  UnknownReason reason = UnknownReason::None;
  std::string detail;
  std::string engine;  // which engine produced it (a portfolio names the winner)
  /// The program the evidence speaks about, when an engine ran on a transform of its input (inlined,
  /// large-block encoded, ...). Null: the input program itself. certify/ checks the evidence against
  /// this program; the transforms are tested on their own (round trips), see docs/ARCHITECTURE.md.
  std::shared_ptr<const Program> evidenceProgram;

  static Result safe(Certificate c);
  static Result unsafe(Trace t);
  static Result unknown(UnknownReason reason, std::string detail);
  const Certificate* certificate() const { return std::get_if<Certificate>(&evidence); }
  const Trace* trace() const { return std::get_if<Trace>(&evidence); }
  Certificate* certificate() { return std::get_if<Certificate>(&evidence); }
  Trace* trace() { return std::get_if<Trace>(&evidence); }
};

}  // namespace argus::ir
