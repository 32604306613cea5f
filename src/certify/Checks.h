// Internal interface between the files of certify/: the individual checks behind Certify.h, and the
// small helpers they share. Nothing outside certify/ includes this.
#pragma once

#include <string>

#include "certify/Certify.h"
#include "ir/Program.h"
#include "smt/Solver.h"

namespace argus::certify {

/// Invariant certificates: cut set, well-formedness, initiation, k-inductive consecution, safety, contracts.
/// BlockBound certificates: the same cut points, unrolled from the entry up to the bound.
CheckOutcome checkInvariants(const ir::Program& program, const ir::Certificate& certificate,
                             const CertifyOptions& options);
/// CompleteUnrolling certificates: with certify's own unrolling, no error and no cut-off is reachable.
CheckOutcome checkCompleteUnrolling(const ir::Program& program, unsigned bound, const CertifyOptions& options);
/// InliningTree certificates: with certify's own unrolling, expanded everywhere but at the open sites, no
/// error and no open site that may reach one is reachable.
CheckOutcome checkInliningTree(const ir::Program& program, const ir::Certificate& certificate,
                               const CertifyOptions& options);

/// Decimal text of a model value in its C type: `type.bits` bits, signed or unsigned; Int values hold the
/// signed reading (int encoding), bit-vector values the bit pattern (bv encoding); Bool as 1/0.
std::string cValueText(const z3::expr& value, const ir::ValueType& type);

/// A fresh solver's configuration for one certify check (timeout from the options, no shared state).
smt::SolverConfig checkConfig(const CertifyOptions& options, const std::string& name);

/// "name (file:line)" of a location, for details that point at the program.
std::string describeLocation(const ir::Program& program, ir::LocId l);
/// "label (file:line)" of an edge.
std::string describeEdge(const ir::Program& program, ir::EdgeId e);

}  // namespace argus::certify
