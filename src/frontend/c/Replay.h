// Native replay of a counterexample: the task's C program is compiled by clang-14 (unoptimised, same
// data model), every call of the error function is preceded by a call into our harness, and the
// harness feeds the trace's nondet values to the __VERIFIER_nondet_* calls in order. The replay
// succeeds iff the native run calls the error function (unreach-call), or iff UBSan reports a signed
// overflow or shift fault at the trace's line (no-overflow).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace argus::frontend {

struct ReplayInput {
  std::string function;  // "__VERIFIER_nondet_int", ...; empty: accept any nondet function
  std::string value;     // decimal text of the value in the function's C type (e.g. "-5", "4294967295")
};

/// A scalar the harness writes into a block before the program sees it: `bytes` bytes (little-endian)
/// at `offset`; the number `value`, or, when `target` names a block, that block's native address plus
/// `value`.
struct ReplayCell {
  uint64_t offset = 0;
  unsigned bytes = 0;
  uint64_t value = 0;
  int target = -1;
};

/// Memory the harness prepares (zeroed, then the cells written): a block the program's malloc returns
/// (the n-th malloc block answers the n-th call of malloc, if its size is `size`), or memory the trace
/// reads through a pointer it found in uninitialised memory (as an allocator may leave a stale pointer
/// to live memory in a block).
struct ReplayBlock {
  bool fromMalloc = true;
  uint64_t size = 0;
  std::vector<ReplayCell> cells;
};

struct ReplaySpec {
  std::string cFile;
  std::string errorFunction = "reach_error";
  bool ilp32 = false;
  std::vector<ReplayInput> inputs;
  std::vector<ReplayBlock> blocks;  // the malloc blocks first, in the order of the calls
  double timeoutSeconds = 10;
  std::string workDir;   // where to build; empty: a fresh temporary directory (removed afterwards)
  /// no-overflow: the program is built with UBSan's overflow and shift checks (Clang.h,
  /// overflowCheckFlags), and the replay succeeds iff the runtime reports a fault at `violationLine` (the
  /// line of the trace's failed check; 0: at any line of the program, for a witness that names no line);
  /// the error function means nothing then.
  bool checkOverflow = false;
  int violationLine = 0;
};

struct ReplayOutcome {
  bool reachedError = false;
  /// The program ran to an end of its own (exit, signal, the harness's verdict) without reaching the
  /// error: the native execution contradicts the trace. False when it did not run to an end (it did
  /// not build, or the time limit stopped it): then nothing is known.
  bool contradicted = false;
  std::string detail;    // what happened: "error function reached after 3 of 3 inputs", a compile
                         // error, "exited with 0 without reaching the error", "inputs exhausted", ...
};

ReplayOutcome replayNatively(const ReplaySpec& spec);

}  // namespace argus::frontend
