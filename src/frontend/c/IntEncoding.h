// The two encodings of machine integers (docs/ARCHITECTURE.md): `bv` maps iN to bit-vectors with LLVM's
// semantics, `int` maps iN to the mathematical integer holding its signed reading. Every operation
// returns its value and the condition under which it is defined; executions violating that condition
// (signed overflow of nsw operations, division by zero, over-wide shifts) are undefined in C and are
// cut off by the caller, which conjoins the condition to the edge.
#pragma once

#include <llvm/ADT/APInt.h>
#include <z3++.h>

#include <string>

#include "ir/Program.h"

namespace argus::frontend {

enum class IntOp { Add, Sub, Mul, SDiv, UDiv, SRem, URem, Shl, LShr, AShr, And, Or, Xor };
enum class IntPred { Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge };

/// A value with the condition under which computing it is defined behaviour.
struct Defined {
  z3::expr value;
  z3::expr ok;
};

class IntEncoder {
 public:
  IntEncoder(z3::context& ctx, ir::Encoding encoding) : ctx_(ctx), encoding_(encoding) {}

  ir::Encoding encoding() const { return encoding_; }
  bool isInt() const { return encoding_ == ir::Encoding::Int; }
  z3::context& ctx() const { return ctx_; }

  /// The sort of an iN value: Bool for N == 1, else Int or (_ BitVec N).
  z3::sort sortOf(unsigned bits) const;
  /// The sort of array indices (Int, or a bit-vector of pointer width).
  z3::sort indexSort(unsigned pointerBits) const { return isInt() ? ctx_.int_sort() : ctx_.bv_sort(pointerBits); }
  /// An iN constant: its signed reading (int) or its bits (bv); Bool for N == 1.
  z3::expr constant(const llvm::APInt& value) const;
  z3::expr constant(int64_t value, unsigned bits) const {
    return constant(llvm::APInt(bits, static_cast<uint64_t>(value), /*isSigned=*/true));
  }
  /// Int encoding: the constraint that v holds a valid iN value; bv: true.
  z3::expr inRange(const z3::expr& v, unsigned bits) const;

  Defined binary(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits, bool nsw) const;
  z3::expr compare(IntPred pred, const z3::expr& a, const z3::expr& b, unsigned bits) const;
  z3::expr trunc(const z3::expr& a, unsigned fromBits, unsigned toBits) const;
  z3::expr zext(const z3::expr& a, unsigned fromBits, unsigned toBits) const;
  z3::expr sext(const z3::expr& a, unsigned fromBits, unsigned toBits) const;
  /// Bool ↔ iN (0/1).
  z3::expr fromBool(const z3::expr& b, unsigned bits) const;
  z3::expr toBool(const z3::expr& v, unsigned bits) const;

  /// Int encoding: the unsigned reading of a signed-reading value (x < 0 ? x + 2^N : x), and back.
  z3::expr unsignedReading(const z3::expr& x, unsigned bits) const;
  z3::expr signedFromUnsigned(const z3::expr& u, unsigned bits) const;
  /// Int encoding: any integer wrapped into the signed range of iN (exact two's-complement wrap).
  z3::expr wrap(const z3::expr& t, unsigned bits) const;
  /// 2^k as an Int numeral.
  z3::expr powerOfTwo(unsigned k) const;

 private:
  Defined intBinary(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits, bool nsw) const;
  Defined bvBinary(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits, bool nsw) const;
  Defined intDivision(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits) const;
  Defined intShift(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits) const;
  z3::expr intBitwise(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits) const;
  z3::expr minSigned(unsigned bits) const;
  z3::expr maxSigned(unsigned bits) const;

  z3::context& ctx_;
  ir::Encoding encoding_;
};

}  // namespace argus::frontend
