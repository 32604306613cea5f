// Live variables per location (intraprocedural, with calls reading their arguments and every global).
// A variable dead at a location is written before it is read on every path from there: BMC merges only
// live variables at join nodes, and the CHC view (transforms/HornEncoding) passes only live ones on.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/Instantiate.h"
#include "ir/Program.h"

namespace argus::ir {

class Liveness {
 public:
  Liveness(const ir::Program& program, const ir::Instantiator& instantiator);
  bool live(ir::LocId l, ir::VarId v) const { return (bits_[l][v / 64] >> (v % 64)) & 1; }

 private:
  using Bits = std::vector<uint64_t>;
  void solve(const ir::Program& p, const ir::Instantiator& inst, ir::ProcId proc);
  Bits transfer(const ir::Program& p, const ir::Instantiator& inst, const ir::Edge& e) const;

  size_t words_;
  std::vector<Bits> bits_;
};

}  // namespace argus::ir
