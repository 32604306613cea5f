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
//  * A struct parameter passed by value becomes a copy at the callee's entry (copyByValueParameters), so the
//    translator sees only integer and pointer parameters.
//  * memcmp becomes byte comparisons: a chain for a constant length up to 64, a loop otherwise.
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
#include <llvm/Analysis/TargetTransformInfo.h>
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

/// The library's memcmp (or bcmp) called with the arguments `call` has, when it is only declared.
bool isMemoryComparison(const llvm::CallInst& call) {
  auto* callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
  if (!callee || !callee->isDeclaration() || call.arg_size() != 3) return false;
  if (callee->getName() != "memcmp" && callee->getName() != "bcmp") return false;
  return call.getArgOperand(0)->getType()->isPointerTy() && call.getArgOperand(1)->getType()->isPointerTy() &&
         call.getArgOperand(2)->getType()->isIntegerTy() && call.getType()->isIntegerTy();
}

/// Up to this many bytes, a comparison of a constant length becomes a chain of byte comparisons (no loop for
/// the engines to find an invariant of); longer or unknown lengths become a loop.
constexpr uint64_t kMaxUnrolledComparison = 64;

/// Replaces `call` (memcmp(a, b, n)) by code that compares the bytes as unsigned chars and, at the first
/// pair that differs, yields their difference, 0 when all n pairs agree. C fixes only the sign of the
/// result; the difference is what glibc returns on the machines the native replay runs on, so a trace that
/// depends on the value replays.
void expandMemoryComparison(llvm::CallInst& call) {
  llvm::LLVMContext& context = call.getContext();
  llvm::Function& function = *call.getFunction();
  llvm::IntegerType* resultType = llvm::cast<llvm::IntegerType>(call.getType());
  llvm::Value* length = call.getArgOperand(2);
  llvm::BasicBlock* before = call.getParent();
  llvm::BasicBlock* after = before->splitBasicBlock(&call, "memcmp.done");
  before->getTerminator()->eraseFromParent();
  llvm::IRBuilder<> builder(before);
  builder.SetCurrentDebugLocation(call.getDebugLoc());
  llvm::Type* byte = builder.getInt8Ty();
  llvm::Value* left = builder.CreateBitCast(call.getArgOperand(0), byte->getPointerTo(call.getArgOperand(0)->getType()->getPointerAddressSpace()));
  llvm::Value* right = builder.CreateBitCast(call.getArgOperand(1), byte->getPointerTo(call.getArgOperand(1)->getType()->getPointerAddressSpace()));
  llvm::Value* zero = llvm::ConstantInt::get(resultType, 0);
  unsigned indexBits = function.getParent()->getDataLayout().getIndexSizeInBits(0);
  // The difference of the bytes at `index` (computed in the builder's block).
  auto difference = [&](llvm::Value* index) {
    llvm::Value* a = builder.CreateLoad(byte, builder.CreateInBoundsGEP(byte, left, index), "memcmp.a");
    llvm::Value* b = builder.CreateLoad(byte, builder.CreateInBoundsGEP(byte, right, index), "memcmp.b");
    // No overflow: both are in 0..255.
    return builder.CreateNSWSub(builder.CreateZExt(a, resultType), builder.CreateZExt(b, resultType), "memcmp.diff");
  };
  std::vector<std::pair<llvm::Value*, llvm::BasicBlock*>> results;
  auto* constant = llvm::dyn_cast<llvm::ConstantInt>(length);
  if (constant && constant->getZExtValue() <= kMaxUnrolledComparison) {
    uint64_t bytes = constant->getZExtValue();
    if (bytes == 0) {
      builder.CreateBr(after);
      results.push_back({zero, before});
    }
    // At the last byte the result is its difference whether or not the bytes agree.
    for (uint64_t i = 0; i < bytes; ++i) {
      llvm::Value* diff = difference(builder.getIntN(indexBits, i));
      results.push_back({diff, builder.GetInsertBlock()});
      if (i + 1 == bytes) {
        builder.CreateBr(after);
        break;
      }
      llvm::BasicBlock* next = llvm::BasicBlock::Create(context, "memcmp.byte", &function, after);
      builder.CreateCondBr(builder.CreateICmpNE(diff, zero), after, next);
      builder.SetInsertPoint(next);
    }
  } else {
    llvm::BasicBlock* loop = llvm::BasicBlock::Create(context, "memcmp.loop", &function, after);
    llvm::BasicBlock* next = llvm::BasicBlock::Create(context, "memcmp.next", &function, after);
    builder.CreateCondBr(builder.CreateICmpEQ(length, llvm::ConstantInt::get(length->getType(), 0)), after, loop);
    results.push_back({zero, before});
    builder.SetInsertPoint(loop);
    llvm::PHINode* index = builder.CreatePHI(length->getType(), 2, "memcmp.i");
    index->addIncoming(llvm::ConstantInt::get(length->getType(), 0), before);
    llvm::Value* diff = difference(index);
    builder.CreateCondBr(builder.CreateICmpNE(diff, zero), after, next);
    results.push_back({diff, loop});
    builder.SetInsertPoint(next);
    llvm::Value* following = builder.CreateAdd(index, llvm::ConstantInt::get(length->getType(), 1), "memcmp.i.next");
    index->addIncoming(following, next);
    builder.CreateCondBr(builder.CreateICmpULT(following, length), loop, after);
    results.push_back({zero, next});
  }
  builder.SetInsertPoint(&after->front());
  llvm::PHINode* result = builder.CreatePHI(resultType, static_cast<unsigned>(results.size()), "memcmp");
  for (auto& [value, block] : results) result->addIncoming(value, block);
  call.replaceAllUsesWith(result);
  call.eraseFromParent();
}

/// memset, memcpy and memmove of a length that is not a constant (intrinsics and library calls) become byte
/// loops; memcmp of any length becomes byte comparisons.
struct ExpandMemoryFunctionsPass : llvm::PassInfoMixin<ExpandMemoryFunctionsPass> {
  llvm::PreservedAnalyses run(llvm::Function& function, llvm::FunctionAnalysisManager&) {
    std::vector<std::pair<llvm::CallInst*, MemOperation>> variable;
    std::vector<llvm::CallInst*> comparisons;
    for (llvm::BasicBlock& block : function)
      for (llvm::Instruction& instruction : block)
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction)) {
          if (auto operation = memOperation(*call); operation && !operation->bytes) variable.push_back({call, *operation});
          else if (isMemoryComparison(*call)) comparisons.push_back(call);
        }
    for (llvm::CallInst* call : comparisons) expandMemoryComparison(*call);
    if (variable.empty()) return comparisons.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
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

/// A struct passed by value (`byval`: the callee receives a pointer to a copy of its own) becomes an explicit
/// copy into an alloca at the callee's entry, and the parameter a plain pointer to the caller's argument.
/// The meaning is the same, since nothing runs between the call and the copy; SROA then splits the copy
/// into scalars where it can. Declared functions keep the attribute (and stay unsupported with it).
void copyByValueParameters(llvm::Module& module) {
  const llvm::DataLayout& layout = module.getDataLayout();
  for (llvm::Function& function : module) {
    if (function.isDeclaration()) continue;
    for (llvm::Argument& argument : function.args()) {
      if (!argument.hasByValAttr()) continue;
      llvm::Type* type = argument.getParamByValType();
      llvm::Align align = argument.getParamAlign().getValueOr(layout.getABITypeAlign(type));
      llvm::IRBuilder<> builder(&*function.getEntryBlock().getFirstInsertionPt());
      llvm::AllocaInst* copy = builder.CreateAlloca(type, layout.getAllocaAddrSpace(), nullptr, argument.getName());
      copy->setAlignment(align);
      argument.replaceAllUsesWith(copy);  // debug records of the parameter now name the copy
      builder.CreateMemCpy(copy, align, &argument, align, layout.getTypeAllocSize(type));
      unsigned number = argument.getArgNo();
      function.removeParamAttr(number, llvm::Attribute::ByVal);
      for (llvm::User* user : function.users())
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(user); call && call->getCalledOperand() == &function)
          call->removeParamAttr(number, llvm::Attribute::ByVal);
    }
  }
}

}  // namespace

void simplifyForTranslation(llvm::Module& module) {
  copyByValueParameters(module);
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
  pipeline.addPass(ExpandMemoryFunctionsPass());
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
