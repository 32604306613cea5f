// Engine entry points: support check, program preparation, options.
#include "engines/kind/KInduction.h"

#include "engines/kind/Prover.h"
#include "ir/Queries.h"
#include "transforms/Inline.h"
#include "util/Error.h"

namespace argus::engines::kind {

Support KInductionEngine::supports(const ir::Program& program) const {
  ir::CallGraph calls(program);
  for (auto& proc : program.procs())
    if (calls.reachable()[proc.id] && calls.isRecursive(proc.id))
      return Support::no("recursion: k-induction inlines every call and needs a non-recursive program");
  return Support::yes();
}

namespace {

/// The input can be used as it is: main has no calls, its entry no incoming edges, and its exit and
/// error no outgoing ones. Keeping it keeps the location ids the caller knows (CHC answers map the
/// certificate back through them).
bool usableAsIs(const ir::Program& program) {
  const ir::Procedure& main = program.proc(program.mainProc());
  for (ir::EdgeId e : main.edges)
    if (program.edge(e).isCall()) return false;
  return program.loc(main.entry).in.empty() && program.loc(main.exit).out.empty() &&
         program.loc(main.error).out.empty();
}

}  // namespace

std::shared_ptr<transforms::InlineBackTranslator> prepareProgram(const ir::Program& program) {
  if (usableAsIs(program)) return nullptr;
  auto inlined = std::make_shared<transforms::InlineBackTranslator>(transforms::inlineAll(program));
  const ir::Program& p = *inlined->result().program;
  const ir::Procedure& proc = p.proc(p.mainProc());
  for (ir::LocId terminal : {proc.exit, proc.error})
    if (!p.loc(terminal).out.empty())
      throw UnsupportedError("main's exit or error location has outgoing edges");
  INVARIANT(p.loc(proc.entry).in.empty(), "inlining gives an entry without incoming edges");
  return inlined;
}

ir::Result KInductionEngine::run(const ir::Program& program, RunContext& ctx) {
  Support support = supports(program);
  if (!support.ok) return ir::Result::unknown(ir::UnknownReason::Unsupported, support.reason);
  std::shared_ptr<transforms::InlineBackTranslator> prepared;
  try {
    prepared = prepareProgram(program);
  } catch (const UnsupportedError& e) {
    return ir::Result::unknown(ir::UnknownReason::Unsupported, e.what());
  }
  const ir::Program& target = prepared ? *prepared->result().program : program;
  ir::Result result = Prover(target, ProverOptions::from(ctx.options), ctx).prove();
  result.engine = "kind";
  if (!prepared) return result;
  // Evidence about the inlined program, translated back to the input.
  if (auto* certificate = result.certificate()) *certificate = prepared->certificate(*certificate);
  if (auto* trace = result.trace()) result.evidence = *prepared->trace(*trace, ctx.solverConfig("kind-trace"));
  return result;
}

void registerOptions(OptionRegistry& registry) {
  registry.addInt("kind.max_k", 0, "give up (UNKNOWN, bound reached) after this k; 0: no bound", 0);
  registry.addChoice("kind.invariants", "all", {"none", "intervals", "all"},
                     "auxiliary invariant generator: none (off), intervals (intervals and bounded "
                     "disjunctions of intervals with widening), all (intervals plus orderings between "
                     "variables); every candidate is checked by induction before k-induction uses it");
  registry.addInt("kind.max_disjuncts", 8, "largest disjunction of intervals the generator refines to", 1, 64);
  registry.addInt("kind.partition_boxes", 256,
                  "most boxes per location of the intervals partitioned by control variables (variables "
                  "tested against and set from constants, such as a state machine's state); 0: no such round",
                  0, 4096);
  registry.addBool("kind.partitioned_equalities", true,
                   "the generator's equalities also from the states on either side of each condition the "
                   "loop tests, as implications c -> e (i = 2y where i % 2 == 0)");
  registry.addBool("kind.forward", true,
                   "check the forward condition (no execution runs k+1 steps) after each base case");
}

}  // namespace argus::engines::kind
