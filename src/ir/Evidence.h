// What an engine hands back with a verdict: a Trace for Unsafe, a Certificate for Safe, a reason for
// Unknown. Engines fill the structural part (the path; the invariants); certify/ checks it independently
// and fills in what it established (concrete values, replay outcome), and only then may report/ print it.
#pragma once

#include <z3++.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
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
  /// The Z3 context of the values below (first member: destroyed last, after the terms); the checker sets
  /// it when it fills them in. A trace keeps its context alive, so it may outlive its program.
  std::shared_ptr<z3::context> context;
  std::vector<TraceStep> steps;  // from main's entry to an error location
  // Filled by the checker:
  std::vector<std::pair<VarId, z3::expr>> initial;  // values at main's entry of the variables read
  /// C: the addresses the path reads from a region array, with the array's initial contents there
  /// (what the read sees if nothing wrote there before it: uninitialised memory).
  struct MemoryRead {
    VarId region;
    z3::expr address;
    z3::expr initial;
  };
  std::vector<MemoryRead> memoryReads;
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

/// A calling context: the call edges of the input program from main's body down to one activation,
/// outermost first. Empty: main's own activation.
using CallString = std::vector<EdgeId>;

/// A location of the input program in one calling context (a location of the program with every call
/// inlined, named without reference to any inliner's numbering).
struct ContextLoc {
  CallString context;
  LocId loc = kNone;
  auto operator<=>(const ContextLoc&) const = default;
};

/// A node of an unrolling of the input program, named by the input alone: a location, the loop counters
/// there (per enclosing natural loop: its head and the back edges taken since the loop was entered,
/// sorted by head), and the call stack that leads to it (per activation: the call edge, with the
/// caller's loop counters at the call; outermost first).
struct UnrollingNode {
  using Counters = std::vector<std::pair<LocId, unsigned>>;
  std::vector<std::pair<EdgeId, Counters>> stack;
  LocId loc = kNone;
  Counters counters;
  auto operator<=>(const UnrollingNode&) const = default;
};

/// Why a program is safe. Every certificate speaks about the input program, the one the front end built:
/// an engine that ran on a transform of it translates its evidence back before returning it.
///  * Invariants: k-inductive invariants (k = 1: ordinary inductive invariants) at a set of cut points
///    (every cycle passes through one), over the cut-point transition relation. Two forms:
///    - Modular: `invariants` maps locations of the input program to formulas over the `cur` constants
///      of the procedure's scope and the `old` constants of its params and globals; each procedure's
///      entry, exit and error are cut points implicitly (entry invariant = pre ∧ cur = old, error
///      invariant = false), and calls inside blocks are replaced by the callee's contract (a missing
///      contract means pre = post = true). k > 1 needs a single-procedure program.
///    - Inlined: `inlined` maps locations in calling contexts to formulas over the `cur` constants of every
///      variable of the program and the `old` constants of main's params and globals. certify unfolds
///      every call of the (non-recursive) input program with its own code and checks the invariants at
///      the copies they name; `invariants` and `contracts` stay empty.
///  * CompleteUnrolling: every execution ends within `bound` (loop iterations and recursion depth),
///    and no bounded execution reaches an error location; certify re-establishes both with its own
///    encoding.
///  * BlockBound: no execution from main's entry completes more than `bound` blocks between the cut
///    points the invariants name (in either form; formulas `true` when nothing more is claimed), and none
///    reaches an error location on the way; the invariants hold wherever a cut point is reached. What k-induction's forward condition
///    proves: the check grows with `bound` times the program, not with the product of loop bounds.
///  * InliningTree: what stratified inlining proves. The unrolling of the program from main's entry in which
///    every node is expanded except the *sites* — a procedure's entry reached by a call, and every loop
///    head (a loop is a tail-recursive procedure; each iteration a call) — that are not in `inlinedSites`.
///    Such an open site stands for the rest of its activation over-approximately: it may end at its
///    procedure's exit with the results and globals arbitrary, or reach an error location if one is
///    reachable from the site's location (through the procedure's edges and the callees of its calls).
///    No error is reachable in that unrolling; certify rebuilds and checks it with its own encoding.
struct Certificate {
  /// The Z3 context of every formula below (first member: destroyed last, after the formulas).
  std::shared_ptr<z3::context> context;
  enum class Kind { Invariants, CompleteUnrolling, BlockBound, InliningTree };
  enum class Form { Modular, Inlined };
  Kind kind = Kind::Invariants;
  Form form = Form::Modular;
  std::map<LocId, z3::expr> invariants;
  std::map<ProcId, Contract> contracts;
  std::map<ContextLoc, z3::expr> inlined;
  unsigned k = 1;
  unsigned bound = 0;
  std::set<UnrollingNode> inlinedSites;
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
  EvidenceRejected,    // certify/ refuted the engine's trace or certificate (a bug to report)
  Undecided,           // certify/ could not decide the evidence (solver unknown, size cap, time)
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

  /// Evidence that holds terms must name their Z3 context (Certificate::context, Trace::context).
  static Result safe(Certificate c);
  static Result unsafe(Trace t);
  static Result unknown(UnknownReason reason, std::string detail);
  const Certificate* certificate() const { return std::get_if<Certificate>(&evidence); }
  const Trace* trace() const { return std::get_if<Trace>(&evidence); }
  Certificate* certificate() { return std::get_if<Certificate>(&evidence); }
  Trace* trace() { return std::get_if<Trace>(&evidence); }
};

}  // namespace argus::ir
