// Block graph: composition of transition edges by sequence and choice, and conversion to ir::Program.
#include "transforms/BlockGraph.h"

#include <algorithm>
#include <unordered_set>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::transforms {
namespace {

using namespace ir;

constexpr size_t kMaxLabel = 160;

std::string shorten(std::string label) {
  if (label.size() > kMaxLabel) label = label.substr(0, kMaxLabel - 3) + "...";
  return label;
}

template <typename T>
std::vector<T> sortedUnion(const std::vector<T>& a, const std::vector<T>& b) {
  std::vector<T> out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

/// Aux constants of both edges, each once (by term identity).
std::vector<z3::expr> auxUnion(const std::vector<z3::expr>& a, const std::vector<z3::expr>& b) {
  std::vector<z3::expr> out = a;
  std::unordered_set<unsigned> seen;
  for (auto& x : a) seen.insert(x.id());
  for (auto& x : b)
    if (seen.insert(x.id()).second) out.push_back(x);
  return out;
}

bool sharesAux(const std::vector<z3::expr>& a, const std::vector<z3::expr>& b) {
  std::unordered_set<unsigned> ids;
  for (auto& x : a) ids.insert(x.id());
  for (auto& x : b)
    if (ids.count(x.id())) return true;
  return false;
}

bool sameInputs(const std::vector<NondetInput>& a, const std::vector<NondetInput>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!z3::eq(a[i].term, b[i].term) || a[i].function != b[i].function) return false;
  return true;
}

/// The inputs of `a`, then those of `b` that `a` does not list.
std::vector<NondetInput> inputUnion(const std::vector<NondetInput>& a, const std::vector<NondetInput>& b) {
  std::vector<NondetInput> out = a;
  std::unordered_set<unsigned> seen;
  for (auto& in : a) seen.insert(in.term.id());
  for (auto& in : b)
    if (seen.insert(in.term.id()).second) out.push_back(in);
  return out;
}

std::vector<NondetInput> renameInputs(const std::vector<NondetInput>& inputs, const smt::Substitution& sub) {
  std::vector<NondetInput> out;
  for (auto& in : inputs) out.push_back(NondetInput{sub.apply(in.term), in.function, in.type, in.loc});
  return out;
}

}  // namespace

BlockGraph::BlockGraph(const Program& program, bool canonicalNames, bool exactInputs)
    : source_(&program), exactInputs_(exactInputs) {
  if (program.numProcs() != 1) throw UnsupportedError("block encoding needs a single procedure (inline first)");
  proc_ = program.mainProc();
  in_.resize(program.numLocs());
  out_.resize(program.numLocs());
  for (auto& e : program.edges()) {
    if (e.isCall()) throw UnsupportedError("block encoding needs a program without calls (inline first)");
    add(fromInput(e, canonicalNames));
  }
}

bool BlockGraph::isFrame(LocId l) const {
  const Procedure& p = source_->proc(proc_);
  return l == p.entry || l == p.exit || l == p.error;
}

BlockEdge BlockGraph::fromInput(const Edge& e, bool canonicalNames) const {
  BlockEdge b{e.from, e.to, e.formula, e.writes, e.aux, e.inputs, e.loc, e.label, e.unsupported, {e.id}};
  std::sort(b.writes.begin(), b.writes.end());
  if (!canonicalNames) return b;
  z3::context& ctx = source_->ctx();
  smt::Substitution rename(ctx);
  std::string suffix = "@e" + std::to_string(e.id);
  b.aux.clear();
  for (auto& a : e.aux) {
    z3::expr named = ctx.constant(("blk!" + a.decl().name().str() + suffix).c_str(), a.get_sort());
    rename.add(a, named);
    b.aux.push_back(named);
  }
  std::vector<z3::expr> conjuncts{rename.apply(e.formula)};
  b.inputs.clear();
  for (size_t k = 0; k < e.inputs.size(); ++k) {
    z3::expr term = rename.apply(e.inputs[k].term);
    z3::expr named = ctx.constant(("blk!in" + std::to_string(k) + suffix).c_str(), term.get_sort());
    conjuncts.push_back(named == term);
    b.aux.push_back(named);
    b.inputs.push_back(NondetInput{named, e.inputs[k].function, e.inputs[k].type, e.inputs[k].loc});
  }
  b.formula = smt::mkAnd(ctx, conjuncts);
  return b;
}

z3::expr BlockGraph::mid(VarId v, LocId at) const {
  const Variable& var = source_->var(v);
  std::string name = "blk!" + var.name + "@l" + std::to_string(at);
  return source_->ctx().constant(name.c_str(), var.cur.get_sort());
}

BlockGraph::EdgeIndex BlockGraph::add(BlockEdge edge) {
  EdgeIndex id = static_cast<EdgeIndex>(edges_.size());
  in_.at(edge.to).push_back(id);
  out_.at(edge.from).push_back(id);
  edges_.push_back(std::move(edge));
  removed_.push_back(false);
  return id;
}

void BlockGraph::remove(EdgeIndex e) {
  INVARIANT(!removed_.at(e), "removing an edge twice");
  removed_[e] = true;
  auto drop = [e](std::vector<EdgeIndex>& list) { list.erase(std::find(list.begin(), list.end(), e)); };
  drop(in_[edges_[e].to]);
  drop(out_[edges_[e].from]);
}

void BlockGraph::removeUnreachable() {
  std::vector<bool> seen(numLocs(), false);
  std::vector<LocId> stack{source_->proc(proc_).entry};
  seen[stack.back()] = true;
  while (!stack.empty()) {
    LocId l = stack.back();
    stack.pop_back();
    for (EdgeIndex e : out_[l])
      if (!seen[edges_[e].to]) {
        seen[edges_[e].to] = true;
        stack.push_back(edges_[e].to);
      }
  }
  for (LocId l = 0; l < numLocs(); ++l)
    if (!seen[l])
      while (!out_[l].empty()) remove(out_[l].back());
}

std::optional<BlockEdge> BlockGraph::sequence(const BlockEdge& a, const BlockEdge& b, LocId via) const {
  INVARIANT(a.to == via && b.from == via, "sequence of edges that do not meet");
  INVARIANT(a.unsupported.empty(), "an edge marking an unsupported feature must end in the error location");
  if (sharesAux(a.aux, b.aux)) return std::nullopt;
  z3::context& ctx = source_->ctx();
  smt::Substitution first(ctx), second(ctx);
  std::vector<z3::expr> mids;
  for (VarId w : a.writes) {
    const Variable& v = source_->var(w);
    if (std::binary_search(b.writes.begin(), b.writes.end(), w)) {
      mids.push_back(mid(w, via));
      first.add(v.next, mids.back());
      second.add(v.cur, mids.back());
    } else {
      second.add(v.cur, v.next);  // `b` reads the value `a` leaves, which is also the final one
    }
  }
  if (sharesAux(mids, a.aux) || sharesAux(mids, b.aux)) return std::nullopt;
  BlockEdge out = a;
  out.to = b.to;
  out.formula = first.apply(a.formula) && second.apply(b.formula);
  out.writes = sortedUnion(a.writes, b.writes);
  out.aux = auxUnion(auxUnion(a.aux, b.aux), mids);
  out.inputs = renameInputs(a.inputs, first);
  for (auto& in : renameInputs(b.inputs, second)) out.inputs.push_back(in);
  out.loc = b.loc.known() ? b.loc : a.loc;
  out.label = shorten(a.label + "; " + b.label);
  out.unsupported = b.unsupported;
  out.sources = sortedUnion(a.sources, b.sources);
  return out;
}

std::optional<BlockEdge> BlockGraph::choice(const BlockEdge& a, const BlockEdge& b) const {
  INVARIANT(a.from == b.from && a.to == b.to, "choice between edges with different endpoints");
  bool agree = sameInputs(a.inputs, b.inputs) && a.unsupported == b.unsupported;
  if (exactInputs_ && !agree) return std::nullopt;
  BlockEdge out = a;
  out.writes = sortedUnion(a.writes, b.writes);
  // Each side keeps the variables only the other side writes.
  auto framed = [&](const BlockEdge& side) {
    std::vector<z3::expr> parts{side.formula};
    for (VarId w : out.writes)
      if (!std::binary_search(side.writes.begin(), side.writes.end(), w))
        parts.push_back(source_->var(w).next == source_->var(w).cur);
    return smt::mkAnd(source_->ctx(), parts);
  };
  out.formula = framed(a) || framed(b);
  out.aux = auxUnion(a.aux, b.aux);
  out.inputs = inputUnion(a.inputs, b.inputs);
  out.loc = a.loc;
  out.label = shorten("(" + a.label + " | " + b.label + ")");
  out.unsupported = a.unsupported == b.unsupported || b.unsupported.empty() ? a.unsupported
                    : a.unsupported.empty()                                ? b.unsupported
                                                                            : a.unsupported + "; " + b.unsupported;
  out.sources = sortedUnion(a.sources, b.sources);
  return out;
}

EncodedProgram BlockGraph::toProgram(const std::vector<bool>& alsoKeep) const {
  const Procedure& src = source_->proc(proc_);
  auto program = std::make_shared<Program>(source_->sharedCtx());
  program->origin() = source_->origin();
  ProcId proc = program->addProcedure(src.name, src.loc);
  for (auto& v : source_->vars()) {
    VarId id = v.role == VarRole::Global
                   ? program->addGlobal(v.name, v.cur.get_sort(), v.sourceName, v.type)
                   : program->addVariable(proc, v.role, v.name, v.cur.get_sort(), v.sourceName, v.type);
    INVARIANT(id == v.id, "variable ids must survive block encoding");
  }
  EncodedProgram out;
  std::vector<LocId> map(numLocs(), kNone);
  auto place = [&](LocId l) {
    if (map[l] != kNone) return map[l];
    map[l] = program->addLocation(proc, source_->loc(l).name, source_->loc(l).loc);
    out.sourceLoc.push_back(l);
    return map[l];
  };
  bool freshEntry = !in_[src.entry].empty();
  if (freshEntry) {
    program->mutableProc(proc).entry = program->addLocation(proc, "start", src.loc);
    out.sourceLoc.push_back(kNone);
  } else {
    program->mutableProc(proc).entry = place(src.entry);
  }
  program->mutableProc(proc).exit = place(src.exit);
  program->mutableProc(proc).error = place(src.error);
  for (LocId l = 0; l < numLocs(); ++l)
    if ((l < alsoKeep.size() && alsoKeep[l]) || !in_[l].empty() || !out_[l].empty()) place(l);
  if (freshEntry) {
    program->addTransition(program->proc(proc).entry, map[src.entry], program->ctx().bool_val(true), {}, {}, {},
                           src.loc, "start");
    out.sourceEdges.push_back({});
  }
  for (EdgeIndex e = 0; e < edges_.size(); ++e) {
    if (removed_[e]) continue;
    const BlockEdge& b = edges_[e];
    EdgeId id = program->addTransition(map[b.from], map[b.to], b.formula, b.writes, b.aux, b.inputs, b.loc,
                                       b.label);
    program->mutableEdge(id).unsupported = b.unsupported;
    out.sourceEdges.push_back(b.sources);
  }
  program->setMain(proc);
  out.program = std::move(program);
  return out;
}

}  // namespace argus::transforms
