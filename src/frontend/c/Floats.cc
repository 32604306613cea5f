// Floating-point instructions and math.h functions in the translation of a function: each becomes a term
// of FloatEncoder (IEEE-754 through Z3's FP theory); definedness conditions go onto the segment.
#include <llvm/IR/Intrinsics.h>

#include <map>

#include "frontend/c/Translator.h"
#include "smt/Terms.h"

namespace argus::frontend {

namespace {

FloatPred floatPredOf(llvm::CmpInst::Predicate predicate) {
  switch (predicate) {
    case llvm::CmpInst::FCMP_FALSE: return FloatPred::False;
    case llvm::CmpInst::FCMP_OEQ: return FloatPred::Oeq;
    case llvm::CmpInst::FCMP_OGT: return FloatPred::Ogt;
    case llvm::CmpInst::FCMP_OGE: return FloatPred::Oge;
    case llvm::CmpInst::FCMP_OLT: return FloatPred::Olt;
    case llvm::CmpInst::FCMP_OLE: return FloatPred::Ole;
    case llvm::CmpInst::FCMP_ONE: return FloatPred::One;
    case llvm::CmpInst::FCMP_ORD: return FloatPred::Ord;
    case llvm::CmpInst::FCMP_UNO: return FloatPred::Uno;
    case llvm::CmpInst::FCMP_UEQ: return FloatPred::Ueq;
    case llvm::CmpInst::FCMP_UGT: return FloatPred::Ugt;
    case llvm::CmpInst::FCMP_UGE: return FloatPred::Uge;
    case llvm::CmpInst::FCMP_ULT: return FloatPred::Ult;
    case llvm::CmpInst::FCMP_ULE: return FloatPred::Ule;
    case llvm::CmpInst::FCMP_UNE: return FloatPred::Une;
    case llvm::CmpInst::FCMP_TRUE: return FloatPred::True;
    default: break;
  }
  UNREACHABLE("not a floating-point predicate");
}

/// The math.h functions modelled exactly, by the name of the double version (fabsf and fabsl are fabs)
/// and by LLVM's intrinsic (llvm.fabs.f32 is fabs).
enum class MathFunction { Fabs, Sqrt, Floor, Ceil, Trunc, Round, RoundEven, Fmin, Fmax, IsNaN };

std::optional<MathFunction> mathFunction(const std::string& name) {
  static const std::map<std::string, MathFunction> byName = {
      {"fabs", MathFunction::Fabs},   {"sqrt", MathFunction::Sqrt},       {"floor", MathFunction::Floor},
      {"ceil", MathFunction::Ceil},   {"trunc", MathFunction::Trunc},     {"round", MathFunction::Round},
      {"rint", MathFunction::RoundEven}, {"nearbyint", MathFunction::RoundEven},
      {"roundeven", MathFunction::RoundEven}, {"fmin", MathFunction::Fmin}, {"fmax", MathFunction::Fmax},
      {"minnum", MathFunction::Fmin}, {"maxnum", MathFunction::Fmax},     {"__isnan", MathFunction::IsNaN},
      {"isnan", MathFunction::IsNaN}};
  std::string base = name;
  if (base.rfind("llvm.", 0) == 0) {
    base = base.substr(5);
    base = base.substr(0, base.find('.'));
  }
  if (auto it = byName.find(base); it != byName.end()) return it->second;
  // The float and long double versions: fabsf, fabsl, __isnanf, ...
  if (!base.empty() && (base.back() == 'f' || base.back() == 'l'))
    if (auto it = byName.find(base.substr(0, base.size() - 1)); it != byName.end()) return it->second;
  return std::nullopt;
}

}  // namespace

z3::expr FunctionTranslator::floatBinaryTerm(Segment& segment, const llvm::Operator& operation) {
  formatOf(operation.getType(), "floating-point arithmetic");
  z3::expr a = term(segment, operation.getOperand(0));
  switch (operation.getOpcode()) {
    case llvm::Instruction::FNeg: return floats_.negate(a);
    case llvm::Instruction::FAdd: return floats_.binary(FloatOp::Add, a, term(segment, operation.getOperand(1)));
    case llvm::Instruction::FSub: return floats_.binary(FloatOp::Sub, a, term(segment, operation.getOperand(1)));
    case llvm::Instruction::FMul: return floats_.binary(FloatOp::Mul, a, term(segment, operation.getOperand(1)));
    case llvm::Instruction::FDiv: return floats_.binary(FloatOp::Div, a, term(segment, operation.getOperand(1)));
    default: break;
  }
  // frem is C's fmod (truncated), which SMT-LIB's fp.rem (rounded to nearest) is not.
  throw UnsupportedFeature(std::string("floating-point operation '") + llvm::Instruction::getOpcodeName(operation.getOpcode()) + "'");
}

z3::expr FunctionTranslator::floatCompareTerm(Segment& segment, const llvm::Operator& compare) {
  formatOf(compare.getOperand(0)->getType(), "floating-point comparison");
  auto predicate = llvm::isa<llvm::CmpInst>(compare) ? llvm::cast<llvm::CmpInst>(compare).getPredicate()
                                                     : static_cast<llvm::CmpInst::Predicate>(
                                                           llvm::cast<llvm::ConstantExpr>(compare).getPredicate());
  return floats_.compare(floatPredOf(predicate), term(segment, compare.getOperand(0)), term(segment, compare.getOperand(1)));
}

z3::expr FunctionTranslator::floatToBits(Segment& segment, const z3::expr& value, const FloatFormat& format, unsigned bits) {
  z3::expr pattern = freshValue(segment, bits, "bits");
  segment.constraints.push_back(floats_.isBitPattern(pattern, value, format));
  return pattern;
}

z3::expr FunctionTranslator::floatCastTerm(Segment& segment, const llvm::Operator& cast) {
  const llvm::Value* operand = cast.getOperand(0);
  const llvm::Type* from = operand->getType();
  const llvm::Type* to = cast.getType();
  switch (cast.getOpcode()) {
    case llvm::Instruction::FPExt:
    case llvm::Instruction::FPTrunc:
      formatOf(from, "floating-point conversion");
      return floats_.convert(term(segment, operand), formatOf(to, "floating-point conversion"));
    case llvm::Instruction::SIToFP:
    case llvm::Instruction::UIToFP:
      return floats_.fromInteger(term(segment, operand), bitsOf(from, "conversion to floating point"),
                                 cast.getOpcode() == llvm::Instruction::SIToFP, formatOf(to, "conversion to floating point"));
    case llvm::Instruction::FPToSI:
    case llvm::Instruction::FPToUI: {
      formatOf(from, "conversion from floating point");
      unsigned bits = bitsOf(to, "conversion from floating point");
      if (bits == 1) throw UnsupportedFeature("conversion of a float to a 1-bit integer");
      Defined converted = floats_.toInteger(term(segment, operand), bits, cast.getOpcode() == llvm::Instruction::FPToSI);
      segment.constraints.push_back(converted.ok);  // out of range: undefined behaviour, cut off
      return converted.value;
    }
    case llvm::Instruction::BitCast: {
      // Reading a float's bits as an integer (signbit, isinf's bit tricks) or the other way round; x87's
      // extended format has no interchange pattern of its width.
      const llvm::Type* floating = from->isFloatingPointTy() ? from : to;
      const llvm::Type* integer = from->isFloatingPointTy() ? to : from;
      FloatFormat format = formatOf(floating, "bit cast of a floating-point value");
      if (!integer->isIntegerTy() || floating->isX86_FP80Ty() || integer->getIntegerBitWidth() != format.bits()) {
        if (from == to) return term(segment, operand);
        throw UnsupportedFeature("bit cast between a floating-point value and a value of another width");
      }
      if (from->isFloatingPointTy()) return floatToBits(segment, term(segment, operand), format, format.bits());
      return floats_.fromBits(term(segment, operand), format);
    }
    default: break;
  }
  throw UnsupportedFeature(std::string("floating-point conversion '") + llvm::Instruction::getOpcodeName(cast.getOpcode()) + "'");
}

bool FunctionTranslator::translateFloatFunction(Segment& segment, const llvm::CallInst& call, const std::string& name) {
  std::optional<MathFunction> function = mathFunction(name);
  if (!function) return false;
  unsigned arity = *function == MathFunction::Fmin || *function == MathFunction::Fmax ? 2 : 1;
  if (call.arg_size() != arity) return false;
  for (unsigned i = 0; i < arity; ++i)
    if (!FloatEncoder::formatOf(call.getArgOperand(i)->getType()) || call.getArgOperand(i)->getType() != call.getArgOperand(0)->getType())
      return false;
  z3::expr x = term(segment, call.getArgOperand(0));
  if (*function == MathFunction::IsNaN) {
    if (!call.getType()->isIntegerTy()) return false;
    define(segment, call, encoder_.fromBool(floats_.isNaN(x), call.getType()->getIntegerBitWidth()));
    return true;
  }
  if (call.getType() != call.getArgOperand(0)->getType()) return false;
  z3::expr value = x;
  switch (*function) {
    case MathFunction::Fabs: value = floats_.abs(x); break;
    case MathFunction::Sqrt: value = floats_.sqrt(x); break;
    case MathFunction::Floor: value = floats_.roundToIntegral(Rounding::TowardNegative, x); break;
    case MathFunction::Ceil: value = floats_.roundToIntegral(Rounding::TowardPositive, x); break;
    case MathFunction::Trunc: value = floats_.roundToIntegral(Rounding::TowardZero, x); break;
    case MathFunction::Round: value = floats_.roundToIntegral(Rounding::NearestAway, x); break;
    // rint and nearbyint round in the current rounding mode: to nearest, ties to even, as nothing changes it.
    case MathFunction::RoundEven: value = floats_.roundToIntegral(Rounding::NearestEven, x); break;
    case MathFunction::Fmin: value = floats_.min(x, term(segment, call.getArgOperand(1))); break;
    case MathFunction::Fmax: value = floats_.max(x, term(segment, call.getArgOperand(1))); break;
    case MathFunction::IsNaN: break;
  }
  define(segment, call, value);
  return true;
}

}  // namespace argus::frontend
