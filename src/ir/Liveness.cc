// Backward live-variable analysis to a fixpoint, one procedure at a time. At an exit the results and
// globals are live (a caller reads them; main counts as a possible callee too); at an error location nothing is.
#include "ir/Liveness.h"

namespace argus::ir {
namespace {

void set(std::vector<uint64_t>& b, ir::VarId v) { b[v / 64] |= uint64_t{1} << (v % 64); }
void clear(std::vector<uint64_t>& b, ir::VarId v) { b[v / 64] &= ~(uint64_t{1} << (v % 64)); }

}  // namespace

Liveness::Liveness(const ir::Program& program, const ir::Instantiator& inst)
    : words_((program.numVars() + 63) / 64), bits_(program.numLocs(), Bits(words_, 0)) {
  for (auto& proc : program.procs()) solve(program, inst, proc.id);
}

Liveness::Bits Liveness::transfer(const ir::Program& p, const ir::Instantiator& inst, const ir::Edge& e) const {
  Bits out = bits_[e.to];
  if (e.isCall()) {
    for (ir::VarId w : p.callWrites(e)) clear(out, w);
    for (ir::VarId g : p.globals()) set(out, g);
  } else {
    for (ir::VarId w : e.writes) clear(out, w);
  }
  for (ir::VarId r : inst.reads(e.id)) set(out, r);
  return out;
}

void Liveness::solve(const ir::Program& p, const ir::Instantiator& inst, ir::ProcId proc) {
  const ir::Procedure& pr = p.proc(proc);
  for (ir::VarId v : pr.results) set(bits_[pr.exit], v);
  for (ir::VarId g : p.globals()) set(bits_[pr.exit], g);
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto it = pr.locations.rbegin(); it != pr.locations.rend(); ++it) {
      ir::LocId l = *it;
      if (l == pr.exit || l == pr.error) continue;
      Bits acc(words_, 0);
      for (ir::EdgeId e : p.loc(l).out) {
        Bits t = transfer(p, inst, p.edge(e));
        for (size_t i = 0; i < words_; ++i) acc[i] |= t[i];
      }
      if (acc != bits_[l]) bits_[l] = std::move(acc), changed = true;
    }
  }
}

}  // namespace argus::ir
