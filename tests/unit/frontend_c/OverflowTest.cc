// The no-overflow property in the C front end: each signed overflow or shift that C leaves undefined is
// an edge into the error location (reachable exactly when some input makes the operation undefined),
// what C defines (unsigned wrap-around, conversions to a narrower signed type) is not; the edge names
// the property, the expression and the line; unreach-call tasks get no such edges; and the native
// replay confirms an overflow only where UBSan reports it at the trace's line.
#include <gtest/gtest.h>

#include "PathExplorer.h"
#include "util/Logger.h"
#include "util/Stats.h"

using namespace argus;
using namespace argus::testing;

namespace {

std::unique_ptr<ir::Program> translateFor(const CSnippet& snippet, frontend::Property property, ir::Encoding encoding,
                                          bool ilp32 = false) {
  frontend::CTask task = snippet.task(ilp32, property == frontend::Property::UnreachCall ? "reach_error" : "");
  task.property = property;
  Logger log;
  Stats stats;
  frontend::CFrontendOptions options;
  options.encoding = encoding;
  auto program = frontend::translateC(task, options, log, stats);
  program->validate();
  return program;
}

std::vector<std::string> overflowLabels(const ir::Program& program) {
  std::vector<std::string> out;
  for (const ir::Edge& edge : program.edges())
    if (edge.label.find("no-overflow:") != std::string::npos) out.push_back(edge.label);
  return out;
}

/// Whether some input reaches a failed overflow check (within the bound: the snippets have no loops).
bool overflows(const std::string& body, ir::Encoding encoding, bool ilp32 = false) {
  CSnippet snippet(std::string(kPrelude) + "int main(void) {\n" + body + "\n  return 0;\n}\n");
  auto program = translateFor(snippet, frontend::Property::NoOverflow, encoding, ilp32);
  Exploration result = explore(*program, 60);
  EXPECT_TRUE(result.errorReachable || result.complete) << body;
  return result.errorReachable;
}

class Overflow : public ::testing::TestWithParam<ir::Encoding> {};

TEST_P(Overflow, DivisionOfIntMinByMinusOneAndItsRemainder) {
  ir::Encoding e = GetParam();
  const char* operands = "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n";
  EXPECT_TRUE(overflows(std::string(operands) + "  int q = x / y;", e));
  EXPECT_TRUE(overflows(std::string(operands) + "  int r = x % y;", e));
  // Division by zero is undefined too, but not an overflow: cut off as before, not a violation.
  EXPECT_FALSE(overflows(std::string(operands) + "  __VERIFIER_assume(y != -1);\n  int q = x / y;", e));
  EXPECT_FALSE(overflows(std::string(operands) + "  __VERIFIER_assume(x != -2147483647 - 1);\n  int r = x % y;", e));
}

TEST_P(Overflow, AbsOfIntMin) {
  ir::Encoding e = GetParam();
  EXPECT_TRUE(overflows("  int x = __VERIFIER_nondet_int();\n  int a = x < 0 ? -x : x;", e));
  EXPECT_FALSE(overflows("  int x = __VERIFIER_nondet_int();\n  __VERIFIER_assume(x > -2147483647 - 1);\n"
                         "  int a = x < 0 ? -x : x;", e));
}

TEST_P(Overflow, UnsignedArithmeticAndNarrowingConversionsAreNoViolation) {
  ir::Encoding e = GetParam();
  EXPECT_FALSE(overflows("  unsigned u = __VERIFIER_nondet_uint();\n  u = u * 3u + 7u;\n  u = u - 100u;\n"
                         "  unsigned v = -u;", e));
  // char and short arithmetic is done in int (no overflow); the conversion back is implementation-defined.
  EXPECT_FALSE(overflows("  char c = __VERIFIER_nondet_char();\n  c = c + 100;\n  short s = __VERIFIER_nondet_short();\n"
                         "  s++;\n  s = s * 1000;", e));
  CSnippet unsignedOnly(std::string(kPrelude) +
                        "int main(void) { unsigned u = __VERIFIER_nondet_uint(); return (int)(u * u + 1u); }\n");
  EXPECT_TRUE(overflowLabels(*translateFor(unsignedOnly, frontend::Property::NoOverflow, e)).empty());
}

TEST_P(Overflow, ShiftsByTheWidthOfNegativeValuesAndIntoTheSignBit) {
  ir::Encoding e = GetParam();
  const char* amount = "  int n = __VERIFIER_nondet_int();\n";
  EXPECT_TRUE(overflows(std::string(amount) + "  __VERIFIER_assume(n >= 0 && n <= 32);\n  unsigned v = 1u << n;", e));
  EXPECT_FALSE(overflows(std::string(amount) + "  __VERIFIER_assume(n >= 0 && n < 32);\n  unsigned v = 1u << n;", e));
  EXPECT_TRUE(overflows(std::string(amount) + "  __VERIFIER_assume(n >= -1 && n < 8);\n  int v = 256 >> n;", e));
  // 1 << 31 is not representable in int: undefined in C (not in C++20).
  EXPECT_TRUE(overflows(std::string(amount) + "  __VERIFIER_assume(n >= 0 && n < 32);\n  int v = 1 << n;", e));
  EXPECT_FALSE(overflows(std::string(amount) + "  __VERIFIER_assume(n >= 0 && n < 31);\n  int v = 1 << n;", e));
  EXPECT_TRUE(overflows("  int x = __VERIFIER_nondet_int();\n  __VERIFIER_assume(x >= -1 && x <= 1);\n  int v = x << 1;", e));
  EXPECT_FALSE(overflows("  int x = __VERIFIER_nondet_int();\n  __VERIFIER_assume(x >= 0 && x <= 1);\n  int v = x << 1;", e));
}

TEST_P(Overflow, AnUnusedProductIsStillChecked) {
  // Unused, the product is still an operation of the program (LLVM would delete an unused `mul nsw`).
  EXPECT_TRUE(overflows("  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n  x * y;", GetParam()));
}

// The int encoding only: the bit-vector solver takes minutes to refute a bounded 32-bit product.
TEST(OverflowChecks, AProductThatOverflowsOnlyForSomeInputs) {
  ir::Encoding e = ir::Encoding::Int;
  // 46340² < 2³¹ - 1 < 46341².
  const char* operands = "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n";
  EXPECT_FALSE(overflows(std::string(operands) + "  __VERIFIER_assume(x >= -46340 && x <= 46340 && y >= -46340 && y <= 46340);\n"
                                                 "  int p = x * y;", e));
  EXPECT_TRUE(overflows(std::string(operands) + "  __VERIFIER_assume(x >= -46341 && x <= 46341 && y >= -46341 && y <= 46341);\n"
                                                "  int p = x * y;", e));
  // 64-bit arithmetic, also under ILP32 (where UBSan passes the operands through memory).
  EXPECT_TRUE(overflows("  long long a = __VERIFIER_nondet_int();\n  long long b = a * 4294967296LL * 4294967296LL;", e, true));
  EXPECT_FALSE(overflows("  long long a = __VERIFIER_nondet_int();\n  long long b = a * 4294967296LL;", e, true));
}

INSTANTIATE_TEST_SUITE_P(Encodings, Overflow, ::testing::Values(ir::Encoding::Int, ir::Encoding::BitVector),
                         [](const auto& info) { return info.param == ir::Encoding::Int ? "int" : "bv"; });

TEST(OverflowChecks, TheEdgeNamesThePropertyTheExpressionAndTheLine) {
  CSnippet snippet(std::string(kPrelude) +  // the prelude is 10 lines
                   "int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
                   "  int p = x * y;\n"
                   "  int q = -x;\n"
                   "  int s = x << y;\n"
                   "  return p + q + s;\n"
                   "}\n");
  auto program = translateFor(snippet, frontend::Property::NoOverflow, ir::Encoding::Int);
  EXPECT_EQ(program->origin().property, "no-overflow");
  std::vector<std::string> labels = overflowLabels(*program);
  auto has = [&](const std::string& text) {
    return std::any_of(labels.begin(), labels.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(has("no-overflow: signed integer overflow in x * y at line 13")) << ::testing::PrintToString(labels);
  EXPECT_TRUE(has("no-overflow: signed integer overflow in -x at line 14")) << ::testing::PrintToString(labels);
  EXPECT_TRUE(has("no-overflow: shift out of bounds in (x << y) at line 15")) << ::testing::PrintToString(labels);
  EXPECT_TRUE(has("at line 16")) << ::testing::PrintToString(labels);  // p + q, then + s
  for (const ir::Edge& edge : program->edges())
    if (edge.label.find("no-overflow:") != std::string::npos) {
      EXPECT_EQ(edge.to, program->proc(edge.proc).error);
      EXPECT_TRUE(edge.loc.known());
    }
}

TEST(OverflowChecks, UnreachCallTasksGetNoChecks) {
  CSnippet snippet(std::string(kPrelude) +
                   "int main(void) { int x = __VERIFIER_nondet_int(); int y = x * x + (x << 3); "
                   "if (y == 7) reach_error(); return -x; }\n");
  auto program = translateFor(snippet, frontend::Property::UnreachCall, ir::Encoding::Int);
  EXPECT_TRUE(overflowLabels(*program).empty());
  EXPECT_EQ(program->origin().property, "unreach-call");
  // The error function is the task's: reachable (x * x + 8x == 7 for x = -7... no: x = -7 gives -7; x = 1 gives 9)
  // or not, it is the only way into the error location.
  for (const ir::Edge& edge : program->edges())
    if (edge.to == program->proc(edge.proc).error) EXPECT_NE(edge.label.find("reach_error"), std::string::npos) << edge.label;
}

// ---------------------------------------------------------------- native replay with UBSan

const char* const kOverflowAtLine4 =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int main(void) {\n"
    "  int x = __VERIFIER_nondet_int();\n"
    "  int y = x + 1;\n"
    "  return y > 0 ? 0 : 1;\n"
    "}\n";

frontend::ReplayOutcome replayOverflow(const CSnippet& snippet, const std::string& value, int line, bool ilp32) {
  frontend::ReplaySpec spec;
  spec.cFile = snippet.path();
  spec.errorFunction = "";
  spec.ilp32 = ilp32;
  spec.inputs = {{"__VERIFIER_nondet_int", value}};
  spec.timeoutSeconds = 5;
  spec.checkOverflow = true;
  spec.violationLine = line;
  return frontend::replayNatively(spec);
}

TEST(OverflowReplay, UbsanConfirmsTheOverflowAtTheTracesLineUnderBothDataModels) {
  CSnippet snippet(kOverflowAtLine4);
  for (bool ilp32 : {false, true}) {
    frontend::ReplayOutcome confirmed = replayOverflow(snippet, "2147483647", 4, ilp32);
    EXPECT_TRUE(confirmed.reachedError) << confirmed.detail;
    EXPECT_NE(confirmed.detail.find("signed integer overflow"), std::string::npos) << confirmed.detail;
    // Another line: the fault is real, but not the trace's.
    frontend::ReplayOutcome elsewhere = replayOverflow(snippet, "2147483647", 5, ilp32);
    EXPECT_FALSE(elsewhere.reachedError) << elsewhere.detail;
    EXPECT_TRUE(elsewhere.contradicted) << elsewhere.detail;
    // An input that does not overflow: the run ends without a report.
    frontend::ReplayOutcome none = replayOverflow(snippet, "5", 4, ilp32);
    EXPECT_FALSE(none.reachedError) << none.detail;
    EXPECT_TRUE(none.contradicted) << none.detail;
  }
}

}  // namespace
