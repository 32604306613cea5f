// The mutable edge graph that the block encodings rewrite (see BlockEncoding.h): edges are transition
// formulas like ir::Edge plus the set of input edges they summarise; the graph composes edges in
// sequence and by choice, removes locations, and converts back into an ir::Program.
//
// Naming: before merging, every aux constant of input edge e is renamed to "blk!<name>@e<e>" and every
// nondet input becomes such an aux constant, so that two merged edges that copied the same input edge
// share its inputs literally (which is what lets the choice rule compare input lists). The value of a
// variable at a removed location l is the aux constant "blk!<var>@l<l>"; a summarised path visits l at
// most once, so the name is unambiguous inside one edge.
#pragma once

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "ir/Program.h"
#include "transforms/BlockEncoding.h"

namespace argus::transforms {

struct BlockEdge {
  ir::LocId from = ir::kNone, to = ir::kNone;
  z3::expr formula;
  std::vector<ir::VarId> writes;  // sorted
  std::vector<z3::expr> aux;
  std::vector<ir::NondetInput> inputs;
  ir::SourceLoc loc;
  std::string label;
  std::string unsupported;
  std::vector<ir::EdgeId> sources;  // sorted
};

class BlockGraph {
 public:
  using EdgeIndex = uint32_t;

  /// The edges of the program's only procedure (calls are rejected with UnsupportedError). With
  /// `canonicalNames`, aux constants and inputs are renamed as described above. `exactInputs`: see
  /// choice().
  BlockGraph(const ir::Program& program, bool canonicalNames, bool exactInputs);

  const ir::Program& source() const { return *source_; }
  size_t numLocs() const { return in_.size(); }
  const BlockEdge& edge(EdgeIndex e) const { return edges_.at(e); }
  const std::vector<EdgeIndex>& in(ir::LocId l) const { return in_.at(l); }
  const std::vector<EdgeIndex>& out(ir::LocId l) const { return out_.at(l); }
  /// Entry, exit and error of the procedure.
  bool isFrame(ir::LocId l) const;

  EdgeIndex add(BlockEdge edge);
  void remove(EdgeIndex e);
  /// Removes every edge of locations not reachable from the entry.
  void removeUnreachable();

  /// `a` (ending at `via`) followed by `b` (starting there); nullopt if the two summarise a common input
  /// edge (their aux constants would clash).
  std::optional<BlockEdge> sequence(const BlockEdge& a, const BlockEdge& b, ir::LocId via) const;
  /// The disjunction of two edges with the same endpoints. With exact inputs, nullopt unless both list
  /// the same inputs and the same unsupported feature; otherwise the result lists the inputs of both and
  /// marks every unsupported feature of either.
  std::optional<BlockEdge> choice(const BlockEdge& a, const BlockEdge& b) const;

  /// The program made of the remaining edges: locations that some edge touches, plus entry, exit, error
  /// and `alsoKeep`; a fresh entry is added when the entry has incoming edges.
  EncodedProgram toProgram(const std::vector<bool>& alsoKeep) const;

 private:
  BlockEdge fromInput(const ir::Edge& e, bool canonicalNames) const;
  z3::expr mid(ir::VarId v, ir::LocId at) const;

  const ir::Program* source_;
  bool exactInputs_;
  ir::ProcId proc_;
  std::vector<BlockEdge> edges_;
  std::vector<bool> removed_;
  std::vector<std::vector<EdgeIndex>> in_, out_;
};

}  // namespace argus::transforms
