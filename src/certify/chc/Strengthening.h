// A k-inductive certificate made 1-inductive, so that it can become a CHC model. At every cut point the
// strengthened invariant says: no state within k-1 further blocks violates an invariant or reaches the
// error. If the invariants are k-inductive (every k blocks through states that satisfy them end in one
// that does) and hold within k-1 blocks of the entry, these formulas are inductive over one block — the
// usual construction of an inductive invariant from a k-inductive one. The existential quantifiers over
// the blocks' states are eliminated with Z3's QE. Not part of the judge: the result is a proposal that
// the clause-by-clause model check accepts or not.
#pragma once

#include <optional>
#include <string>

#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::certify {

struct Strengthened {
  std::optional<ir::Certificate> certificate;  // k = 1, invariants at the same locations
  std::string detail;                          // why there is none
};

/// For single-procedure programs without calls, as certify checks k > 1; within `budgetSeconds` of QE
/// and formulas of at most `maxSize` DAG nodes per cut point and depth.
Strengthened strengthenToOneInductive(const ir::Program& program, const ir::Certificate& certificate,
                                      double budgetSeconds, size_t maxSize = 20000);

}  // namespace argus::certify
