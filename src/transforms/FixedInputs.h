// The program with its __VERIFIER_nondet_* inputs fixed, in the order the calls happen, to given values
// (a violation witness's `\result == N` waypoints): a fresh global counts the inputs consumed; the edge of
// the i-th input may only be taken with that input equal to the i-th value, and no edge may consume more
// inputs than there are values. Everything else the program leaves open — the contents of heap blocks no
// one wrote, uninitialised locals — stays open. A path to the error of this program is a run of the input
// program that the witness's inputs lead to the error; witness validation uses it when a native replay
// cannot supply what the witness does not say (heap contents).
#pragma once

#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::transforms {

/// Throws UnsupportedError for an input it cannot fix: a nondet pointer (its value names an address of
/// the native run, not of argus's memory model), or a sort other than Int, bit-vector and Bool.
ir::Program withFixedInputs(const ir::Program& program, const std::vector<std::string>& values);

}  // namespace argus::transforms
