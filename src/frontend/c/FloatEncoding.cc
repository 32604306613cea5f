// IEEE-754 floating-point operations as terms of Z3's FP theory (see FloatEncoding.h).
#include "frontend/c/FloatEncoding.h"

#include <vector>

#include <llvm/ADT/APInt.h>
#include <llvm/ADT/SmallString.h>

#include "util/Error.h"

namespace argus::frontend {

namespace {

std::string decimal(const llvm::APInt& v) {
  llvm::SmallString<48> text;
  v.toString(text, 10, /*Signed=*/false);
  return std::string(text.str());
}

}  // namespace

namespace {

/// Every format the front end models: C's float, double, x87's long double and __float128. x87's extended
/// format rounds to a 64-bit significand (the precision control Linux sets), which is what
/// (_ FloatingPoint 15 64) rounds to; its explicit integer bit is not part of the significand here.
const std::vector<FloatFormat>& modelledFormats() {
  static const std::vector<FloatFormat> formats = {{8, 24, &llvm::APFloat::IEEEsingle()},
                                                   {11, 53, &llvm::APFloat::IEEEdouble()},
                                                   {15, 64, &llvm::APFloat::x87DoubleExtended()},
                                                   {15, 113, &llvm::APFloat::IEEEquad()}};
  return formats;
}

}  // namespace

FloatFormat FloatFormat::binary32() { return modelledFormats()[0]; }
FloatFormat FloatFormat::binary64() { return modelledFormats()[1]; }

std::optional<FloatFormat> FloatFormat::ofSemantics(const llvm::fltSemantics& semantics) {
  for (const FloatFormat& f : modelledFormats())
    if (f.semantics == &semantics) return f;
  return std::nullopt;
}

std::optional<FloatFormat> FloatFormat::ofSort(const z3::sort& sort) {
  unsigned eb = Z3_fpa_get_ebits(sort.ctx(), sort), sb = Z3_fpa_get_sbits(sort.ctx(), sort);
  for (const FloatFormat& f : modelledFormats())
    if (f.exponentBits == eb && f.significandBits == sb) return f;
  return std::nullopt;
}

std::optional<FloatFormat> FloatEncoder::formatOf(const llvm::Type* type) {
  // half, bfloat and PowerPC's double-double have semantics too, but no modelled format.
  if (!type->isFloatingPointTy()) return std::nullopt;
  return FloatFormat::ofSemantics(type->getFltSemantics());
}

z3::sort FloatEncoder::sortOf(const FloatFormat& format) const {
  return ctx_.fpa_sort(format.exponentBits, format.significandBits);
}

z3::expr FloatEncoder::constant(const llvm::APFloat& value) const {
  std::optional<FloatFormat> modelled = FloatFormat::ofSemantics(value.getSemantics());
  if (!modelled) UNREACHABLE("a floating-point constant of an unsupported format");
  const FloatFormat& format = *modelled;
  llvm::APInt bits = value.bitcastToAPInt();
  unsigned fraction = format.significandBits - 1;  // stored significand bits
  unsigned width = bits.getBitWidth();
  llvm::APInt sign = bits.lshr(width - 1).trunc(1);
  llvm::APInt exponent = bits.lshr(width - 1 - format.exponentBits).trunc(format.exponentBits);
  llvm::APInt significand = bits.trunc(fraction);  // x86_fp80: below its explicit integer bit
  z3::expr made(ctx_, Z3_mk_fpa_fp(ctx_, ctx_.bv_val(decimal(sign).c_str(), 1),
                                   ctx_.bv_val(decimal(exponent).c_str(), format.exponentBits),
                                   ctx_.bv_val(decimal(significand).c_str(), fraction)));
  ctx_.check_error();
  return made;
}

z3::expr FloatEncoder::powerOfTwo(const FloatFormat& format, int k) const {
  llvm::APFloat one(*format.semantics, 1);
  return constant(llvm::scalbn(one, k, llvm::APFloat::rmNearestTiesToEven));
}

z3::expr FloatEncoder::mode(Rounding rounding) const {
  Z3_ast made = nullptr;
  switch (rounding) {
    case Rounding::NearestEven: made = Z3_mk_fpa_rne(ctx_); break;
    case Rounding::NearestAway: made = Z3_mk_fpa_rna(ctx_); break;
    case Rounding::TowardZero: made = Z3_mk_fpa_rtz(ctx_); break;
    case Rounding::TowardPositive: made = Z3_mk_fpa_rtp(ctx_); break;
    case Rounding::TowardNegative: made = Z3_mk_fpa_rtn(ctx_); break;
  }
  return z3::expr(ctx_, made);
}

z3::expr FloatEncoder::binary(FloatOp op, const z3::expr& a, const z3::expr& b) const {
  z3::expr rm = nearestEven();
  Z3_ast made = nullptr;
  switch (op) {
    case FloatOp::Add: made = Z3_mk_fpa_add(ctx_, rm, a, b); break;
    case FloatOp::Sub: made = Z3_mk_fpa_sub(ctx_, rm, a, b); break;
    case FloatOp::Mul: made = Z3_mk_fpa_mul(ctx_, rm, a, b); break;
    case FloatOp::Div: made = Z3_mk_fpa_div(ctx_, rm, a, b); break;
  }
  ctx_.check_error();
  return z3::expr(ctx_, made);
}

z3::expr FloatEncoder::negate(const z3::expr& a) const { return z3::expr(ctx_, Z3_mk_fpa_neg(ctx_, a)); }

z3::expr FloatEncoder::isNaN(const z3::expr& a) const { return z3::expr(ctx_, Z3_mk_fpa_is_nan(ctx_, a)); }

z3::expr FloatEncoder::isInfinite(const z3::expr& a) const { return z3::expr(ctx_, Z3_mk_fpa_is_infinite(ctx_, a)); }

z3::expr FloatEncoder::compare(FloatPred pred, const z3::expr& a, const z3::expr& b) const {
  z3::expr unordered = isNaN(a) || isNaN(b);
  z3::expr eq(ctx_, Z3_mk_fpa_eq(ctx_, a, b));
  z3::expr lt(ctx_, Z3_mk_fpa_lt(ctx_, a, b));
  z3::expr le(ctx_, Z3_mk_fpa_leq(ctx_, a, b));
  z3::expr gt(ctx_, Z3_mk_fpa_gt(ctx_, a, b));
  z3::expr ge(ctx_, Z3_mk_fpa_geq(ctx_, a, b));
  // fp.eq, fp.lt, ... are false when an operand is NaN: the ordered predicates as they are.
  switch (pred) {
    case FloatPred::False: return ctx_.bool_val(false);
    case FloatPred::Oeq: return eq;
    case FloatPred::Ogt: return gt;
    case FloatPred::Oge: return ge;
    case FloatPred::Olt: return lt;
    case FloatPred::Ole: return le;
    case FloatPred::One: return lt || gt;
    case FloatPred::Ord: return !unordered;
    case FloatPred::Uno: return unordered;
    case FloatPred::Ueq: return unordered || eq;
    case FloatPred::Ugt: return unordered || gt;
    case FloatPred::Uge: return unordered || ge;
    case FloatPred::Ult: return unordered || lt;
    case FloatPred::Ule: return unordered || le;
    case FloatPred::Une: return !eq;
    case FloatPred::True: return ctx_.bool_val(true);
  }
  UNREACHABLE("unknown floating-point predicate");
}

z3::expr FloatEncoder::convert(const z3::expr& a, const FloatFormat& to) const {
  z3::expr made(ctx_, Z3_mk_fpa_to_fp_float(ctx_, nearestEven(), a, sortOf(to)));
  ctx_.check_error();
  return made;
}

z3::expr FloatEncoder::asBits(const z3::expr& value, unsigned bits) const {
  if (bits == 1) return z3::ite(value, ctx_.bv_val(1, 1), ctx_.bv_val(0, 1));
  return ints_.isInt() ? z3::int2bv(bits, value) : value;
}

z3::expr FloatEncoder::fromBitVector(const z3::expr& bits) const {
  return ints_.isInt() ? z3::bv2int(bits, /*signed=*/true) : bits;
}

z3::expr FloatEncoder::fromInteger(const z3::expr& value, unsigned bits, bool isSigned, const FloatFormat& to) const {
  z3::expr vector = asBits(value, bits);
  Z3_ast made = isSigned && bits > 1 ? Z3_mk_fpa_to_fp_signed(ctx_, nearestEven(), vector, sortOf(to))
                                     : Z3_mk_fpa_to_fp_unsigned(ctx_, nearestEven(), vector, sortOf(to));
  ctx_.check_error();
  return z3::expr(ctx_, made);
}

Defined FloatEncoder::toInteger(const z3::expr& value, unsigned bits, bool isSigned) const {
  INVARIANT(bits > 1, "conversion of a float to a truth value");
  std::optional<FloatFormat> modelled = FloatFormat::ofSort(value.get_sort());
  INVARIANT(modelled.has_value(), "a conversion of a float of an unmodelled format");
  const FloatFormat& format = *modelled;
  const llvm::fltSemantics* semantics = format.semantics;
  // Defined iff the value truncated toward zero is an integer of the type (no NaN, no infinity). The bounds
  // are powers of two, which every format holds exactly (or overflows to infinity beyond all its values).
  z3::expr truncated = roundToIntegral(Rounding::TowardZero, value);
  z3::expr low = isSigned ? negate(powerOfTwo(format, static_cast<int>(bits) - 1)) : constant(llvm::APFloat::getZero(*semantics));
  z3::expr high = powerOfTwo(format, isSigned ? static_cast<int>(bits) - 1 : static_cast<int>(bits));
  z3::expr ok = z3::expr(ctx_, Z3_mk_fpa_leq(ctx_, low, truncated)) && z3::expr(ctx_, Z3_mk_fpa_lt(ctx_, truncated, high));
  z3::expr rtz = mode(Rounding::TowardZero);
  z3::expr vector(ctx_, isSigned ? Z3_mk_fpa_to_sbv(ctx_, rtz, value, bits) : Z3_mk_fpa_to_ubv(ctx_, rtz, value, bits));
  ctx_.check_error();
  return {fromBitVector(vector), ok};
}

z3::expr FloatEncoder::fromBits(const z3::expr& value, const FloatFormat& format) const {
  z3::expr made(ctx_, Z3_mk_fpa_to_fp_bv(ctx_, asBits(value, format.bits()), sortOf(format)));
  ctx_.check_error();
  return made;
}

z3::expr FloatEncoder::isBitPattern(const z3::expr& pattern, const z3::expr& value, const FloatFormat& format) const {
  // Structural equality (=, not fp.eq): the pattern of -0 is not that of +0, and a NaN's patterns are all NaNs.
  return fromBits(pattern, format) == value;
}

z3::expr FloatEncoder::roundToIntegral(Rounding rounding, const z3::expr& a) const {
  return z3::expr(ctx_, Z3_mk_fpa_round_to_integral(ctx_, mode(rounding), a));
}

z3::expr FloatEncoder::abs(const z3::expr& a) const { return z3::expr(ctx_, Z3_mk_fpa_abs(ctx_, a)); }

z3::expr FloatEncoder::sqrt(const z3::expr& a) const { return z3::expr(ctx_, Z3_mk_fpa_sqrt(ctx_, nearestEven(), a)); }

z3::expr FloatEncoder::min(const z3::expr& a, const z3::expr& b) const { return z3::expr(ctx_, Z3_mk_fpa_min(ctx_, a, b)); }

z3::expr FloatEncoder::max(const z3::expr& a, const z3::expr& b) const { return z3::expr(ctx_, Z3_mk_fpa_max(ctx_, a, b)); }

}  // namespace argus::frontend
