// Machine-integer operations in the `int` and `bv` encodings. In the int encoding, values are kept in
// the signed range of their width on every path, so each operation maps its result back into it:
// wrap-around where C defines it, a definedness condition where C leaves it undefined.
#include "frontend/c/IntEncoding.h"

#include <optional>
#include <vector>

#include <llvm/ADT/APInt.h>
#include <llvm/ADT/SmallString.h>

#include "util/Error.h"

namespace argus::frontend {

namespace {

bool isLogical(IntOp op) {
  return op == IntOp::And || op == IntOp::Or || op == IntOp::Xor || op == IntOp::Add || op == IntOp::Sub ||
         op == IntOp::Mul;
}

/// The numeral value of `e` if it is a small Int or BV numeral.
bool smallNumeral(const z3::expr& e, int64_t& out) {
  if (!e.is_numeral()) return false;
  return e.is_numeral_i64(out);
}

/// The condition that the divisor `b` is neither zero nor (for signed division of minValue) minus one,
/// folded when `b` is a numeral so that edges do not carry trivially true conjuncts.
z3::expr divisorOk(const z3::expr& a, const z3::expr& b, const z3::expr& zero, const z3::expr& minusOne,
                   const z3::expr& minValue, bool isSigned) {
  z3::context& ctx = b.ctx();
  if (!b.is_numeral()) {
    z3::expr ok = b != zero;
    return isSigned ? ok && !(a == minValue && b == minusOne) : ok;
  }
  if (z3::eq(b, zero)) return ctx.bool_val(false);
  if (isSigned && z3::eq(b, minusOne)) return !(a == minValue);
  return ctx.bool_val(true);
}

std::string decimal(const llvm::APInt& v, bool isSigned) {
  llvm::SmallString<48> text;
  v.toString(text, 10, isSigned);
  return std::string(text.str());
}

}  // namespace

z3::sort IntEncoder::sortOf(unsigned bits) const {
  if (bits == 1) return ctx_.bool_sort();
  return isInt() ? ctx_.int_sort() : ctx_.bv_sort(bits);
}

z3::expr IntEncoder::constant(const llvm::APInt& v) const {
  unsigned bits = v.getBitWidth();
  if (bits == 1) return ctx_.bool_val(v.getBoolValue());
  if (isInt()) return ctx_.int_val(decimal(v, true).c_str());
  return ctx_.bv_val(decimal(v, false).c_str(), bits);
}

z3::expr IntEncoder::powerOfTwo(unsigned k) const {
  return ctx_.int_val(decimal(llvm::APInt::getOneBitSet(k + 2, k), false).c_str());
}

z3::expr IntEncoder::minSigned(unsigned bits) const {
  return ctx_.int_val(decimal(llvm::APInt::getSignedMinValue(bits), true).c_str());
}

z3::expr IntEncoder::maxSigned(unsigned bits) const {
  return ctx_.int_val(decimal(llvm::APInt::getSignedMaxValue(bits), true).c_str());
}

z3::expr IntEncoder::inRange(const z3::expr& v, unsigned bits) const {
  if (!isInt() || bits == 1) return ctx_.bool_val(true);
  return minSigned(bits) <= v && v <= maxSigned(bits);
}

z3::expr IntEncoder::unsignedReading(const z3::expr& x, unsigned bits) const {
  int64_t k;
  if (smallNumeral(x, k) && k >= 0) return x;
  return z3::ite(x < 0, x + powerOfTwo(bits), x);
}

z3::expr IntEncoder::signedFromUnsigned(const z3::expr& u, unsigned bits) const {
  return z3::ite(u >= powerOfTwo(bits - 1), u - powerOfTwo(bits), u);
}

z3::expr IntEncoder::wrap(const z3::expr& t, unsigned bits) const {
  return signedFromUnsigned(z3::mod(t, powerOfTwo(bits)), bits);
}

z3::expr IntEncoder::fromBool(const z3::expr& b, unsigned bits) const {
  return z3::ite(b, constant(1, bits), constant(0, bits));
}

z3::expr IntEncoder::toBool(const z3::expr& v, unsigned bits) const { return v != constant(0, bits); }

// ---------------------------------------------------------------- arithmetic

Defined IntEncoder::binary(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits, bool nsw) const {
  if (bits == 1) {
    if (op == IntOp::And || op == IntOp::Mul) return {a && b, ctx_.bool_val(true)};
    if (op == IntOp::Or) return {a || b, ctx_.bool_val(true)};
    if (isLogical(op)) return {a != b, ctx_.bool_val(true)};  // xor, add, sub modulo 2
    // Division and shifts of single bits: exact through 1-bit vectors.
    auto bv = [&](const z3::expr& x) { return z3::ite(x, ctx_.bv_val(1, 1), ctx_.bv_val(0, 1)); };
    Defined r = bvBinary(op, bv(a), bv(b), 1, nsw);
    return {r.value == ctx_.bv_val(1, 1), r.ok};
  }
  return isInt() ? intBinary(op, a, b, bits, nsw) : bvBinary(op, a, b, bits, nsw);
}

Defined IntEncoder::intBinary(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits, bool nsw) const {
  z3::expr yes = ctx_.bool_val(true);
  switch (op) {
    case IntOp::Add:
    case IntOp::Sub:
    case IntOp::Mul: {
      z3::expr r = op == IntOp::Add ? a + b : op == IntOp::Sub ? a - b : a * b;
      // nsw: signed overflow is undefined, so the plain result must already be in range.
      if (nsw) return {r, inRange(r, bits)};
      return {wrap(r, bits), yes};
    }
    case IntOp::SDiv:
    case IntOp::SRem:
    case IntOp::UDiv:
    case IntOp::URem: return intDivision(op, a, b, bits);
    case IntOp::Shl:
    case IntOp::LShr:
    case IntOp::AShr: return intShift(op, a, b, bits);
    case IntOp::And:
    case IntOp::Or:
    case IntOp::Xor: return {intBitwise(op, a, b, bits), yes};
  }
  UNREACHABLE("unknown integer operation");
}

Defined IntEncoder::intDivision(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits) const {
  bool isSigned = op == IntOp::SDiv || op == IntOp::SRem;
  z3::expr ok = divisorOk(a, b, ctx_.int_val(0), ctx_.int_val(-1), minSigned(bits), isSigned);
  if (!isSigned) {
    z3::expr ua = unsignedReading(a, bits), ub = unsignedReading(b, bits);
    z3::expr r = op == IntOp::UDiv ? ua / ub : z3::mod(ua, ub);
    return {signedFromUnsigned(r, bits), ok};
  }
  // C truncates toward zero while SMT-LIB div/mod are Euclidean: divide the magnitudes, then fix the
  // sign (quotient: negative iff the signs differ; remainder: the sign of the dividend).
  int64_t k;
  bool positiveDivisor = smallNumeral(b, k) && k > 0;
  z3::expr absA = z3::ite(a >= 0, a, -a);
  z3::expr absB = positiveDivisor ? b : z3::ite(b >= 0, b, -b);
  if (op == IntOp::SDiv) {
    z3::expr q = absA / absB;
    z3::expr sameSign = positiveDivisor ? a >= 0 : (a >= 0) == (b >= 0);
    return {z3::ite(sameSign, q, -q), ok};
  }
  z3::expr r = z3::mod(absA, absB);
  return {z3::ite(a >= 0, r, -r), ok};
}

Defined IntEncoder::intShift(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits) const {
  z3::expr yes = ctx_.bool_val(true);
  auto byConstant = [&](unsigned k) -> z3::expr {
    if (k == 0) return a;
    if (op == IntOp::Shl) return wrap(a * powerOfTwo(k), bits);
    // Euclidean division by a positive constant is floor division: exactly an arithmetic shift.
    if (op == IntOp::AShr) return a / powerOfTwo(k);
    return unsignedReading(a, bits) / powerOfTwo(k);  // < 2^(N-1) for k >= 1: already in range
  };
  int64_t k;
  if (smallNumeral(b, k)) {
    if (k < 0 || k >= static_cast<int64_t>(bits)) return {a, ctx_.bool_val(false)};  // poison: undefined
    return {byConstant(static_cast<unsigned>(k)), yes};
  }
  // A variable amount: a case split over the possible amounts keeps the term linear, which solvers
  // handle far better than int2bv/bv2int. Amounts outside [0, N) are undefined.
  z3::expr result = byConstant(bits - 1);
  for (unsigned s = bits - 1; s-- > 0;) result = z3::ite(b == static_cast<int>(s), byConstant(s), result);
  return {result, b >= 0 && b < static_cast<int>(bits)};
}

z3::expr IntEncoder::intBitwise(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits) const {
  // x & m for a mask 0 < m < 2^(N-1) made of a few runs of ones [lo, hi): each run keeps
  // (x mod 2^hi) - (x mod 2^lo) of the unsigned reading (linear, unlike the bit-vector round trip);
  // x & (2^j - 1) is the unsigned reading modulo 2^j.
  auto andMask = [&](const z3::expr& x, uint64_t mask) -> std::optional<z3::expr> {
    if (mask == 0 || 64 - __builtin_clzll(mask) >= static_cast<int>(bits)) return std::nullopt;
    std::vector<std::pair<unsigned, unsigned>> runs;
    for (unsigned j = 0; j < 64; ++j) {
      if (!(mask & (static_cast<uint64_t>(1) << j))) continue;
      if (!runs.empty() && runs.back().second == j) runs.back().second = j + 1;
      else runs.emplace_back(j, j + 1);
    }
    if (runs.size() > 4) return std::nullopt;
    z3::expr ux = unsignedReading(x, bits);
    auto low = [&](unsigned n) { return n == 0 ? ctx_.int_val(0) : z3::mod(ux, powerOfTwo(n)); };
    z3::expr sum = low(runs[0].second) - low(runs[0].first);
    for (size_t i = 1; i < runs.size(); ++i) sum = sum + (low(runs[i].second) - low(runs[i].first));
    return sum;
  };
  int64_t k;
  for (int side = 0; side < 2; ++side) {
    const z3::expr& c = side == 0 ? b : a;
    const z3::expr& x = side == 0 ? a : b;
    if (!smallNumeral(c, k)) continue;
    if (k == 0) return op == IntOp::And ? c : x;
    if (k == -1) return op == IntOp::And ? x : op == IntOp::Or ? c : -x - 1;  // ~x == -x - 1
    // With m = k (k > 0) or m = ~k (k < 0), below the sign bit, everything follows from x & m, since
    // neither operand's sign bit is touched: x | m = x + m - (x & m) and x ^ m = x + m - 2 (x & m) add
    // the bits of m that x lacks (and remove those it has), x & ~m = x - (x & m), x | ~m = ~(~x & m) and
    // x ^ ~m = ~(x ^ m), with ~y = -y - 1. (CIL writes `(int)c->Control | 128` for bit flags.)
    uint64_t mask = k > 0 ? static_cast<uint64_t>(k) : ~static_cast<uint64_t>(k);
    if (k > 0) {
      auto both = andMask(x, mask);
      if (!both) continue;
      if (op == IntOp::And) return *both;
      if (op == IntOp::Or) return x + c - *both;
      return x + c - 2 * *both;
    }
    z3::expr m = ctx_.int_val(static_cast<int64_t>(mask));
    if (op == IntOp::Or) {
      auto both = andMask(-x - 1, mask);
      if (both) return -*both - 1;
      continue;
    }
    auto both = andMask(x, mask);
    if (!both) continue;
    if (op == IntOp::And) return x - *both;
    return -(x + m - 2 * *both) - 1;
  }
  z3::expr x = z3::int2bv(bits, a), y = z3::int2bv(bits, b);
  z3::expr r = op == IntOp::And ? (x & y) : op == IntOp::Or ? (x | y) : (x ^ y);
  return z3::bv2int(r, true);
}

Defined IntEncoder::bvBinary(IntOp op, const z3::expr& a, const z3::expr& b, unsigned bits, bool nsw) const {
  z3::expr yes = ctx_.bool_val(true);
  z3::expr zero = ctx_.bv_val(0, bits);
  z3::expr minusOne = ctx_.bv_val(-1, bits);
  z3::expr minValue = ctx_.bv_val(decimal(llvm::APInt::getSignedMinValue(bits), false).c_str(), bits);
  switch (op) {
    // nsw overflow yields poison in LLVM and is undefined in C: cut off as in the int encoding, so that
    // both encodings decide the same executions.
    case IntOp::Add: return {a + b, nsw ? z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b) : yes};
    case IntOp::Sub: return {a - b, nsw ? z3::bvsub_no_overflow(a, b) && z3::bvsub_no_underflow(a, b, true) : yes};
    // Not bvsmul_noovfl: Z3 4.8 (Debian 12) reads two negative operands as unsigned and calls
    // (-6) * (-2) an overflow (Z3 issue 4726), which cut off defined executions (a wrong TRUE, found by
    // differential testing). The product in double width is exact; it fits iff its low half sign-extends
    // back to it.
    case IntOp::Mul: {
      if (!nsw) return {a * b, yes};
      z3::expr wide = z3::sext(a, bits) * z3::sext(b, bits);
      return {a * b, wide == z3::sext(wide.extract(bits - 1, 0), bits)};
    }
    case IntOp::UDiv: return {z3::udiv(a, b), divisorOk(a, b, zero, minusOne, minValue, false)};
    case IntOp::URem: return {z3::urem(a, b), divisorOk(a, b, zero, minusOne, minValue, false)};
    case IntOp::SDiv: return {a / b, divisorOk(a, b, zero, minusOne, minValue, true)};  // bvsdiv truncates
    case IntOp::SRem: return {z3::srem(a, b), divisorOk(a, b, zero, minusOne, minValue, true)};
    case IntOp::Shl: return {z3::shl(a, b), z3::ult(b, ctx_.bv_val(bits, bits))};
    case IntOp::LShr: return {z3::lshr(a, b), z3::ult(b, ctx_.bv_val(bits, bits))};
    case IntOp::AShr: return {z3::ashr(a, b), z3::ult(b, ctx_.bv_val(bits, bits))};
    case IntOp::And: return {a & b, yes};
    case IntOp::Or: return {a | b, yes};
    case IntOp::Xor: return {a ^ b, yes};
  }
  UNREACHABLE("unknown integer operation");
}

// ---------------------------------------------------------------- comparisons and casts

z3::expr IntEncoder::compare(IntPred pred, const z3::expr& a, const z3::expr& b, unsigned bits) const {
  if (bits == 1) {
    if (pred == IntPred::Eq) return a == b;
    if (pred == IntPred::Ne) return a != b;
    auto bv = [&](const z3::expr& x) { return z3::ite(x, ctx_.bv_val(1, 1), ctx_.bv_val(0, 1)); };
    return IntEncoder(ctx_, ir::Encoding::BitVector).compare(pred, bv(a), bv(b), 1);
  }
  bool isUnsigned = pred == IntPred::Ult || pred == IntPred::Ule || pred == IntPred::Ugt || pred == IntPred::Uge;
  if (isInt()) {
    z3::expr x = isUnsigned ? unsignedReading(a, bits) : a;
    z3::expr y = isUnsigned ? unsignedReading(b, bits) : b;
    switch (pred) {
      case IntPred::Eq: return x == y;
      case IntPred::Ne: return x != y;
      case IntPred::Slt: case IntPred::Ult: return x < y;
      case IntPred::Sle: case IntPred::Ule: return x <= y;
      case IntPred::Sgt: case IntPred::Ugt: return x > y;
      case IntPred::Sge: case IntPred::Uge: return x >= y;
    }
  }
  switch (pred) {
    case IntPred::Eq: return a == b;
    case IntPred::Ne: return a != b;
    case IntPred::Slt: return z3::slt(a, b);
    case IntPred::Sle: return z3::sle(a, b);
    case IntPred::Sgt: return z3::sgt(a, b);
    case IntPred::Sge: return z3::sge(a, b);
    case IntPred::Ult: return z3::ult(a, b);
    case IntPred::Ule: return z3::ule(a, b);
    case IntPred::Ugt: return z3::ugt(a, b);
    case IntPred::Uge: return z3::uge(a, b);
  }
  UNREACHABLE("unknown predicate");
}

z3::expr IntEncoder::trunc(const z3::expr& a, unsigned fromBits, unsigned toBits) const {
  INVARIANT(toBits < fromBits, "trunc must narrow");
  if (toBits == 1) return isInt() ? z3::mod(a, 2) == 1 : a.extract(0, 0) == ctx_.bv_val(1, 1);
  return isInt() ? wrap(a, toBits) : a.extract(toBits - 1, 0);
}

z3::expr IntEncoder::zext(const z3::expr& a, unsigned fromBits, unsigned toBits) const {
  INVARIANT(toBits > fromBits, "zext must widen");
  if (fromBits == 1) return fromBool(a, toBits);
  return isInt() ? unsignedReading(a, fromBits) : z3::zext(a, toBits - fromBits);
}

z3::expr IntEncoder::sext(const z3::expr& a, unsigned fromBits, unsigned toBits) const {
  INVARIANT(toBits > fromBits, "sext must widen");
  if (fromBits == 1) return z3::ite(a, constant(-1, toBits), constant(0, toBits));
  return isInt() ? a : z3::sext(a, toBits - fromBits);
}

}  // namespace argus::frontend
