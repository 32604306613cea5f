// The semantics of values and non-memory instructions, terminators with their phi assignments, and
// the C-like text of values used in edge labels.
#include <llvm/ADT/SmallString.h>
#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Operator.h>

#include "frontend/c/Translator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

constexpr size_t kMaxTextLength = 80;

IntOp intOpOf(unsigned opcode) {
  switch (opcode) {
    case llvm::Instruction::Add: return IntOp::Add;
    case llvm::Instruction::Sub: return IntOp::Sub;
    case llvm::Instruction::Mul: return IntOp::Mul;
    case llvm::Instruction::SDiv: return IntOp::SDiv;
    case llvm::Instruction::UDiv: return IntOp::UDiv;
    case llvm::Instruction::SRem: return IntOp::SRem;
    case llvm::Instruction::URem: return IntOp::URem;
    case llvm::Instruction::Shl: return IntOp::Shl;
    case llvm::Instruction::LShr: return IntOp::LShr;
    case llvm::Instruction::AShr: return IntOp::AShr;
    case llvm::Instruction::And: return IntOp::And;
    case llvm::Instruction::Or: return IntOp::Or;
    case llvm::Instruction::Xor: return IntOp::Xor;
  }
  throw UnsupportedFeature(std::string("operation '") + llvm::Instruction::getOpcodeName(opcode) + "'");
}

IntPred intPredOf(llvm::CmpInst::Predicate predicate) {
  switch (predicate) {
    case llvm::CmpInst::ICMP_EQ: return IntPred::Eq;
    case llvm::CmpInst::ICMP_NE: return IntPred::Ne;
    case llvm::CmpInst::ICMP_SLT: return IntPred::Slt;
    case llvm::CmpInst::ICMP_SLE: return IntPred::Sle;
    case llvm::CmpInst::ICMP_SGT: return IntPred::Sgt;
    case llvm::CmpInst::ICMP_SGE: return IntPred::Sge;
    case llvm::CmpInst::ICMP_ULT: return IntPred::Ult;
    case llvm::CmpInst::ICMP_ULE: return IntPred::Ule;
    case llvm::CmpInst::ICMP_UGT: return IntPred::Ugt;
    case llvm::CmpInst::ICMP_UGE: return IntPred::Uge;
    default: break;
  }
  UNREACHABLE("not an integer predicate");
}

const char* cOperator(unsigned opcode) {
  switch (opcode) {
    case llvm::Instruction::Add: case llvm::Instruction::FAdd: return "+";
    case llvm::Instruction::Sub: case llvm::Instruction::FSub: return "-";
    case llvm::Instruction::Mul: case llvm::Instruction::FMul: return "*";
    case llvm::Instruction::SDiv: case llvm::Instruction::UDiv: case llvm::Instruction::FDiv: return "/";
    case llvm::Instruction::SRem: case llvm::Instruction::URem: case llvm::Instruction::FRem: return "%";
    case llvm::Instruction::Shl: return "<<";
    case llvm::Instruction::LShr: case llvm::Instruction::AShr: return ">>";
    case llvm::Instruction::And: return "&";
    case llvm::Instruction::Or: return "|";
    case llvm::Instruction::Xor: return "^";
  }
  return "?";
}

const char* cComparison(llvm::CmpInst::Predicate predicate) {
  switch (predicate) {
    case llvm::CmpInst::ICMP_EQ: case llvm::CmpInst::FCMP_OEQ: case llvm::CmpInst::FCMP_UEQ: return "==";
    case llvm::CmpInst::ICMP_NE: case llvm::CmpInst::FCMP_ONE: case llvm::CmpInst::FCMP_UNE: return "!=";
    case llvm::CmpInst::ICMP_SLT: case llvm::CmpInst::ICMP_ULT: case llvm::CmpInst::FCMP_OLT: case llvm::CmpInst::FCMP_ULT: return "<";
    case llvm::CmpInst::ICMP_SLE: case llvm::CmpInst::ICMP_ULE: case llvm::CmpInst::FCMP_OLE: case llvm::CmpInst::FCMP_ULE: return "<=";
    case llvm::CmpInst::ICMP_SGT: case llvm::CmpInst::ICMP_UGT: case llvm::CmpInst::FCMP_OGT: case llvm::CmpInst::FCMP_UGT: return ">";
    case llvm::CmpInst::ICMP_SGE: case llvm::CmpInst::ICMP_UGE: case llvm::CmpInst::FCMP_OGE: case llvm::CmpInst::FCMP_UGE: return ">=";
    default: return "?";
  }
}

std::string nonIntegerFeature(const llvm::Type* type) {
  if (type->isFloatingPointTy()) return "floating-point value";
  if (type->isPointerTy()) return "pointer used as a value";
  if (type->isVectorTy()) return "vector value";
  return "aggregate value";
}

}  // namespace

// ---------------------------------------------------------------- values

unsigned FunctionTranslator::bitsOf(const llvm::Type* type, const char* what) const {
  if (!type->isIntegerTy()) throw UnsupportedFeature(std::string(what) + " (" + nonIntegerFeature(type) + ")");
  return type->getIntegerBitWidth();
}

FloatFormat FunctionTranslator::formatOf(const llvm::Type* type, const char* what) const {
  if (auto format = FloatEncoder::formatOf(type)) return *format;
  throw UnsupportedFeature(std::string(what) + " (floating-point format of " + (type->isHalfTy() ? "half" : "this type") +
                           ")");
}

/// True iff argus models values of the type: integers, pointers, and the floating-point formats.
static bool isModelledScalar(const llvm::Type* type) {
  return type->isIntegerTy() || type->isPointerTy() || FloatEncoder::formatOf(type).has_value();
}

z3::expr FunctionTranslator::freshValue(Segment& segment, unsigned bits, const std::string& name) {
  z3::expr value = smt::freshConst(program_.ctx(), program_.proc(proc_).name + "::" + name, encoder_.sortOf(bits));
  segment.aux.push_back(value);
  z3::expr range = encoder_.inRange(value, bits);
  if (!smt::isTrue(range)) segment.constraints.push_back(range);
  return value;
}

z3::expr FunctionTranslator::term(Segment& segment, const llvm::Value* value) {
  if (auto it = segment.values.find(value); it != segment.values.end()) return it->second;
  if (auto it = variables_.find(value); it != variables_.end()) return program_.var(it->second).cur;
  if (auto it = module_.parameters.find(value); it != module_.parameters.end()) return program_.var(it->second).cur;
  const llvm::Type* type = value->getType();
  if (type->isPointerTy()) return pointerTerm(segment, value);
  if (type->isFloatingPointTy()) {
    FloatFormat format = formatOf(type, "floating-point value");
    if (auto* constant = llvm::dyn_cast<llvm::ConstantFP>(value)) return floats_.constant(constant->getValueAPF());
    if (llvm::isa<llvm::UndefValue>(value)) {
      z3::expr undef = smt::freshConst(program_.ctx(), program_.proc(proc_).name + "::undef", floats_.sortOf(format));
      segment.aux.push_back(undef);
      return undef;
    }
    if (auto* expression = llvm::dyn_cast<llvm::ConstantExpr>(value); expression && expression->isCast())
      return floatCastTerm(segment, llvm::cast<llvm::Operator>(*expression));
    throw UnsupportedFeature("floating-point constant expression");
  }
  if (!type->isIntegerTy()) throw UnsupportedFeature(nonIntegerFeature(type));
  if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(value)) return encoder_.constant(constant->getValue());
  if (llvm::isa<llvm::UndefValue>(value)) return freshValue(segment, type->getIntegerBitWidth(), "undef");
  if (auto* expression = llvm::dyn_cast<llvm::ConstantExpr>(value)) return constantExpressionTerm(segment, *expression);
  INVARIANT(false, "value used outside its segment without a variable in " + function_.getName().str());
  UNREACHABLE("");
}

void FunctionTranslator::define(Segment& segment, const llvm::Instruction& instruction, const z3::expr& value,
                                bool labelled) {
  segment.values.insert_or_assign(&instruction, value);
  if (needsVariable_.count(&instruction)) {
    segment.definitions.emplace_back(&instruction, value);
    segment.names.push_back({"", variables_.at(&instruction)});  // its earlier value is gone from here on
  }
  // The label shows assignments to C variables, whether or not they outlive the segment.
  SourceVariable source = debugNames_.lookup(&instruction);
  if (labelled && source.known) segment.label.push_back(source.name + " = " + expressionText(&instruction));
}

// ---------------------------------------------------------------- instructions

bool FunctionTranslator::translateInstruction(Segment& segment, const llvm::Instruction& instruction) {
  if (llvm::isa<llvm::BinaryOperator>(instruction) && instruction.getType()->isFloatingPointTy()) {
    define(segment, instruction, floatBinaryTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (instruction.getOpcode() == llvm::Instruction::FNeg) {
    define(segment, instruction, floatBinaryTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (llvm::isa<llvm::FCmpInst>(instruction)) {
    define(segment, instruction, floatCompareTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (llvm::isa<llvm::BinaryOperator>(instruction)) {
    define(segment, instruction, binaryTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (llvm::isa<llvm::ICmpInst>(instruction)) {
    define(segment, instruction, compareTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (llvm::isa<llvm::SelectInst>(instruction)) {
    define(segment, instruction, selectTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (auto* cast = llvm::dyn_cast<llvm::CastInst>(&instruction)) {
    // A cast between pointers is computed where it is used.
    if (!(cast->getSrcTy()->isPointerTy() && cast->getDestTy()->isPointerTy()))
      define(segment, instruction, castTerm(segment, llvm::cast<llvm::Operator>(instruction)));
  } else if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&instruction)) {
    translateLoad(segment, *load);
  } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&instruction)) {
    translateStore(segment, *store);
  } else if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&instruction)) {
    translateAlloca(segment, *alloca);
  } else if (llvm::isa<llvm::GetElementPtrInst>(instruction)) {
    // Addresses are computed where they are used.
  } else if (auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction)) {
    return translateCall(segment, *call);
  } else if (auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(&instruction);
             extract && isOverflowIntrinsic(extract->getAggregateOperand())) {
    translateOverflowResult(segment, *extract);
  } else if (auto* freeze = llvm::dyn_cast<llvm::FreezeInst>(&instruction)) {
    if (!isModelledScalar(freeze->getType())) bitsOf(freeze->getType(), "freeze");
    define(segment, instruction, term(segment, freeze->getOperand(0)));
  } else {
    throw UnsupportedFeature(std::string("instruction '") + instruction.getOpcodeName() + "'");
  }
  return true;
}

// The operations below take an llvm::Operator, so that an instruction and a constant expression of the
// same opcode (clang folds `(unsigned)&g + 4` or offsetof's `(size_t)&((T*)0)->f` into one) have one
// translation.

z3::expr FunctionTranslator::binaryTerm(Segment& segment, const llvm::Operator& operation) {
  unsigned bits = bitsOf(operation.getType(), "arithmetic");
  IntOp op = intOpOf(operation.getOpcode());
  bool overflowMatters = op == IntOp::Add || op == IntOp::Sub || op == IntOp::Mul;
  bool nsw = overflowMatters && llvm::cast<llvm::OverflowingBinaryOperator>(operation).hasNoSignedWrap();
  Defined result = encoder_.binary(op, term(segment, operation.getOperand(0)), term(segment, operation.getOperand(1)),
                                   bits, nsw);
  if (!smt::isTrue(result.ok)) segment.constraints.push_back(result.ok);
  return result.value;
}

z3::expr FunctionTranslator::compareTerm(Segment& segment, const llvm::Operator& compare) {
  auto predicate = static_cast<llvm::CmpInst::Predicate>(
      llvm::isa<llvm::CmpInst>(compare) ? llvm::cast<llvm::CmpInst>(compare).getPredicate()
                                        : llvm::cast<llvm::ConstantExpr>(compare).getPredicate());
  if (llvm::CmpInst::isEquality(predicate)) {
    // (uintptr_t)p == (uintptr_t)q (or == 0) compares the pointers: the conversion to an integer at
    // least as wide as a pointer is injective, and comparing addresses avoids its wrap-around.
    unsigned pointerBits = module_.memory.pointerBits();
    auto address = [&](const llvm::Value* v) -> std::optional<z3::expr> {
      if (auto* conversion = llvm::dyn_cast<llvm::PtrToIntOperator>(v);
          conversion && conversion->getType()->getIntegerBitWidth() >= pointerBits)
        return pointerTerm(segment, conversion->getPointerOperand());
      if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(v); constant && constant->isZero())
        return module_.memory.address(0);
      return std::nullopt;
    };
    bool converted = llvm::isa<llvm::PtrToIntOperator>(compare.getOperand(0)) ||
                     llvm::isa<llvm::PtrToIntOperator>(compare.getOperand(1));
    auto a = converted ? address(compare.getOperand(0)) : std::nullopt;
    auto b = converted ? address(compare.getOperand(1)) : std::nullopt;
    if (a && b) return predicate == llvm::CmpInst::ICMP_EQ ? *a == *b : *a != *b;
  }
  const llvm::Type* operandType = compare.getOperand(0)->getType();
  // Pointers compare as unsigned addresses (in the int encoding they are non-negative already).
  unsigned bits = operandType->isPointerTy() ? module_.memory.pointerBits() : bitsOf(operandType, "comparison");
  z3::expr a = term(segment, compare.getOperand(0)), b = term(segment, compare.getOperand(1));
  return encoder_.compare(intPredOf(predicate), a, b, bits);
}

z3::expr FunctionTranslator::selectTerm(Segment& segment, const llvm::Operator& select) {
  if (!isModelledScalar(select.getType())) bitsOf(select.getType(), "conditional expression");
  z3::expr c = term(segment, select.getOperand(0));
  return z3::ite(c, term(segment, select.getOperand(1)), term(segment, select.getOperand(2)));
}

z3::expr FunctionTranslator::castTerm(Segment& segment, const llvm::Operator& cast) {
  const llvm::Value* operand = cast.getOperand(0);
  const llvm::Type* from = operand->getType();
  const llvm::Type* to = cast.getType();
  if (from->isFloatingPointTy() || to->isFloatingPointTy()) return floatCastTerm(segment, cast);
  switch (cast.getOpcode()) {
    case llvm::Instruction::Trunc:
    case llvm::Instruction::ZExt:
    case llvm::Instruction::SExt: {
      unsigned a = bitsOf(from, "conversion"), b = bitsOf(to, "conversion");
      z3::expr x = term(segment, operand);
      return cast.getOpcode() == llvm::Instruction::Trunc  ? encoder_.trunc(x, a, b)
             : cast.getOpcode() == llvm::Instruction::ZExt ? encoder_.zext(x, a, b)
                                                           : encoder_.sext(x, a, b);
    }
    case llvm::Instruction::BitCast:
      if (from->isIntegerTy() && from == to) return term(segment, operand);
      throw UnsupportedFeature("reinterpreting bit cast");
    case llvm::Instruction::PtrToInt: return pointerToInteger(pointerTerm(segment, operand), bitsOf(to, "conversion"));
    case llvm::Instruction::IntToPtr: return integerToPointer(segment, operand);
    default: throw UnsupportedFeature(std::string("conversion '") + llvm::Instruction::getOpcodeName(cast.getOpcode()) + "'");
  }
}

z3::expr FunctionTranslator::constantExpressionTerm(Segment& segment, const llvm::ConstantExpr& expression) {
  // What LLVM folds with the data layout (offsetof's ptrtoint of a GEP from null) is an integer already.
  if (auto* folded = llvm::dyn_cast_or_null<llvm::ConstantInt>(
          llvm::ConstantFoldConstant(&expression, function_.getParent()->getDataLayout())))
    return encoder_.constant(folded->getValue());
  // Otherwise the operation over the model's addresses: globals in regions and functions have fixed
  // addresses, so `(unsigned)&g + 4` and `&a[1] == &b` are terms over numerals.
  if (expression.isCast()) return castTerm(segment, llvm::cast<llvm::Operator>(expression));
  if (expression.isCompare()) {
    if (expression.getPredicate() > llvm::CmpInst::LAST_FCMP_PREDICATE)
      return compareTerm(segment, llvm::cast<llvm::Operator>(expression));
  } else if (expression.getOpcode() == llvm::Instruction::Select) {
    return selectTerm(segment, llvm::cast<llvm::Operator>(expression));
  } else if (llvm::Instruction::isBinaryOp(expression.getOpcode()) && expression.getType()->isIntegerTy()) {
    return binaryTerm(segment, llvm::cast<llvm::Operator>(expression));
  }
  throw UnsupportedFeature(std::string("constant expression '") + expression.getOpcodeName() + "'");
}

// ---------------------------------------------------------------- terminators

std::vector<FunctionTranslator::PhiAssignment> FunctionTranslator::phiAssignments(Segment& segment,
                                                                                  const llvm::BasicBlock& from,
                                                                                  const llvm::BasicBlock& to) {
  std::vector<PhiAssignment> out;
  for (const llvm::PHINode& phi : to.phis()) {
    if (!isModelledScalar(phi.getType())) bitsOf(phi.getType(), "value merged at a join");
    const llvm::Value* incoming = phi.getIncomingValueForBlock(&from);
    ir::VarId var = variables_.at(&phi);
    std::string target = variableText(var), source = text(incoming);
    out.push_back({var, term(segment, incoming), target == source ? "" : target + " = " + source, &phi});
  }
  return out;
}

void FunctionTranslator::translateTerminator(Segment& segment, const llvm::Instruction& terminator) {
  const llvm::BasicBlock& block = *terminator.getParent();
  z3::expr yes = program_.ctx().bool_val(true);
  if (auto* branch = llvm::dyn_cast<llvm::BranchInst>(&terminator)) {
    const llvm::BasicBlock* thenBlock = branch->getSuccessor(0);
    if (branch->isUnconditional() || branch->getSuccessor(1) == thenBlock) {
      auto phis = phiAssignments(segment, block, *thenBlock);
      flush(segment, blockLocs_.at(thenBlock), yes, phis, "");
      return;
    }
    const llvm::BasicBlock* elseBlock = branch->getSuccessor(1);
    z3::expr condition = term(segment, branch->getCondition());
    std::string conditionText = text(branch->getCondition());
    if (sourceLocOf(terminator).known()) segment.loc = sourceLocOf(terminator);
    auto thenPhis = phiAssignments(segment, block, *thenBlock);
    flush(segment, blockLocs_.at(thenBlock), condition, thenPhis, "assume(" + conditionText + ")");
    auto elsePhis = phiAssignments(segment, block, *elseBlock);
    flush(segment, blockLocs_.at(elseBlock), !condition, elsePhis, "assume(!(" + conditionText + "))");
    return;
  }
  if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&terminator)) {
    const llvm::Value* value = ret->getReturnValue();
    std::vector<PhiAssignment> result;
    if (value) {
      if (!isModelledScalar(value->getType())) bitsOf(value->getType(), "return of a non-scalar value");
      ir::VarId var = module_.results.at(&function_);
      result.push_back({var, term(segment, value), "return " + text(value)});
    }
    flush(segment, program_.proc(proc_).exit, yes, result, value ? "" : "return");
    return;
  }
  if (llvm::isa<llvm::UnreachableInst>(terminator)) return;  // undefined (or ended before): no successor
  throw UnsupportedFeature(std::string("control transfer '") + terminator.getOpcodeName() + "'");
}

// ---------------------------------------------------------------- label text

std::string FunctionTranslator::variableText(ir::VarId var) const {
  const ir::Variable& v = program_.var(var);
  if (!v.isTemporary()) return v.sourceName;
  size_t colon = v.name.rfind("::");
  return colon == std::string::npos ? v.name : v.name.substr(colon + 2);
}

std::string FunctionTranslator::text(const llvm::Value* value) {
  if (auto it = variables_.find(value); it != variables_.end()) return variableText(it->second);
  if (SourceVariable source = debugNames_.lookup(value); source.known) return source.name;
  if (auto it = module_.parameters.find(value); it != module_.parameters.end()) return variableText(it->second);
  if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(value))
    return constant->getBitWidth() == 1 ? (constant->isOne() ? "1" : "0") : llvm::toString(constant->getValue(), 10, true);
  if (auto* constant = llvm::dyn_cast<llvm::ConstantFP>(value)) {
    llvm::SmallString<32> digits;
    constant->getValueAPF().toString(digits);
    return std::string(digits.str());
  }
  if (llvm::isa<llvm::UndefValue>(value)) return "nondet";
  if (llvm::isa<llvm::ConstantPointerNull>(value)) return "NULL";
  if (auto* function = llvm::dyn_cast<llvm::Function>(value)) return "&" + function->getName().str();
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(value)) return describeGlobal(*global).name;
  if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(value)) {
    SourceVariable source = debugNames_.lookup(alloca);
    return source.known ? source.name : "mem";
  }
  return expressionText(value);
}

std::string FunctionTranslator::expressionText(const llvm::Value* value) {
  if (auto it = texts_.find(value); it != texts_.end()) return it->second;
  std::string out = "?";
  if (auto* binary = llvm::dyn_cast<llvm::BinaryOperator>(value)) {
    out = "(" + text(binary->getOperand(0)) + " " + cOperator(binary->getOpcode()) + " " + text(binary->getOperand(1)) + ")";
  } else if (auto* compare = llvm::dyn_cast<llvm::CmpInst>(value)) {
    out = text(compare->getOperand(0)) + " " + cComparison(compare->getPredicate()) + " " + text(compare->getOperand(1));
  } else if (auto* cast = llvm::dyn_cast<llvm::CastInst>(value)) {
    out = text(cast->getOperand(0));
  } else if (auto* select = llvm::dyn_cast<llvm::SelectInst>(value)) {
    out = "(" + text(select->getCondition()) + " ? " + text(select->getTrueValue()) + " : " + text(select->getFalseValue()) + ")";
  } else if (auto* load = llvm::dyn_cast<llvm::LoadInst>(value)) {
    out = text(load->getPointerOperand());
  } else if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(value)) {
    out = text(gep->getPointerOperand());
    for (unsigned i = 2; i < gep->getNumOperands(); ++i) out += "[" + text(gep->getOperand(i)) + "]";
    if (gep->getNumOperands() == 2) out += "[" + text(gep->getOperand(1)) + "]";
  } else if (auto* call = llvm::dyn_cast<llvm::CallInst>(value)) {
    const llvm::Function* callee = call->getCalledFunction();
    out = (callee ? callee->getName().str() : "(*f)") + "(";
    for (unsigned i = 0; i < call->arg_size(); ++i) out += (i ? ", " : "") + text(call->getArgOperand(i));
    out += ")";
  } else if (auto* freeze = llvm::dyn_cast<llvm::FreezeInst>(value)) {
    out = text(freeze->getOperand(0));
  } else if (auto* bitcast = llvm::dyn_cast<llvm::BitCastOperator>(value)) {
    out = text(bitcast->getOperand(0));
  }
  if (out.size() > kMaxTextLength) out = out.substr(0, kMaxTextLength - 3) + "...";
  texts_.emplace(value, out);
  return out;
}

}  // namespace argus::frontend
