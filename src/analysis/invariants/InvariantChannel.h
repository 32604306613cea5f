// How the invariant generator's thread hands invariants to the engine's thread: plain data (SMT-LIB
// text over the `cur` constants of the program's variables, per cut point), never z3 objects, because
// the two threads work in different Z3 contexts.
#pragma once

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ir/Program.h"

namespace argus::analysis {

struct InvariantBatch {
  std::string source;  // the generator round that found it, e.g. "intervals(4)"
  double seconds = 0;  // since the generator started
  std::vector<std::pair<ir::LocId, std::string>> invariants;
};

class InvariantChannel {
 public:
  void post(InvariantBatch batch);
  /// Every batch posted since the last take(), oldest first.
  std::vector<InvariantBatch> take();
  /// The generator will post nothing more.
  void finish();
  bool finished() const;
  /// The generator hit a bug of ours (not a stop request, not a resource limit): the engine must not go
  /// on as if nothing happened. Empty while none.
  void fail(std::string why);
  std::string failure() const;

 private:
  mutable std::mutex mutex_;
  std::vector<InvariantBatch> pending_;
  bool finished_ = false;
  std::string failure_;
};

/// SMT-LIB text of a formula over `cur` constants.
std::string toSmtText(const z3::expr& formula);
/// Parses text written by toSmtText in `program`'s context, resolving the program's `cur` constants
/// by name. Throws InternalError on text that does not parse (the writer is ours).
z3::expr fromSmtText(const ir::Program& program, const std::string& text);

}  // namespace argus::analysis
