// The no-overflow property: UBSan's checks as error locations (see Overflow.h), and the values of the
// overflow intrinsics clang's checks compute.
#include "frontend/c/Overflow.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IntrinsicInst.h>

#include <vector>

#include "frontend/c/Translator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

/// `__ubsan_handle_add_overflow_abort` → "add"; the handlers of the checks overflowCheckFlags enables.
std::optional<std::string> handlerKind(const std::string& name) {
  static const std::vector<std::pair<std::string, std::string>> handlers = {
      {"__ubsan_handle_add_overflow", "add"},       {"__ubsan_handle_sub_overflow", "sub"},
      {"__ubsan_handle_mul_overflow", "mul"},       {"__ubsan_handle_negate_overflow", "negate"},
      {"__ubsan_handle_divrem_overflow", "divrem"}, {"__ubsan_handle_shift_out_of_bounds", "shift"}};
  for (auto& [handler, kind] : handlers)
    if (name == handler || name == handler + "_abort") return kind;
  return std::nullopt;
}

/// The overflow intrinsic (llvm.sadd.with.overflow, ...) whose overflow bit decides the branch into
/// `handlerBlock`, if there is one: the branch tests `xor (extractvalue CALL, 1), true`.
const llvm::CallInst* checkedIntrinsic(const llvm::BasicBlock& handlerBlock) {
  const llvm::BasicBlock* check = handlerBlock.getSinglePredecessor();
  if (!check) return nullptr;
  for (auto it = check->rbegin(); it != check->rend(); ++it)
    if (auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&*it))
      switch (call->getIntrinsicID()) {
        case llvm::Intrinsic::sadd_with_overflow:
        case llvm::Intrinsic::ssub_with_overflow:
        case llvm::Intrinsic::smul_with_overflow: return call;
        default: break;
      }
  return nullptr;
}

/// The checked operation of a division or shift check: the first instruction of `opcodes` in the block
/// the check leads to when it passes.
const llvm::BinaryOperator* checkedOperation(const llvm::BasicBlock& handlerBlock, std::initializer_list<unsigned> opcodes) {
  const llvm::BasicBlock* check = handlerBlock.getSinglePredecessor();
  if (!check) return nullptr;
  for (const llvm::BasicBlock* next : llvm::successors(check)) {
    if (next == &handlerBlock) continue;
    for (const llvm::Instruction& instruction : *next)
      if (auto* operation = llvm::dyn_cast<llvm::BinaryOperator>(&instruction))
        for (unsigned opcode : opcodes)
          if (operation->getOpcode() == opcode) return operation;
  }
  return nullptr;
}

}  // namespace

std::optional<std::string> overflowCheckKind(const std::string& functionName) {
  std::string prefix = kOverflowCheckPrefix;
  if (functionName.rfind(prefix, 0) != 0) return std::nullopt;
  return functionName.substr(prefix.size());
}

int prepareOverflowChecks(llvm::Module& module) {
  std::vector<llvm::CallInst*> calls;
  for (llvm::Function& function : module)
    for (llvm::BasicBlock& block : function)
      for (llvm::Instruction& instruction : block)
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction))
          if (const llvm::Function* callee = call->getCalledFunction();
              callee && callee->getName().startswith("__ubsan_handle_"))
            calls.push_back(call);
  llvm::LLVMContext& context = module.getContext();
  for (llvm::CallInst* call : calls) {
    std::string name = call->getCalledFunction()->getName().str();
    std::optional<std::string> kind = handlerKind(name);
    if (!kind) throw UnsupportedError("sanitizer check " + name);
    // Variadic: the checked operands (integers; a 64-bit one on ILP32 comes through memory and is left
    // out) name the expression in the edge's label where the checked operation itself is gone (unused).
    llvm::FunctionCallee check = module.getOrInsertFunction(kOverflowCheckPrefix + *kind,
                                                            llvm::FunctionType::get(llvm::Type::getVoidTy(context), true));
    std::vector<llvm::Value*> operands;
    for (unsigned i = 1; i < call->arg_size(); ++i)
      if (call->getArgOperand(i)->getType()->isIntegerTy()) operands.push_back(call->getArgOperand(i));
    llvm::CallInst* replacement = llvm::CallInst::Create(check, operands, "", call);
    replacement->setDebugLoc(call->getDebugLoc());
    call->eraseFromParent();
  }
  // The handlers' descriptors (source location, type names) are private constants only the calls used;
  // a descriptor refers to others, so removing one may free the next.
  for (bool removed = true; removed;) {
    removed = false;
    for (llvm::GlobalVariable& global : llvm::make_early_inc_range(module.globals()))
      if (global.hasPrivateLinkage() && global.use_empty()) {
        global.eraseFromParent();
        removed = true;
      }
  }
  for (llvm::Function& function : llvm::make_early_inc_range(module))
    if (function.isDeclaration() && function.use_empty() && function.getName().startswith("__ubsan_handle_"))
      function.eraseFromParent();
  return static_cast<int>(calls.size());
}

// ---------------------------------------------------------------- translation

bool FunctionTranslator::isOverflowIntrinsic(const llvm::Value* value) const {
  auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(value);
  if (!call || module_.task.property != Property::NoOverflow) return false;
  switch (call->getIntrinsicID()) {
    case llvm::Intrinsic::sadd_with_overflow:
    case llvm::Intrinsic::ssub_with_overflow:
    case llvm::Intrinsic::smul_with_overflow: return true;
    default: return false;
  }
}

void FunctionTranslator::translateOverflowResult(Segment& segment, const llvm::ExtractValueInst& extract) {
  auto* call = llvm::cast<llvm::IntrinsicInst>(extract.getAggregateOperand());
  IntOp op = call->getIntrinsicID() == llvm::Intrinsic::sadd_with_overflow   ? IntOp::Add
             : call->getIntrinsicID() == llvm::Intrinsic::ssub_with_overflow ? IntOp::Sub
                                                                             : IntOp::Mul;
  unsigned bits = bitsOf(call->getArgOperand(0)->getType(), "overflow check");
  // The exact result and whether it is in range, as for an nsw operation.
  Defined exact = encoder_.binary(op, term(segment, call->getArgOperand(0)), term(segment, call->getArgOperand(1)),
                                  bits, /*nsw=*/true);
  if (extract.getNumIndices() != 1 || extract.getIndices()[0] > 1)
    throw UnsupportedFeature("extractvalue of an overflow check");
  if (extract.getIndices()[0] == 1) {
    define(segment, extract, !exact.ok);
    return;
  }
  // The result is used only where the check passed: clang's check branches to a handler that does not
  // return (overflowCheckFlags: not recoverable), so there the exact result is the wrapped one, and the
  // engines are spared a wrap-around (a modulo in the int encoding).
  if (!call->hasMetadata("nosanitize"))
    throw UnsupportedFeature("overflow intrinsic outside a sanitizer check (__builtin_*_overflow)");
  define(segment, extract, exact.value);
}

void FunctionTranslator::translateOverflowCheck(Segment& segment, const llvm::CallInst& call, const std::string& kind) {
  const llvm::BasicBlock& block = *call.getParent();
  std::string expression;
  if (kind == "add" || kind == "sub" || kind == "mul") {
    if (const llvm::CallInst* checked = checkedIntrinsic(block))
      expression = text(checked->getArgOperand(0)) + (kind == "add" ? " + " : kind == "sub" ? " - " : " * ") +
                   text(checked->getArgOperand(1));
  } else if (kind == "negate") {
    if (const llvm::CallInst* checked = checkedIntrinsic(block)) expression = "-" + text(checked->getArgOperand(1));
  } else if (kind == "divrem" || kind == "shift") {
    auto opcodes = kind == "divrem" ? std::initializer_list<unsigned>{llvm::Instruction::SDiv, llvm::Instruction::SRem}
                                    : std::initializer_list<unsigned>{llvm::Instruction::Shl, llvm::Instruction::AShr,
                                                                      llvm::Instruction::LShr};
    if (const llvm::BinaryOperator* checked = checkedOperation(block, opcodes))
      expression = expressionText(checked);
    else if (call.arg_size() == 2)
      expression = (kind == "divrem" ? "division of " : "shift of ") + text(call.getArgOperand(0)) + " by " +
                   text(call.getArgOperand(1));
  }
  if (expression.empty()) expression = kind;
  ir::SourceLoc at = sourceLocOf(call);
  if (at.known()) segment.loc = at;
  std::string what = kind == "shift" ? "shift out of bounds" : "signed integer overflow";
  flush(segment, program_.proc(proc_).error, program_.ctx().bool_val(true), {},
        "no-overflow: " + what + " in " + expression + (at.known() ? " at line " + std::to_string(at.line) : ""));
}

}  // namespace argus::frontend
