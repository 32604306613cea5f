// IEEE-754 floating point for the C front end: LLVM's float, double, x86_fp80 and fp128 values are
// terms of Z3's floating-point sorts in both integer encodings (ARCHITECTURE.md). Arithmetic rounds to
// nearest, ties to even (C's default rounding mode; fesetround is not modelled), comparisons follow LLVM's
// ordered/unordered predicates, and conversions to integers carry their definedness condition: a value
// whose truncation does not fit the integer type (or a NaN, an infinity) is undefined behaviour in C
// (C11 6.3.1.4p1), cut off like signed overflow.
#pragma once

#include <llvm/ADT/APFloat.h>
#include <llvm/IR/Type.h>
#include <z3++.h>

#include <optional>

#include "frontend/c/IntEncoding.h"

namespace argus::frontend {

/// An IEEE-like binary format: exponent bits and significand bits counting the hidden bit, as SMT-LIB's
/// (_ FloatingPoint eb sb) counts them; `semantics` is LLVM's for the same format.
struct FloatFormat {
  unsigned exponentBits = 0;
  unsigned significandBits = 0;
  const llvm::fltSemantics* semantics = nullptr;
  /// The width of the interchange bit pattern (x86_fp80 has no such pattern: its integer bit is explicit).
  unsigned bits() const { return exponentBits + significandBits; }

  /// The formats C's floating types have (float, double, x87's long double, __float128).
  static FloatFormat binary32();
  static FloatFormat binary64();
  /// The format of LLVM's `semantics`, or of a Z3 floating-point sort; nothing for any other.
  static std::optional<FloatFormat> ofSemantics(const llvm::fltSemantics& semantics);
  static std::optional<FloatFormat> ofSort(const z3::sort& sort);
};

enum class FloatOp { Add, Sub, Mul, Div };
/// LLVM's fcmp predicates: O* are false when an operand is NaN, U* true.
enum class FloatPred { False, Oeq, Ogt, Oge, Olt, Ole, One, Ord, Uno, Ueq, Ugt, Uge, Ult, Ule, Une, True };
/// Rounding directions of roundToIntegral (floor, ceil, trunc, round, rint).
enum class Rounding { NearestEven, NearestAway, TowardZero, TowardPositive, TowardNegative };

class FloatEncoder {
 public:
  explicit FloatEncoder(const IntEncoder& ints) : ints_(ints), ctx_(ints.ctx()) {}

  /// The format of an LLVM floating-point type; nothing for half, bfloat and PowerPC's double-double.
  static std::optional<FloatFormat> formatOf(const llvm::Type* type);
  z3::sort sortOf(const FloatFormat& format) const;
  /// A constant (NaN payloads, signed zeros and subnormals exactly).
  z3::expr constant(const llvm::APFloat& value) const;
  /// 2^k in `format` (infinity when it overflows).
  z3::expr powerOfTwo(const FloatFormat& format, int k) const;

  z3::expr binary(FloatOp op, const z3::expr& a, const z3::expr& b) const;
  z3::expr negate(const z3::expr& a) const;
  z3::expr compare(FloatPred pred, const z3::expr& a, const z3::expr& b) const;
  /// fpext / fptrunc (rounded to nearest even).
  z3::expr convert(const z3::expr& a, const FloatFormat& to) const;
  /// sitofp / uitofp of an iN value of the integer encoding.
  z3::expr fromInteger(const z3::expr& value, unsigned bits, bool isSigned, const FloatFormat& to) const;
  /// fptosi / fptoui to iN (truncation toward zero); `ok` is false where C leaves it undefined.
  Defined toInteger(const z3::expr& value, unsigned bits, bool isSigned) const;
  /// The float whose interchange bit pattern is the iN value (a bit cast from an integer).
  z3::expr fromBits(const z3::expr& value, const FloatFormat& format) const;
  /// The condition that the iN value `pattern` is a bit pattern of `value` (a bit cast to an integer:
  /// every NaN pattern for a NaN, as the hardware may give any).
  z3::expr isBitPattern(const z3::expr& pattern, const z3::expr& value, const FloatFormat& format) const;

  z3::expr roundToIntegral(Rounding rounding, const z3::expr& a) const;
  z3::expr abs(const z3::expr& a) const;
  /// Correctly rounded square root (IEEE requires it, and glibc's sqrt is).
  z3::expr sqrt(const z3::expr& a) const;
  /// C's fmin/fmax (IEEE minNum/maxNum: a NaN operand yields the other; which zero of -0 and +0 is left
  /// to the solver, as C leaves it to the library).
  z3::expr min(const z3::expr& a, const z3::expr& b) const;
  z3::expr max(const z3::expr& a, const z3::expr& b) const;
  z3::expr isNaN(const z3::expr& a) const;
  z3::expr isInfinite(const z3::expr& a) const;

 private:
  z3::expr mode(Rounding rounding) const;
  z3::expr nearestEven() const { return mode(Rounding::NearestEven); }
  /// An iN value of the integer encoding as an N-bit vector, and back (signed reading in the int encoding).
  z3::expr asBits(const z3::expr& value, unsigned bits) const;
  z3::expr fromBitVector(const z3::expr& bits) const;

  const IntEncoder& ints_;
  z3::context& ctx_;
};

}  // namespace argus::frontend
