// Inlining of every call of a non-recursive program into one procedure (main), for the engines that
// analyse a single CFA (k-induction, predicate abstraction, Impact).
//
// Each call site gets its own copy of the callee's locations and edges, but the callee's variables are
// shared by all copies: without recursion no two activations of a procedure overlap in time, so this
// is exact and keeps the variable count (and the predicate vocabulary) small. A call becomes a transition
// that binds the parameters to the arguments and havocs the callee's locals and results (a fresh
// activation starts with indeterminate locals); the return becomes a transition that copies the results
// into the caller's variables. Error locations of every copy are merged into main's error location.
// When main's entry has incoming edges, a fresh entry is put in front of it, so that the entry of the
// result is visited once (what certificates assume of an entry).
//
// Evidence about the result maps back to the input (InlineBackTranslator): a location of the result is
// a location of the input in a calling context (the call edges from main down to the copy), so
// invariants become an Inlined certificate keyed by (calling context, input location), and a trace's
// call and return glue become Call and Return steps over the input's call edges.
#pragma once

#include <memory>
#include <vector>

#include "ir/Evidence.h"
#include "ir/Program.h"
#include "transforms/BackTranslation.h"

namespace argus::transforms {

/// What an edge of the inlined program stands for when it copies no edge of the input.
struct InlineGlue {
  enum class Kind { None, Call, Return, Entry };
  Kind kind = Kind::None;  // None: the edge copies an input edge (see originalEdge)
  ir::EdgeId call = ir::kNone;  // Call, Return: the input's call edge
};

struct InlineResult {
  std::shared_ptr<ir::Program> program;  // exactly one procedure: main
  /// For each edge of the new program: the original edge it copies, or kNone for glue.
  std::vector<ir::EdgeId> originalEdge;
  /// For each edge of the new program: which glue it is (kind None for copies).
  std::vector<InlineGlue> glue;
  /// For each location of the new program: the original location it copies (kNone: the fresh entry).
  std::vector<ir::LocId> originalLoc;
  /// For each location of the new program: the calling context of the copy.
  std::vector<ir::CallString> context;
};

/// Inlines all calls reachable from main. Throws UnsupportedError if the program is recursive.
/// `maxLocations` bounds the size of the result (UnsupportedError when exceeded).
InlineResult inlineAll(const ir::Program& program, size_t maxLocations = 200000);

/// Maps evidence about `inlined.program` back to the program it was inlined from.
class InlineBackTranslator : public BackTranslator {
 public:
  explicit InlineBackTranslator(InlineResult inlined) : inlined_(std::move(inlined)) {}
  /// Modular invariants of the inlined program become Inlined invariants of the input (Modular again when
  /// no call was inlined); a complete unrolling keeps its bound (loops and activations keep their shape).
  ir::Certificate certificate(const ir::Certificate& onResult) const override;
  /// Copies become the edges they copy, call and return glue Call and Return steps, the fresh entry
  /// edge disappears. The trace's checked values are dropped: certify recomputes them.
  std::optional<ir::Trace> trace(const ir::Trace& onResult, const smt::SolverConfig& solver) const override;
  const InlineResult& result() const { return inlined_; }

 private:
  InlineResult inlined_;
};

}  // namespace argus::transforms
