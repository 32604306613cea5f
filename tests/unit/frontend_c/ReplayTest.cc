// Native replay: a program whose error needs a specific nondet value replays with it and not with
// another, under both data models; exhausted inputs, a wrong input function, a failed assumption and
// a non-terminating run are each reported as such; an error that needs an uninitialised local or
// malloc'd cell to be non-zero replays with the pattern fill. Witnesses found by the path explorer replay.
#include <gtest/gtest.h>

#include <filesystem>

#include "PathExplorer.h"
#include "frontend/c/Replay.h"
#include "testing/TestFolder.h"

using namespace argus;
using namespace argus::testing;
using frontend::ReplayInput;
using frontend::ReplaySpec;

namespace {

const char* const kNeeds42 = R"(
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  if (x == 42 && c == 200) reach_error();
  return 0;
}
)";

// Defines reach_error as SV-COMP tasks do; its body must never run in a replay.
const char* const kDefinedError = "void reach_error(void) { }\n";

ReplaySpec spec(const CSnippet& snippet, std::vector<ReplayInput> inputs, bool ilp32) {
  ReplaySpec s;
  s.cFile = snippet.path();
  s.ilp32 = ilp32;
  s.inputs = std::move(inputs);
  s.timeoutSeconds = 5;
  return s;
}

class Replay : public ::testing::TestWithParam<bool> {};

TEST_P(Replay, ReachesTheErrorWithTheRightInputsOnly) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError + kNeeds42);
  auto good = frontend::replayNatively(
      spec(snippet, {{"__VERIFIER_nondet_int", "42"}, {"__VERIFIER_nondet_uchar", "200"}}, GetParam()));
  EXPECT_TRUE(good.reachedError) << good.detail;
  EXPECT_NE(good.detail.find("reach_error reached after 2 of 2 inputs"), std::string::npos) << good.detail;

  auto bad = frontend::replayNatively(
      spec(snippet, {{"__VERIFIER_nondet_int", "41"}, {"__VERIFIER_nondet_uchar", "200"}}, GetParam()));
  EXPECT_FALSE(bad.reachedError);
  EXPECT_NE(bad.detail.find("exited with 0 without reaching the error function (2 of 2 inputs used)"), std::string::npos)
      << bad.detail;
}

TEST_P(Replay, ValuesAreConvertedToTheFunctionsType) {
  // 456 as an unsigned char is 200; -1 as an unsigned int is 4294967295.
  CSnippet snippet(std::string(kPrelude) + kDefinedError +
                   "int main(void) { unsigned u = __VERIFIER_nondet_uint(); unsigned char c = __VERIFIER_nondet_uchar();\n"
                   "  if (u == 4294967295u && c == 200) reach_error(); return 0; }\n");
  auto outcome = frontend::replayNatively(spec(snippet, {{"", "-1"}, {"", "456"}}, GetParam()));
  EXPECT_TRUE(outcome.reachedError) << outcome.detail;
}

TEST_P(Replay, UninitialisedLocalsGetAPatternWhenThePlainRunMissesTheError) {
  // The error needs an uninitialised field to be non-zero (its value is indeterminate in C). The
  // program zeroes the stack below it first, so the plain run misses the error; the second run fills
  // the field with clang's pattern bytes. A value no pattern gives (12345) is still contradicted.
  const char* body = R"(
struct pair { int a, b; };
void zeroStack(void) { volatile char junk[512]; for (int i = 0; i < 512; ++i) junk[i] = 0; }
int check(int wanted) { struct pair p; struct pair *q = &p; q->a = 0; return q->b == wanted; }
int main(void) {
  int which = __VERIFIER_nondet_int();
  zeroStack();
  if (which == 1 && !check(0)) reach_error();
  if (which == 2 && check(12345)) reach_error();
  return 0;
}
)";
  CSnippet snippet(std::string(kPrelude) + kDefinedError + body);
  auto nonZero = frontend::replayNatively(spec(snippet, {{"__VERIFIER_nondet_int", "1"}}, GetParam()));
  EXPECT_TRUE(nonZero.reachedError) << nonZero.detail;
  EXPECT_NE(nonZero.detail.find("pattern"), std::string::npos) << nonZero.detail;
  auto impossible = frontend::replayNatively(spec(snippet, {{"__VERIFIER_nondet_int", "2"}}, GetParam()));
  EXPECT_FALSE(impossible.reachedError) << impossible.detail;
  EXPECT_TRUE(impossible.contradicted);
  EXPECT_EQ(impossible.detail.find("pattern"), std::string::npos) << impossible.detail;
}

TEST_P(Replay, UninitialisedMallocBytesGetAPatternWhenThePlainRunMissesTheError) {
  // The ssh tasks' shape: a field of a malloc'd struct that the program never writes must be non-null
  // for the bug. A spec without heap contents (a witness's) gets zeroed blocks first, then blocks full
  // of the pattern byte, with which the error is reached.
  const char* body = R"(
#include <stdlib.h>
struct ssl { void *cert; int state; };
int main(void) {
  struct ssl *s = malloc(sizeof(struct ssl));
  int x = __VERIFIER_nondet_int();
  if (s->cert == 0) return -1;
  if (x == 7) reach_error();
  return 0;
}
)";
  CSnippet snippet(std::string(kPrelude) + kDefinedError + body);
  auto outcome = frontend::replayNatively(spec(snippet, {{"__VERIFIER_nondet_int", "7"}}, GetParam()));
  EXPECT_TRUE(outcome.reachedError) << outcome.detail;
  EXPECT_NE(outcome.detail.find("malloc'd bytes"), std::string::npos) << outcome.detail;
  auto wrongInput = frontend::replayNatively(spec(snippet, {{"__VERIFIER_nondet_int", "8"}}, GetParam()));
  EXPECT_FALSE(wrongInput.reachedError) << wrongInput.detail;
}

TEST_P(Replay, ReportsExhaustedInputs) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError + kNeeds42);
  auto outcome = frontend::replayNatively(spec(snippet, {{"__VERIFIER_nondet_int", "42"}}, GetParam()));
  EXPECT_FALSE(outcome.reachedError);
  EXPECT_NE(outcome.detail.find("inputs exhausted: the program called __VERIFIER_nondet_uchar"), std::string::npos)
      << outcome.detail;
}

TEST_P(Replay, ReportsAnInputOfTheWrongFunction) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError + kNeeds42);
  auto outcome = frontend::replayNatively(
      spec(snippet, {{"__VERIFIER_nondet_int", "42"}, {"__VERIFIER_nondet_char", "1"}}, GetParam()));
  EXPECT_FALSE(outcome.reachedError);
  EXPECT_NE(outcome.detail.find("input mismatch: the program called __VERIFIER_nondet_uchar"), std::string::npos)
      << outcome.detail;
}

TEST_P(Replay, ReportsAFailedAssumption) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError +
                   "int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); reach_error(); return 0; }\n");
  auto outcome = frontend::replayNatively(spec(snippet, {{"__VERIFIER_nondet_int", "-3"}}, GetParam()));
  EXPECT_FALSE(outcome.reachedError);
  EXPECT_NE(outcome.detail.find("__VERIFIER_assume failed after 1 of 1 inputs"), std::string::npos) << outcome.detail;
}

TEST_P(Replay, AProgramCannotForgeTheErrorMarker) {
  // It prints what the harness prints when the error function is reached, and exits with the same code.
  CSnippet forges(std::string(kPrelude) + kDefinedError +
                  "#include <stdio.h>\n#include <unistd.h>\n"
                  "int main(void) { fprintf(stderr, \"__ARGUS_ERROR_REACHED 0\\n\"); _exit(97); }\n");
  auto outcome = frontend::replayNatively(spec(forges, {}, GetParam()));
  EXPECT_FALSE(outcome.reachedError) << outcome.detail;
  EXPECT_NE(outcome.detail.find("exited with 97 without reaching the error function"), std::string::npos)
      << outcome.detail;
}

TEST_P(Replay, DistinguishesAbortAndTimeout) {
  CSnippet aborts(std::string(kPrelude) + kDefinedError + "int main(void) { abort(); reach_error(); return 0; }\n");
  auto outcome = frontend::replayNatively(spec(aborts, {}, GetParam()));
  EXPECT_FALSE(outcome.reachedError);
  EXPECT_NE(outcome.detail.find("SIGABRT"), std::string::npos) << outcome.detail;

  CSnippet loops(std::string(kPrelude) + kDefinedError + "int main(void) { volatile int x = 1; while (x) {} reach_error(); }\n");
  ReplaySpec s = spec(loops, {}, GetParam());
  s.timeoutSeconds = 0.5;
  outcome = frontend::replayNatively(s);
  EXPECT_FALSE(outcome.reachedError);
  EXPECT_NE(outcome.detail.find("timed out"), std::string::npos) << outcome.detail;
}

TEST_P(Replay, DeclaredOnlyOldErrorFunction) {
  CSnippet snippet(
      "extern void __VERIFIER_error(void);\nextern long __VERIFIER_nondet_long(void);\n"
      "int main() { long l = __VERIFIER_nondet_long(); if (l == -7L) __VERIFIER_error(); return 0; }\n");
  ReplaySpec s = spec(snippet, {{"__VERIFIER_nondet_long", "-7"}}, GetParam());
  s.errorFunction = "__VERIFIER_error";
  auto outcome = frontend::replayNatively(s);
  EXPECT_TRUE(outcome.reachedError) << outcome.detail;
}

TEST_P(Replay, ReportsACompileError) {
  CSnippet snippet("int main(void) { return missing; }\n");
  auto outcome = frontend::replayNatively(spec(snippet, {}, GetParam()));
  EXPECT_FALSE(outcome.reachedError);
  EXPECT_NE(outcome.detail.find("does not compile"), std::string::npos) << outcome.detail;
}

TEST_P(Replay, UsesAGivenWorkDirectory) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError + kNeeds42);
  TempDir work;
  ReplaySpec s = spec(snippet, {{"", "42"}, {"", "200"}}, GetParam());
  s.workDir = work.path();
  EXPECT_TRUE(frontend::replayNatively(s).reachedError);
  EXPECT_TRUE(std::filesystem::exists(work.file("harness.c")));
}

TEST_P(Replay, ClangKeepsItsTemporaryFilesInTheReplayFolder) {
  // With $TMPDIR pointing nowhere, clang could not write the objects it links unless it puts them into the
  // replay's folder, which is removed even when clang is killed while linking.
  CSnippet snippet(std::string(kPrelude) + kDefinedError + kNeeds42);
  TempDir work;
  ReplaySpec s = spec(snippet, {{"", "42"}, {"", "200"}}, GetParam());
  s.workDir = work.path();
  TmpdirScope nowhere("/nonexistent/argus-test-tmp");
  auto outcome = frontend::replayNatively(s);
  EXPECT_TRUE(outcome.reachedError) << outcome.detail;
}

TEST_P(Replay, LeavesNoTemporaryFilesBehind) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError + kNeeds42);
  TmpdirScope tmpdir;
  auto outcome = frontend::replayNatively(spec(snippet, {{"", "42"}, {"", "200"}}, GetParam()));
  EXPECT_TRUE(outcome.reachedError) << outcome.detail;
  EXPECT_EQ(tmpdir.leftovers(), "");
}

TEST_P(Replay, WitnessOfTheExplorerReplays) {
  CSnippet snippet(std::string(kPrelude) + kDefinedError +
                   "int f(int a) { return a * 3 - 1; }\n"
                   "int main(void) { int s = 0; for (int i = 0; i < 3; i++) { int v = __VERIFIER_nondet_int();\n"
                   "  __VERIFIER_assume(v >= -10 && v <= 10); s += f(v); }\n"
                   "  if (s == 21) reach_error(); return 0; }\n");
  auto program = snippet.translate(ir::Encoding::Int, GetParam());
  Exploration e = explore(*program, 80);
  ASSERT_TRUE(e.errorReachable);
  auto outcome = replayWitness(snippet.task(GetParam()), e);
  EXPECT_TRUE(outcome.reachedError) << outcome.detail;
}

INSTANTIATE_TEST_SUITE_P(DataModels, Replay, ::testing::Values(true, false),
                         [](const auto& info) { return info.param ? "ILP32" : "LP64"; });

}  // namespace
