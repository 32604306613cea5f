// Horn clauses through the command line: `argus verify FILE.smt2` (verdict line, JSON), `argus chc`
// (CHC-COMP words, model and derivation), `argus translate` (C to clauses, and back through verify),
// and `argus dump` of the clauses' program.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "RunCli.h"
#include "cli/ExitCode.h"
#include "testing/TestFolder.h"
#include "testing/Paths.h"

using namespace argus;
using argus::clitest::CliOutcome;
using argus::testing::readAll;
using argus::clitest::runCli;
using argus::testing::TestFolder;

namespace {

// x counts up from 0 in steps of 2 while below 10, so it is never 7. The loop is bounded: BMC proves it
// with its forward condition, k-induction as well.
constexpr const char* kSafeClauses = R"((set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 7)) false)))
(check-sat)
)";

// The same loop reaches 6.
constexpr const char* kUnsafeClauses = R"((set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 6)) false)))
(check-sat)
)";

}  // namespace

TEST(ChcCli, VerifyReadsClausesAndSaysTrueOrFalse) {
  TestFolder dir;
  std::string safe = dir.write("safe.smt2", kSafeClauses), unsafe = dir.write("unsafe.smt2", kUnsafeClauses);
  CliOutcome proved = runCli({"verify", safe, "--engine", "bmc", "--json", dir.path("r.json")});
  ASSERT_EQ(proved.code, cli::kExitTrue) << proved.out << proved.err;
  EXPECT_EQ(proved.out.rfind("Verdict: TRUE\n", 0), 0u) << proved.out;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["verdict"], "TRUE");

  CliOutcome found = runCli({"verify", unsafe, "--engine", "bmc"});
  ASSERT_EQ(found.code, cli::kExitFalse) << found.out << found.err;
  EXPECT_EQ(found.out.rfind("Verdict: FALSE", 0), 0u) << found.out;
}

TEST(ChcCli, ChcModePrintsTheCheckedModelOrDerivation) {
  TestFolder dir;
  std::string safe = dir.write("safe.smt2", kSafeClauses), unsafe = dir.write("unsafe.smt2", kUnsafeClauses);
  CliOutcome sat = runCli({"chc", safe, "--model", "--engine", "kind"});
  ASSERT_EQ(sat.code, 0) << sat.out << sat.err;
  EXPECT_EQ(sat.out.rfind("sat\n(model", 0), 0u) << sat.out;
  EXPECT_NE(sat.out.find("define-fun inv"), std::string::npos) << sat.out;

  CliOutcome unsat = runCli({"chc", unsafe, "--model"});
  ASSERT_EQ(unsat.code, 10) << unsat.out << unsat.err;
  EXPECT_EQ(unsat.out.rfind("unsat\n(derivation", 0), 0u) << unsat.out;

  CliOutcome plain = runCli({"chc", unsafe});
  EXPECT_EQ(plain.out, "unsat\n");
}

// The default portfolio's engines wait for one slot after another with --jobs 1: the answer is the same.
TEST(ChcCli, ChcModeBoundsThePortfolioByJobs) {
  TestFolder dir;
  std::string unsafe = dir.write("unsafe.smt2", kUnsafeClauses);
  CliOutcome one = runCli({"chc", unsafe, "--jobs", "1", "-v"});
  EXPECT_EQ(one.code, 10) << one.out << one.err;
  EXPECT_EQ(one.out, "unsat\n");
  EXPECT_NE(one.err.find("; portfolio:"), std::string::npos) << one.err;
  CliOutcome negative = runCli({"chc", unsafe, "--jobs", "-1"});
  EXPECT_EQ(negative.code, cli::kExitUsage) << negative.err;
  EXPECT_NE(negative.err.find("--jobs must be at least 1"), std::string::npos) << negative.err;
}

TEST(ChcCli, BadClausesAreAnInputErrorNamingTheFile) {
  TestFolder dir;
  std::string bad = dir.write("bad.smt2", "(set-logic HORN)\n(assert (forall ((x Int)) (=> (p x) false)))\n");
  CliOutcome verify = runCli({"verify", bad});
  EXPECT_EQ(verify.code, cli::kExitUsage) << verify.out << verify.err;
  EXPECT_NE(verify.err.find("bad.smt2"), std::string::npos) << verify.err;
  CliOutcome chc = runCli({"chc", bad});
  EXPECT_EQ(chc.code, 2) << chc.out << chc.err;
  EXPECT_EQ(chc.out, "");
}

TEST(ChcCli, TranslatedCProgramKeepsItsVerdict) {
  TestFolder dir;
  std::string example = std::string(ARGUS_SOURCE_DIR) + "/examples/sum.c";
  CliOutcome translated = runCli({"translate", example, "--to", "chc", "-o", dir.path("sum.smt2")});
  ASSERT_EQ(translated.code, 0) << translated.out << translated.err;
  EXPECT_NE(readAll(dir.path("sum.smt2")).find("(set-logic HORN)"), std::string::npos);
  CliOutcome verdict = runCli({"chc", dir.path("sum.smt2")});
  EXPECT_EQ(verdict.out, "unsat\n") << verdict.err;

  CliOutcome dump = runCli({"dump", dir.path("sum.smt2")});
  ASSERT_EQ(dump.code, 0) << dump.err;
  EXPECT_NE(dump.out.find("proc"), std::string::npos) << dump.out;
}

TEST(ChcCli, TranslationRefusesFeaturesTheFrontEndDoesNotModel) {
  // The unsupported call becomes an edge into the error in the IR; as clauses it would read as a real
  // error path (unsat), although the program is safe.
  TestFolder dir;
  std::string c = dir.write("heap.c", R"(extern void *realloc(void *, unsigned long);
void reach_error(void) {}
int main(void) {
  int *p = realloc(0, sizeof(int));
  *p = 1;
  if (*p != 1) reach_error();
  return 0;
}
)");
  CliOutcome translated = runCli({"translate", c, "--to", "chc", "-o", dir.path("heap.smt2")});
  EXPECT_EQ(translated.code, 2) << translated.out << translated.err;
  EXPECT_NE(translated.err.find("realloc"), std::string::npos) << translated.err;
  EXPECT_NE(translated.err.find("heap.c:4"), std::string::npos) << translated.err;
}
