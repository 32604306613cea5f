// argus as a validator of SV-COMP witnesses 2.0 (and 2.1's function contracts) for its own input programs:
//  * a violation witness is confirmed when the C program, compiled and run natively with the values of
//    its `function_return` waypoints fed to the __VERIFIER_nondet_* calls in order, reaches the error
//    function (the same native replay that backs every FALSE); when the program reads malloc'd memory and
//    the replays miss the error, the outcome carries the inputs for a symbolic check with the heap left
//    open (heapOpenInputs; cli/ValidateCommand runs it, as it needs an engine);
//  * a correctness witness is confirmed when its loop invariants, read back from C into the IR (`true` at
//    the loops it does not name and at the heads of cycles no loop statement or label makes, each
//    conjoined with the definitions of temporaries and copies that hold there, ir/Definitions.h), form a
//    certificate that certify accepts: k-inductive for some k in 1, 2, 4, …, 32, or else bounded by 2, 4,
//    …, 256 blocks between the loop heads (on certify's unfolding of the calls, for a program with
//    procedures); for a program without loops, a complete unrolling. A witness with `function_contract`
//    entries is first checked in certify's modular form: each contract holds of its function's body with
//    the calls in it replaced by their callees' contracts (a function without one: true), and the loop
//    invariants are inductive there; this is how a recursive program's proof is confirmed.
// Anything else is rejected (the witness contradicts the program, or names another file or property) or
// unconfirmed (argus could not decide it, or the witness uses waypoints argus does not follow).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::witness {

enum class Validity { Confirmed, Rejected, Unconfirmed };
const char* toString(Validity v);

struct ValidationOutcome {
  Validity validity = Validity::Unconfirmed;
  std::string kind;    // "violation" or "correctness", when the witness could be read
  std::string detail;
  /// A violation witness whose native replays missed the error only for want of heap contents (the
  /// program reads malloc'd memory the witness cannot give): its inputs in order, for a symbolic check
  /// with the heap left open (transforms/FixedInputs.h; the CLI runs it). Empty otherwise.
  std::optional<std::vector<std::string>> heapOpenInputs;
};

struct ValidationOptions {
  double checkTimeout = 30;   // seconds per certify check
  double replayTimeout = 10;  // seconds for the native run
  double budget = 120;        // seconds for all attempts together
};

/// Validates the witness in `witnessFile` for `program` (a C program). Throws InputError when the file
/// is not a witness of format 2.x (or GraphML 1.0).
ValidationOutcome validateWitness(const ir::Program& program, const std::string& witnessFile,
                                  const ValidationOptions& options);

}  // namespace argus::witness
