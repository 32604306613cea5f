// Semantics of the translation, checked by exploring the executions of small C programs in both
// encodings: each program's error is either reachable exactly as in C, or unreachable exactly as in C.
#include <gtest/gtest.h>

#include "PathExplorer.h"

using namespace argus;
using namespace argus::testing;

namespace {

class Semantics : public ::testing::TestWithParam<ir::Encoding> {
 protected:
  /// Whether some execution of `body` (the inside of main) reaches reach_error().
  Exploration run(const std::string& body, const std::string& extra = "", unsigned depth = 60) {
    CSnippet snippet(std::string(kPrelude) + extra + "\nint main(void) {\n" + body + "\n  return 0;\n}\n");
    auto program = snippet.translate(GetParam());
    return explore(*program, depth);
  }
  void expectSafe(const std::string& body, const std::string& extra = "") {
    Exploration e = run(body, extra);
    EXPECT_FALSE(e.errorReachable) << body;
    EXPECT_FALSE(e.unsupportedReached) << e.unsupported;
    EXPECT_TRUE(e.complete) << "the program has longer paths than the test explores";
  }
  void expectUnsafe(const std::string& body, const std::string& extra = "") {
    EXPECT_TRUE(run(body, extra).errorReachable) << body;
  }
};

TEST_P(Semantics, UnsignedDecrementWrapsAround) {
  expectSafe("unsigned x = 0; x--; if (x != 4294967295u) reach_error();");
  expectUnsafe("unsigned x = 0; x--; if (x == 4294967295u) reach_error();");
}

TEST_P(Semantics, UnsignedComparisonReadsTheUnsignedValue) {
  expectSafe("unsigned x = __VERIFIER_nondet_uint(); if (x < 0u) reach_error();");
  expectUnsafe("unsigned x = __VERIFIER_nondet_uint(); if (x > 2147483648u) reach_error();");
}

TEST_P(Semantics, SignedDivisionTruncatesTowardZero) {
  expectSafe("int a = -7, b = 2; if (a / b != -3) reach_error(); if (a % b != -1) reach_error();");
  expectSafe("int a = 7, b = -2; if (a / b != -3) reach_error(); if (a % b != 1) reach_error();");
  expectSafe("int a = -7, b = -2; if (a / b != 3) reach_error(); if (a % b != -1) reach_error();");
  expectSafe("int a = __VERIFIER_nondet_int(); if (a % 2 == 1 && a < 0) reach_error();");
  expectUnsafe("int a = __VERIFIER_nondet_int(); if (a % 2 == -1) reach_error();");
}

TEST_P(Semantics, UnsignedDivisionAndRemainder) {
  expectSafe("unsigned a = 4294967295u; if (a / 2u != 2147483647u || a % 10u != 5u) reach_error();");
}

TEST_P(Semantics, DivisionByZeroIsCutOff) {
  // Undefined behaviour: no execution continues past it.
  expectSafe("int a = __VERIFIER_nondet_int(); int b = 10 / a; if (a == 0 && b >= 0) reach_error();");
}

TEST_P(Semantics, CastsTruncateAndExtendLikeC) {
  expectSafe("int x = 300; unsigned char c = (unsigned char)x; if (c != 44) reach_error();");
  expectSafe("int x = 200; signed char c = (signed char)x; if (c != -56) reach_error();");
  expectSafe("signed char c = -1; unsigned u = (unsigned)c; if (u != 4294967295u) reach_error();");
  expectSafe("unsigned char c = 255; int i = c; if (i != 255) reach_error();");
  expectSafe("long long big = 4294967296LL + 5; int low = (int)big; if (low != 5) reach_error();");
}

TEST_P(Semantics, BitwiseOperationsAreExact) {
  expectSafe("int x = -6; if ((x & 7) != 2 || (x | 1) != -5 || (x ^ -1) != 5) reach_error();");
  expectSafe("int x = -16; if ((x >> 2) != -4) reach_error(); unsigned u = 0x80000000u; if ((u >> 31) != 1u) reach_error();");
  expectSafe("unsigned u = 3; if ((u << 31) != 2147483648u) reach_error();");
  expectSafe("int x = __VERIFIER_nondet_int(); int s = __VERIFIER_nondet_int(); __VERIFIER_assume(s >= 0 && s < 4);\n"
             "__VERIFIER_assume(x > 0 && x < 1000); if ((x << s) >> s != x) reach_error();");
  // Single-bit masks (linear in the int encoding), on negative and unsigned values too.
  expectSafe("int x = -6; if ((x & 8) != 8 || (x & 2) != 2 || (x & 4) != 0 || (x & 1073741824) != 1073741824) reach_error();");
  expectSafe("unsigned long u = 256UL + 4UL; if ((u & 256UL) != 256UL || (u & 512UL) != 0 || (u & 4UL) != 4UL) reach_error();");
  expectUnsafe("int x = __VERIFIER_nondet_int(); if ((x & 16) && x < 0 && x > -20) reach_error();");
  expectSafe("int x = -4097; if ((x & 65280) != 61184 || (x & 0x0f0f) != 3855 || (x & 12288) != 8192) reach_error();");
  expectSafe("int x = __VERIFIER_nondet_int(); int y = x & 0x3f00; if (y < 0 || y > 0x3f00 || (y & 255) != 0) reach_error();");
}

TEST_P(Semantics, SignedOverflowIsCutOff) {
  expectSafe("int x = __VERIFIER_nondet_int(); int y = x + 1; if (y < x) reach_error();");
}

TEST_P(Semantics, NondetValuesStayInTheirTypesRange) {
  expectSafe("char c = __VERIFIER_nondet_char(); if (c < -128 || c > 127) reach_error();");
  expectUnsafe("char c = __VERIFIER_nondet_char(); if (c == -128) reach_error();");
  expectSafe("unsigned char c = __VERIFIER_nondet_uchar(); if (c > 255) reach_error();");
  expectUnsafe("unsigned char c = __VERIFIER_nondet_uchar(); if (c == 255) reach_error();");
  expectSafe("short s = __VERIFIER_nondet_short(); if (s > 32767 || s < -32768) reach_error();");
  expectSafe("_Bool b = __VERIFIER_nondet_bool(); int i = b; if (i != 0 && i != 1) reach_error();");
  expectUnsafe("_Bool b = __VERIFIER_nondet_bool(); if (b) reach_error();");
}

TEST_P(Semantics, AssumeRestrictsExecutions) {
  expectSafe("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 10); if (x <= 10) reach_error();");
  expectUnsafe("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 10); if (x == 11) reach_error();");
}

TEST_P(Semantics, ArraysReadWhatWasWritten) {
  expectSafe("int a[5]; for (int i = 0; i < 5; i++) a[i] = i * i; if (a[3] != 9 || a[4] != 16) reach_error();");
  expectSafe("int a[4] = {0}; int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4);\n"
             "a[i] = 7; if (a[i] != 7) reach_error(); if (i != 2 && a[2] != 0) reach_error();");
  expectUnsafe("int a[4] = {1, 2, 3, 4}; int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4);\n"
               "if (a[i] == 3) reach_error();");
}

TEST_P(Semantics, UninitialisedCellsHoldValuesOfTheirType) {
  expectSafe("int a[3]; int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 3);\n"
             "long long v = a[i]; if (v > 2147483647LL || v < -2147483648LL) reach_error();");
}

TEST_P(Semantics, StructsAndNestedArraysAreCells) {
  std::string globals = "struct point { int x; int y; } p = {1, 2};\nint grid[2][3];\n";
  expectSafe("p.y += p.x; if (p.y != 3 || p.x != 1) reach_error();", globals);
  expectSafe("for (int r = 0; r < 2; r++) for (int c = 0; c < 3; c++) grid[r][c] = r * 10 + c;\n"
             "if (grid[1][2] != 12 || grid[0][1] != 1) reach_error();", globals);
  expectUnsafe("int r = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();\n"
               "__VERIFIER_assume(r >= 0 && r < 2 && c >= 0 && c < 3); grid[r][c] = 5; if (grid[1][0] == 5) reach_error();",
               globals);
}

TEST_P(Semantics, CharacterArraysFromStrings) {
  expectSafe("char s[] = \"abc\"; if (s[1] != 'b' || s[3] != 0) reach_error();");
  // Reading the terminator alone: SROA keeps "abc" only, copied as a prefix of the constant.
  expectSafe("char s[] = \"abc\"; if (s[3] != 0) reach_error();");
  expectUnsafe("char s[] = \"abc\"; int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 3);\n"
               "if (s[i] == 'c' && s[3] == 0) reach_error();");
}

TEST_P(Semantics, OutOfBoundsAccessesAreCutOff) {
  // Undefined behaviour, like signed overflow: no execution continues past it.
  expectSafe("int a[2] = {0}; int i = __VERIFIER_nondet_int(); a[i] = 1; if (i < 0 || i > 1) reach_error();");
}

TEST_P(Semantics, GlobalsAreInitialisedAndSharedWithCalls) {
  std::string globals =
      "int counter; int table[3] = {5, 6, 7};\n"
      "void bump(int by) { counter += by; table[1] = counter; }\n";
  expectSafe("bump(2); bump(3); if (counter != 5 || table[1] != 5 || table[2] != 7) reach_error();", globals);
  expectUnsafe("bump(2); if (table[0] == 5) reach_error();", globals);
}

TEST_P(Semantics, RecursionComputesLikeC) {
  std::string fact = "int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }\n";
  expectSafe("if (fact(4) != 24) reach_error();", fact);
  expectUnsafe("if (fact(3) == 6) reach_error();", fact);
}

TEST_P(Semantics, AbortStopsTheExecution) {
  expectSafe("int x = __VERIFIER_nondet_int(); if (x > 0) abort(); if (x > 0) reach_error();");
}

TEST_P(Semantics, SwitchIsLowered) {
  expectSafe(
      "int x = __VERIFIER_nondet_int(); int y;\n"
      "switch (x) { case 1: y = 10; break; case 2: y = 20; break; default: y = 0; }\n"
      "if (x == 2 && y != 20) reach_error(); if (x != 1 && x != 2 && y != 0) reach_error();");
}

// Int encoding only: the ite-based truncating division is ours, while bit-vector division is Z3's own
// (and too slow to explore symbolically at 32 bits).
TEST(IntEncodingSemantics, DivisionWithNondetOperandsMatchesC) {
  CSnippet snippet(std::string(kPrelude) +
                   "int main(void) {\n"
                   "  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"
                   "  __VERIFIER_assume(a > -100 && a < 100 && b > -10 && b < 10 && b != 0);\n"
                   "  if (a / b * b + a % b != a) reach_error();\n"
                   "  if (a >= 0 && a % b < 0) reach_error();\n"
                   "  if (a <= 0 && a % b > 0) reach_error();\n"
                   "  if ((a < 0) != (b < 0) && a / b > 0) reach_error();\n"
                   "  return 0;\n}\n");
  Exploration e = explore(*snippet.translate(ir::Encoding::Int), 60);
  EXPECT_FALSE(e.errorReachable);
  EXPECT_TRUE(e.complete);
}

INSTANTIATE_TEST_SUITE_P(BothEncodings, Semantics, ::testing::Values(ir::Encoding::Int, ir::Encoding::BitVector),
                         [](const auto& info) { return info.param == ir::Encoding::Int ? "Int" : "BitVector"; });

}  // namespace
