// The CHC view of an ir::Program (see ir/Horn.h), with the back-translator of its answers: a model
// becomes a modular certificate of the input program (a contract per procedure, invariants at cut
// points), a derivation becomes an interprocedural trace over the input program's edges.
//
// Predicates, per procedure p with entry state `in` (the `old` constants of p's params and globals):
//   * Sum_p(in, out)       p can return from `in` with results and globals `out`;
//   * Err_p(in)            p can reach an error location (its own or a callee's) from `in`;
//   * At_p_l(in, scope)    p can be at cut point l with its scope's values (loop heads, call sites, ...).
// Clauses: one per path between cut points (entry, exit, error, loop heads, the locations before call
// edges and, where a block would have too many paths, join locations), each call on a path a body
// application of the callee's Sum; a call site also has a clause At ∧ Err_callee(args) ⇒ Err_p(in).
// The query is Err_main(in) ⇒ false.
//
// Back-translation of a model M: pre_p = ¬M(Err_p)(cur params and globals), post_p = M(Sum_p) over old
// and cur constants, invariant at l = M(At_p_l) ∧ ¬M(Err_p)(old) (conjoining a formula over `old` keeps an
// invariant inductive, and makes every error location unreachable under pre_p).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/Evidence.h"
#include "ir/Horn.h"
#include "ir/Program.h"
#include "util/Shutdown.h"

namespace argus::transforms {

class HornEncoding {
 public:
  /// Builds the view of every procedure reachable from main.
  /// Polls `stop` while it builds the clauses (a driver-sized program has thousands of paths between cut
  /// points); when it stops, the encoding ends there, incomplete, and stopped() says so.
  explicit HornEncoding(const ir::Program& program, const ShutdownToken* stop = nullptr);
  bool stopped() const { return stopped_; }

  const ir::Program& program() const { return *program_; }
  const ir::horn::System& system() const { return system_; }

  /// A modular certificate of the input program from a model of the view (context: the program's).
  ir::Certificate certificate(const ir::horn::Model& model) const;
  /// The trace over the input program's edges that a derivation of false describes; nullopt (and why,
  /// in `whyNot`) if its steps cannot be matched with edges.
  std::optional<ir::Trace> trace(const ir::horn::Derivation& derivation, std::string* whyNot = nullptr) const;

  struct Impl;

 private:
  const ir::Program* program_;
  ir::horn::System system_;
  std::shared_ptr<Impl> impl_;
  bool stopped_ = false;
};

}  // namespace argus::transforms
