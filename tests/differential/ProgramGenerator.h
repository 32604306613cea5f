// Random C programs in SV-COMP conventions for differential testing of the engines: loops (bounded,
// nondet exit, nested), procedure calls, bounded recursion, local and global arrays, signed and unsigned
// arithmetic, nondet inputs, __VERIFIER_assume and `if (cond) reach_error();` checks. The programs are
// free of undefined behaviour by construction (so that argus's int encoding, which cuts off signed
// overflow, and the native replay agree): every int variable stays in [-kValueBound, kValueBound], array
// indices are in bounds, divisors are non-zero constants, and every variable is initialised.
#pragma once

#include <cstdint>
#include <string>

namespace argus::differential {

/// Every int variable and int array cell of a generated program stays within ±kValueBound.
inline constexpr int64_t kValueBound = 1000;

struct GeneratorOptions {
  uint64_t seed = 1;
  /// Roughly the number of statements in main; helper functions and loop bodies scale with it.
  int size = 8;
};

/// The program text; the same options give the same text on every platform.
std::string generateProgram(const GeneratorOptions& options);

}  // namespace argus::differential
