// argus verify end to end (C front end, bmc, certify, report) on the bundled examples: verdict line,
// trace with the input that reaches the error, JSON report, exit codes, options that reach the front
// end, and the timeout.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "RunCli.h"
#include "TempDir.h"
#include "cli/ExitCode.h"
#include "report/VerdictLine.h"

using namespace argus;
using argus::clitest::CliOutcome;
using argus::clitest::readAll;
using argus::clitest::runCli;
using argus::clitest::TempDir;

namespace {

CliOutcome verify(std::vector<std::string> args) {
  args.insert(args.begin(), "verify");
  return runCli(args);
}

std::string example(const std::string& name) { return std::string(ARGUS_SOURCE_DIR) + "/examples/" + name; }

int verdictLines(const std::string& out) {
  std::istringstream lines(out);
  int n = 0;
  for (std::string line; std::getline(lines, line);) n += report::parseVerdictLine(line).has_value();
  return n;
}

}  // namespace

TEST(VerifyEndToEnd, UnsafeExampleGivesAReplayedTraceWithItsInput) {
  TempDir dir;
  CliOutcome o = verify({example("sum.c"), "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitFalse) << o.out << o.err;
  EXPECT_EQ(o.out.rfind("Verdict: FALSE(unreach-call)\n", 0), 0u) << o.out;
  EXPECT_EQ(verdictLines(o.out), 1);
  EXPECT_NE(o.out.find("__VERIFIER_nondet_uint() = 7"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("sum.c:"), std::string::npos) << o.out;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["verdict"], "FALSE");
  EXPECT_EQ(json["exit_code"], cli::kExitFalse);
  EXPECT_TRUE(json["trace"]["replayed"].get<bool>());
  EXPECT_TRUE(json["trace"]["path_checked"].get<bool>());
  EXPECT_NE(json["assumes"].get<std::string>().find("no undefined behaviour"), std::string::npos);
}

TEST(VerifyEndToEnd, TaskFileDecidesAndSafeExampleIsProved) {
  CliOutcome task = verify({example("sum.yml")});
  EXPECT_EQ(task.code, cli::kExitFalse) << task.out << task.err;
  CliOutcome safe = verify({example("counter.c"), "-v"});
  EXPECT_EQ(safe.code, cli::kExitTrue) << safe.out << safe.err;
  EXPECT_EQ(safe.out.rfind("Verdict: TRUE\n", 0), 0u) << safe.out;
  EXPECT_NE(safe.out.find("Certificate: "), std::string::npos) << safe.out;
  EXPECT_NE(safe.out.find("Statistics:"), std::string::npos) << safe.out;
  // What the TRUE assumes is said with -v, for each encoding.
  EXPECT_NE(safe.out.find("assumes: no undefined behaviour"), std::string::npos) << safe.out;
  EXPECT_NE(safe.out.find("mathematical integers"), std::string::npos) << safe.out;
  CliOutcome bv = verify({example("counter.c"), "-v", "--encoding", "bv"});
  EXPECT_NE(bv.out.find("bit-precise"), std::string::npos) << bv.out;
}

TEST(VerifyEndToEnd, OptionsReachTheFrontEnd) {
  // With another error function nothing in sum.c is an error: the program is safe.
  CliOutcome other = verify({example("sum.c"), "--error-function", "sum_to_is_never_an_error"});
  EXPECT_EQ(other.code, cli::kExitTrue) << other.out << other.err;
  CliOutcome bv = verify({example("sum.c"), "--encoding", "bv", "--data-model", "ILP32"});
  EXPECT_EQ(bv.code, cli::kExitFalse) << bv.out << bv.err;
}

TEST(VerifyEndToEnd, TimeoutGivesUnknown) {
  TempDir dir;
  std::string endless =
      dir.write("endless.c",
                "extern int __VERIFIER_nondet_int(void);\n"
                "void reach_error(void) {}\n"
                "int main(void) {\n"
                "  int x = 0;\n"
                "  while (__VERIFIER_nondet_int()) { x = x + 2; if (x == 7) reach_error(); }\n"
                "  return 0;\n"
                "}\n");
  CliOutcome o = verify({endless, "--timeout", "1"});
  EXPECT_EQ(o.code, cli::kExitUnknown) << o.out << o.err;
  EXPECT_EQ(o.out.rfind("Verdict: UNKNOWN (", 0), 0u) << o.out;
}

TEST(VerifyEndToEnd, FlagsAndSetWriteTheSameOptionsAndFlagsWin) {
  TempDir dir;
  CliOutcome o = verify({example("counter.c"), "--set", "verify.grace=5", "--set", "frontend.encoding=bv",
                         "--encoding", "int", "--data-model", "ILP32", "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitTrue) << o.out << o.err;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  auto options = json["options"].get<std::vector<std::string>>();
  EXPECT_EQ(options, (std::vector<std::string>{"frontend.data_model=ILP32", "verify.grace=5"}));
  EXPECT_EQ(json["task"]["encoding"], "int");
  EXPECT_EQ(json["task"]["data_model"], "ILP32");
}
