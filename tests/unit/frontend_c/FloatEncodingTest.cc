// The floating-point encoding against the host's IEEE arithmetic (x86-64: SSE2 binary32/binary64): constants
// bit for bit, rounding to nearest even, every fcmp predicate on NaN, conversions to integers and their
// undefined range, bit casts, in both integer encodings.
#include <gtest/gtest.h>
#include <z3++.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "frontend/c/FloatEncoding.h"
#include "smt/Floats.h"

using namespace argus;
using namespace argus::frontend;

namespace {

const FloatFormat kSingle{8, 24, &llvm::APFloat::IEEEsingle()};
const FloatFormat kDouble{11, 53, &llvm::APFloat::IEEEdouble()};

uint64_t bitsOf(double d) {
  uint64_t out;
  std::memcpy(&out, &d, sizeof out);
  return out;
}
uint32_t bitsOf(float f) {
  uint32_t out;
  std::memcpy(&out, &f, sizeof out);
  return out;
}

/// Evaluates a closed term (no constants) by the simplifier.
z3::expr value(const z3::expr& e) { return e.simplify(); }

TEST(FloatEncoding, ConstantsKeepTheirBits) {
  z3::context ctx;
  IntEncoder ints(ctx, ir::Encoding::BitVector);
  FloatEncoder floats(ints);
  for (double d : {0.1, -0.0, 0.0, 1e-310, -3.5, std::numeric_limits<double>::infinity(), 1.7976931348623157e308}) {
    z3::expr c = floats.constant(llvm::APFloat(d));
    ASSERT_EQ(smt::floatBits(value(c)), bitsOf(d)) << d;
  }
  for (float f : {0.1f, -0.0f, 1e-40f, 3.4028235e38f}) {
    z3::expr c = floats.constant(llvm::APFloat(f));
    ASSERT_EQ(smt::floatBits(value(c)), bitsOf(f)) << f;
  }
}

TEST(FloatEncoding, ArithmeticRoundsToNearestEvenAsTheHost) {
  z3::context ctx;
  IntEncoder ints(ctx, ir::Encoding::Int);
  FloatEncoder floats(ints);
  volatile double a = 0.1, b = 0.2;
  volatile float fa = 0.1f, fb = 0.2f, big = 1e7f;
  z3::expr sum = floats.binary(FloatOp::Add, floats.constant(llvm::APFloat(0.1)), floats.constant(llvm::APFloat(0.2)));
  EXPECT_EQ(smt::floatBits(value(sum)), bitsOf(a + b));  // 0.30000000000000004
  EXPECT_NE(smt::floatBits(value(sum)), bitsOf(0.3));
  z3::expr single = floats.binary(FloatOp::Add, floats.constant(llvm::APFloat(0.1f)), floats.constant(llvm::APFloat(0.2f)));
  EXPECT_EQ(smt::floatBits(value(single)), bitsOf(static_cast<float>(fa + fb)));
  z3::expr quotient = floats.binary(FloatOp::Div, floats.constant(llvm::APFloat(1.0f)), floats.constant(llvm::APFloat(3.0f)));
  EXPECT_EQ(smt::floatBits(value(quotient)), bitsOf(static_cast<float>(1.0f / 3.0f)));
  z3::expr plusOne = floats.binary(FloatOp::Add, floats.constant(llvm::APFloat(1e7f)), floats.constant(llvm::APFloat(0.5f)));
  EXPECT_EQ(smt::floatBits(value(plusOne)), bitsOf(static_cast<float>(big + 0.5f)));  // a tie, to even
  z3::expr narrowed = floats.convert(floats.constant(llvm::APFloat(0.1)), kSingle);
  EXPECT_EQ(smt::floatBits(value(narrowed)), bitsOf(static_cast<float>(a)));
}

TEST(FloatEncoding, ComparisonsWithNaNFollowTheOrderedAndUnorderedPredicates) {
  z3::context ctx;
  IntEncoder ints(ctx, ir::Encoding::BitVector);
  FloatEncoder floats(ints);
  z3::expr nan(ctx, Z3_mk_fpa_nan(ctx, floats.sortOf(kDouble)));
  z3::expr one = floats.constant(llvm::APFloat(1.0));
  struct Case {
    FloatPred pred;
    bool withNaN;   // pred(NaN, 1)
    bool oneOne;    // pred(1, 1)
  };
  for (Case c : {Case{FloatPred::Oeq, false, true}, Case{FloatPred::Une, true, false}, Case{FloatPred::One, false, false},
                 Case{FloatPred::Ueq, true, true}, Case{FloatPred::Olt, false, false}, Case{FloatPred::Ult, true, false},
                 Case{FloatPred::Oge, false, true}, Case{FloatPred::Uge, true, true}, Case{FloatPred::Ord, false, true},
                 Case{FloatPred::Uno, true, false}}) {
    EXPECT_EQ(value(floats.compare(c.pred, nan, one)).is_true(), c.withNaN) << static_cast<int>(c.pred);
    EXPECT_EQ(value(floats.compare(c.pred, one, one)).is_true(), c.oneOne) << static_cast<int>(c.pred);
  }
  // -0 == +0, though their bits differ.
  z3::expr minusZero = floats.constant(llvm::APFloat(-0.0)), plusZero = floats.constant(llvm::APFloat(0.0));
  EXPECT_TRUE(value(floats.compare(FloatPred::Oeq, minusZero, plusZero)).is_true());
  EXPECT_FALSE(value(minusZero == plusZero).is_true());
}

TEST(FloatEncoding, ConversionToIntegerTruncatesAndIsUndefinedOutOfRange) {
  for (ir::Encoding encoding : {ir::Encoding::Int, ir::Encoding::BitVector}) {
    z3::context ctx;
    IntEncoder ints(ctx, encoding);
    FloatEncoder floats(ints);
    auto converted = [&](double d, bool isSigned) { return floats.toInteger(floats.constant(llvm::APFloat(d)), 32, isSigned); };
    Defined negative = converted(-2.99, true);
    EXPECT_TRUE(value(negative.ok).is_true());
    EXPECT_TRUE(value(negative.value == ints.constant(-2, 32)).is_true());
    EXPECT_TRUE(value(converted(-0.5, false).ok).is_true());         // truncates to 0, which fits
    EXPECT_TRUE(value(converted(2147483647.0, true).ok).is_true());   // INT_MAX fits
    EXPECT_FALSE(value(converted(2147483648.0, true).ok).is_true());  // INT_MAX + 1 does not
    EXPECT_TRUE(value(converted(4294967295.0, false).ok).is_true());
    EXPECT_FALSE(value(converted(-1.0, false).ok).is_true());
    EXPECT_FALSE(value(converted(std::nan(""), true).ok).is_true());
    z3::expr back = floats.fromInteger(ints.constant(-3, 32), 32, true, kSingle);
    EXPECT_EQ(smt::floatBits(value(back)), bitsOf(-3.0f));
    z3::expr unsignedBack = floats.fromInteger(ints.constant(-1, 32), 32, false, kDouble);  // 4294967295u
    EXPECT_EQ(smt::floatBits(value(unsignedBack)), bitsOf(4294967295.0));
  }
}

TEST(FloatEncoding, BitPatternsOfANaNAreEveryNaNPattern) {
  z3::context ctx;
  IntEncoder ints(ctx, ir::Encoding::BitVector);
  FloatEncoder floats(ints);
  z3::expr nan(ctx, Z3_mk_fpa_nan(ctx, floats.sortOf(kSingle)));
  auto isPattern = [&](uint32_t bits, const z3::expr& of) {
    return value(floats.isBitPattern(ctx.bv_val(static_cast<uint64_t>(bits), 32), of, kSingle)).is_true();
  };
  // The default quiet NaN and a negative signalling one are both patterns of NaN; +infinity's is not.
  EXPECT_TRUE(isPattern(0x7fc00000u, nan));
  EXPECT_TRUE(isPattern(0xff800001u, nan));
  EXPECT_FALSE(isPattern(0x7f800000u, nan));
  // -0.0's pattern is the sign bit alone, +0.0's is zero.
  EXPECT_TRUE(isPattern(0x80000000u, floats.constant(llvm::APFloat(-0.0f))));
  EXPECT_FALSE(isPattern(0u, floats.constant(llvm::APFloat(-0.0f))));
  // A bit cast back from the integer gives the float of that pattern.
  EXPECT_EQ(smt::floatBits(value(floats.fromBits(ctx.bv_val(static_cast<uint64_t>(bitsOf(0.1f)), 32), kSingle))), bitsOf(0.1f));
}

TEST(FloatEncoding, MathFunctionsRoundAsC) {
  z3::context ctx;
  IntEncoder ints(ctx, ir::Encoding::BitVector);
  FloatEncoder floats(ints);
  auto at = [&](Rounding r, double d) { return smt::floatBits(value(floats.roundToIntegral(r, floats.constant(llvm::APFloat(d))))); };
  EXPECT_EQ(at(Rounding::TowardNegative, -2.5), bitsOf(std::floor(-2.5)));
  EXPECT_EQ(at(Rounding::TowardPositive, -2.5), bitsOf(std::ceil(-2.5)));  // -2
  EXPECT_EQ(at(Rounding::TowardZero, -0.5), bitsOf(std::trunc(-0.5)));     // -0
  EXPECT_EQ(at(Rounding::NearestAway, 2.5), bitsOf(std::round(2.5)));      // 3
  EXPECT_EQ(at(Rounding::NearestEven, 2.5), bitsOf(std::nearbyint(2.5)));  // 2
  EXPECT_EQ(smt::floatBits(value(floats.sqrt(floats.constant(llvm::APFloat(2.0))))), bitsOf(std::sqrt(2.0)));
  z3::expr nan(ctx, Z3_mk_fpa_nan(ctx, floats.sortOf(kDouble)));
  EXPECT_EQ(smt::floatBits(value(floats.min(nan, floats.constant(llvm::APFloat(3.0))))), bitsOf(std::fmin(NAN, 3.0)));
}

}  // namespace
