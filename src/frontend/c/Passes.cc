// The simplification pipeline and why each pass is (or is not) in it.
//
// Chosen:
//  * SROA + mem2reg: locals and split aggregates become SSA values, so memory remains only for real
//    arrays and address-taken objects.
//  * EarlyCSE + InstSimplify + DCE: remove the redundancy of -O0 code without moving any instruction to
//    another control context.
//  * A CFG cleanup of our own (fold constant branches, merge a block into its single predecessor, bypass
//    empty forwarding blocks, keeping what their debug records say sound): fewer locations, and again no
//    instruction changes its control context.
//  * memset/memcpy/memmove of a length that is not a constant become loops over bytes (LLVM's
//    LowerMemIntrinsics, as for targets without such instructions): the translator expands the others
//    scalar by scalar, but an unknown length needs a loop, and byte loops are what C's definition of these
//    functions says (the points-to analysis then sees character accesses, so objects they touch that other
//    accesses read as wider scalars are byte memory).
//  * LowerSwitch: the translator only knows two-way branches.
//  * FixIrreducible: CIL output (gotos) can have loops with several entries; every CFA must be reducible.
//  * LoopSimplify: one preheader, one latch and dedicated exits, so loop heads are obvious.
//  * UnifyFunctionExitNodes: one return block, so a procedure has one exit edge.
// Avoided:
//  * SimplifyCFG: it speculates instructions out of conditional blocks (into selects). The int encoding
//    treats nsw overflow as undefined behaviour and cuts such executions off, which is only sound where
//    the instruction runs in its original position; a speculated `add nsw` would cut off executions in
//    which C never performs the addition.
//  * InstCombine: introduces bit tricks (masks, shifts) that the int encoding handles badly.
//  * ADCE, loop deletion and other passes that exploit forward progress: they may delete loops that do
//    not terminate natively, which would make the model disagree with the native replay.
#include "frontend/c/Passes.h"

#include "frontend/c/Memory.h"

#include <set>

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Scalar/DCE.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/InstSimplifyPass.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/FixIrreducible.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LowerMemIntrinsics.h>
#include <llvm/Transforms/Utils/LowerSwitch.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>
#include <llvm/Transforms/Utils/UnifyFunctionExitNodes.h>

namespace argus::frontend {

namespace {

/// Bypasses an empty forwarding block (only phis, debug records and a branch) if LLVM can, true if it did.
/// LLVM deletes the block's llvm.dbg.value records with it, and what they said (`x = 0;` where x is not
/// read again, `n = i;`) held on the paths through the block only. Witnesses name variables by these records
/// (ir::Edge::names), so a lost record would leave a C variable named by a value the program replaced
/// there. So the records become "unknown from here" records at the successor's start; and a loop's
/// preheader with records stays (LoopSimplify would re-create it empty anyway), since there the records
/// name the values that the loop's invariant is about. `loopHeaders`: as the sweep began.
bool bypassKeepingRecordsSound(llvm::BasicBlock& block, const std::set<const llvm::BasicBlock*>& loopHeaders,
                               const llvm::DominatorTree& dominators) {
  llvm::BasicBlock* successor = block.getSingleSuccessor();
  // When the block is its successor's only predecessor, LLVM moves the records over: nothing is lost.
  bool moved = successor->getSinglePredecessor() == &block;
  std::vector<llvm::DbgValueInst*> unknownFromHere;
  for (llvm::Instruction& instruction : block)
    if (auto* record = llvm::dyn_cast<llvm::DbgValueInst>(&instruction); record && !moved) {
      auto* unknown = llvm::cast<llvm::DbgValueInst>(record->clone());
      unknown->setUndef();
      unknownFromHere.push_back(unknown);
    }
  bool preheader = loopHeaders.count(successor) && !dominators.dominates(successor, &block);
  bool bypassed =
      (unknownFromHere.empty() || !preheader) && llvm::TryToSimplifyUncondBranchFromEmptyBlock(&block, nullptr);
  for (llvm::DbgValueInst* unknown : unknownFromHere) {
    if (bypassed) unknown->insertBefore(successor->getFirstNonPHI());
    else unknown->deleteValue();
  }
  return bypassed;
}

/// One sweep of the control-flow cleanup; true if anything changed.
bool cleanupSweep(llvm::Function& function) {
  bool changed = llvm::removeUnreachableBlocks(function);
  llvm::DominatorTree dominators(function);
  std::set<const llvm::BasicBlock*> loopHeaders;
  for (llvm::BasicBlock& block : function)
    for (llvm::BasicBlock* predecessor : llvm::predecessors(&block))
      if (dominators.dominates(&block, predecessor)) loopHeaders.insert(&block);
  for (auto it = function.begin(); it != function.end();) {
    llvm::BasicBlock* block = &*it++;
    changed |= llvm::ConstantFoldTerminator(block, /*DeleteDeadConditions=*/true);
    if (llvm::MergeBlockIntoPredecessor(block)) {
      changed = true;
      continue;
    }
    auto* branch = llvm::dyn_cast<llvm::BranchInst>(block->getTerminator());
    bool forwarding = branch && branch->isUnconditional() && block->getFirstNonPHIOrDbg(true) == branch &&
                      branch->getSuccessor(0) != block && block != &function.getEntryBlock();
    if (forwarding && bypassKeepingRecordsSound(*block, loopHeaders, dominators)) changed = true;
  }
  return changed;
}

/// Our replacement for SimplifyCFG's safe part: repeat the sweep until nothing changes.
struct CfgCleanupPass : llvm::PassInfoMixin<CfgCleanupPass> {
  llvm::PreservedAnalyses run(llvm::Function& function, llvm::FunctionAnalysisManager&) {
    bool changed = false;
    while (cleanupSweep(function)) changed = true;
    return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  }
};

/// The library call of memset, memcpy or memmove `call` as the intrinsic of the same meaning (a program may
/// declare them so that clang does not recognise the builtins: `unsigned long` lengths on ILP32).
llvm::MemIntrinsic* asIntrinsic(llvm::CallInst& call, const MemOperation& operation) {
  llvm::IRBuilder<> builder(&call);
  llvm::Value* dest = const_cast<llvm::Value*>(operation.dest);
  llvm::Value* length = const_cast<llvm::Value*>(operation.length);
  llvm::CallInst* intrinsic = nullptr;
  if (!operation.source) {
    llvm::Value* byte = builder.CreateTrunc(const_cast<llvm::Value*>(operation.byte), builder.getInt8Ty());
    intrinsic = builder.CreateMemSet(dest, byte, length, llvm::MaybeAlign(1));
  } else if (call.getCalledFunction() && call.getCalledFunction()->getName() == "memmove") {
    intrinsic = builder.CreateMemMove(dest, llvm::MaybeAlign(1), const_cast<llvm::Value*>(operation.source), llvm::MaybeAlign(1), length);
  } else {
    intrinsic = builder.CreateMemCpy(dest, llvm::MaybeAlign(1), const_cast<llvm::Value*>(operation.source), llvm::MaybeAlign(1), length);
  }
  // The library functions return their destination.
  if (!call.use_empty()) call.replaceAllUsesWith(builder.CreateBitCast(dest, call.getType()));
  call.eraseFromParent();
  return llvm::cast<llvm::MemIntrinsic>(intrinsic);
}

/// memset, memcpy and memmove of a length that is not a constant (intrinsics and library calls) become byte loops.
struct ExpandVariableMemOperationsPass : llvm::PassInfoMixin<ExpandVariableMemOperationsPass> {
  llvm::PreservedAnalyses run(llvm::Function& function, llvm::FunctionAnalysisManager&) {
    std::vector<std::pair<llvm::CallInst*, MemOperation>> variable;
    for (llvm::BasicBlock& block : function)
      for (llvm::Instruction& instruction : block)
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction))
          if (auto operation = memOperation(*call); operation && !operation->bytes) variable.push_back({call, *operation});
    if (variable.empty()) return llvm::PreservedAnalyses::all();
    // Without a target, the copy loops move single bytes (NoTTIImpl's memcpy lowering type is i8).
    llvm::TargetTransformInfo noTarget(function.getParent()->getDataLayout());
    for (auto& [call, operation] : variable) {
      auto* intrinsic = llvm::dyn_cast<llvm::MemIntrinsic>(call);
      if (!intrinsic) intrinsic = asIntrinsic(*call, operation);
      if (auto* copy = llvm::dyn_cast<llvm::MemCpyInst>(intrinsic)) llvm::expandMemCpyAsLoop(copy, noTarget);
      else if (auto* move = llvm::dyn_cast<llvm::MemMoveInst>(intrinsic)) llvm::expandMemMoveAsLoop(move);
      else if (auto* set = llvm::dyn_cast<llvm::MemSetInst>(intrinsic)) llvm::expandMemSetAsLoop(set);
      else continue;  // other memory intrinsics (inline variants) stay as they are
      intrinsic->eraseFromParent();
    }
    return llvm::PreservedAnalyses::none();
  }
};

}  // namespace

void simplifyForTranslation(llvm::Module& module) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);

  llvm::FunctionPassManager pipeline;
  pipeline.addPass(llvm::SROAPass());
  pipeline.addPass(llvm::PromotePass());
  pipeline.addPass(llvm::EarlyCSEPass());
  pipeline.addPass(llvm::InstSimplifyPass());
  pipeline.addPass(llvm::DCEPass());
  pipeline.addPass(ExpandVariableMemOperationsPass());
  pipeline.addPass(CfgCleanupPass());
  pipeline.addPass(llvm::LowerSwitchPass());
  pipeline.addPass(llvm::FixIrreduciblePass());
  pipeline.addPass(llvm::LoopSimplifyPass());
  pipeline.addPass(llvm::UnifyFunctionExitNodesPass());

  llvm::ModulePassManager modulePipeline;
  modulePipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(pipeline)));
  modulePipeline.run(module, modules);
}

}  // namespace argus::frontend
