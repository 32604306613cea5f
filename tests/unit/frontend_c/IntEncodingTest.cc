// The int encoding's bitwise operations with a constant operand are linear rewrites (masks by runs of
// ones, x | c = x + c - (x & c), ...): checked against C's for every pair of 6-bit values.
#include <gtest/gtest.h>
#include <z3++.h>

#include "frontend/c/IntEncoding.h"

using namespace argus;
using namespace argus::frontend;

namespace {

TEST(IntEncoding, BitwiseOperationsWithAConstantAgreeWithTheBits) {
  z3::context ctx;
  IntEncoder encoder(ctx, ir::Encoding::Int);
  const unsigned bits = 6;  // every rewrite is exercised at this width (the fallback needs more runs)
  z3::expr x = ctx.int_const("x");
  z3::expr_vector from(ctx);
  from.push_back(x);
  for (IntOp op : {IntOp::And, IntOp::Or, IntOp::Xor})
    for (int k = -32; k < 32; ++k)
      for (bool constantFirst : {false, true}) {
        z3::expr c = encoder.constant(k, bits);
        Defined result = constantFirst ? encoder.binary(op, c, x, bits, false) : encoder.binary(op, x, c, bits, false);
        for (int value = -32; value < 32; ++value) {
          z3::expr_vector to(ctx);
          to.push_back(ctx.int_val(value));
          int expected = op == IntOp::And ? (value & k) : op == IntOp::Or ? (value | k) : (value ^ k);  // in range: no wrap
          z3::expr got = result.value.substitute(from, to).simplify();
          int64_t number;
          ASSERT_TRUE(got.is_numeral_i64(number)) << got;
          ASSERT_EQ(number, expected) << "op " << static_cast<int>(op) << ", " << value << " and constant " << k
                                      << (constantFirst ? " (first)" : "") << ": " << result.value;
          ASSERT_TRUE(result.ok.substitute(from, to).simplify().is_true());
        }
      }
}

}  // namespace
