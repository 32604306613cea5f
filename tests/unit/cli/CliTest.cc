// The command line in-process: help texts, and exit code 2 with one "argus: error:" line for bad input
// and bad options.
#include <gtest/gtest.h>

#include "RunCli.h"
#include "cli/ExitCode.h"
#include "testing/TestFolder.h"

using namespace argus;
using argus::clitest::CliOutcome;
using argus::clitest::runCli;
using argus::testing::TestFolder;

namespace {

/// One line "argus: error: <what>" on stderr, nothing on stdout, exit code 2.
void expectUsageError(const CliOutcome& o, const std::string& what) {
  EXPECT_EQ(o.code, cli::kExitUsage) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err.rfind("argus: error: ", 0), 0u) << o.err;
  EXPECT_NE(o.err.find(what), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

}  // namespace

TEST(Cli, HelpListsCommandsAndExitCodes) {
  CliOutcome o = runCli({"--help"});
  EXPECT_EQ(o.code, 0);
  for (const char* part :
       {"verify", "dump", "bench", "--help-engines", "--help-options", "Exit codes: 0 TRUE, 10 FALSE"})
    EXPECT_NE(o.out.find(part), std::string::npos) << part << " missing in\n" << o.out;
  CliOutcome verifyHelp = runCli({"verify", "--help"});
  EXPECT_EQ(verifyHelp.code, 0);
  EXPECT_NE(verifyHelp.out.find("--engine"), std::string::npos) << verifyHelp.out;
}

TEST(Cli, HelpOptionsComesFromTheRegistry) {
  CliOutcome o = runCli({"--help-options"});
  EXPECT_EQ(o.code, 0);
  for (const char* part : {"frontend.encoding  <int|bv>  (default: int)", "verify.timeout", "verify.engine",
                           "certify.replay_timeout"})
    EXPECT_NE(o.out.find(part), std::string::npos) << part << " missing in\n" << o.out;
}

TEST(Cli, HelpEnginesAndVersion) {
  EXPECT_NE(runCli({"--help-engines"}).out.find("Engines (argus verify --engine NAME):"), std::string::npos);
  CliOutcome v = runCli({"--version"});
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(v.out.rfind("argus ", 0), 0u);
  EXPECT_NE(v.out.find("Z3 4."), std::string::npos) << v.out;
}

TEST(Cli, UsageErrors) {
  expectUsageError(runCli({}), "no command given");
  expectUsageError(runCli({"frobnicate"}), "frobnicate");
  expectUsageError(runCli({"verify"}), "file is required");
  expectUsageError(runCli({"verify", "x.c", "--preset", "fastest"}), "--preset");
  expectUsageError(runCli({"verify", "x.c", "--preset", "proof", "--engine", "bmc"}), "--preset and --engine");
  expectUsageError(runCli({"verify", "x.c", "--no-such-flag"}), "--no-such-flag");
}

TEST(Cli, MissingAndUnknownInputFiles) {
  TestFolder dir;
  expectUsageError(runCli({"verify", dir.path("missing.c")}), dir.path("missing.c") + ": no such file");
  expectUsageError(runCli({"verify", dir.root().string()}), "is a directory");
  expectUsageError(runCli({"verify", dir.write("x.txt", "")}), "unknown kind of input");
  expectUsageError(runCli({"verify", dir.write("x.smt2", "(set-logic HORN)")}), "x.smt2:1: missing (check-sat)");
  expectUsageError(runCli({"dump", "--cfa", dir.path("missing.c")}), "no such file");
  expectUsageError(runCli({"bench", dir.path("missing-list.txt")}), "no such file");
}

TEST(Cli, BadYamlTaskIsAnInputError) {
  TestFolder dir;
  dir.write("p.c", "int main() { return 0; }\n");
  expectUsageError(runCli({"verify", dir.write("bad.yml", "input_files: [unclosed\n")}), dir.path("bad.yml"));
  std::string memsafety = dir.write("mem.yml",
                                    "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n"
                                    "  - property_file: ../properties/valid-memsafety.prp\n"
                                    "    expected_verdict: true\noptions:\n  language: C\n"
                                    "  data_model: ILP32\n");
  expectUsageError(runCli({"verify", memsafety}), dir.path("mem.yml"));
}

TEST(Cli, BadOptionsAreRejectedBeforeAnyWork) {
  TestFolder dir;
  std::string c = dir.write("p.c", "int main() { return 0; }\n");
  expectUsageError(runCli({"verify", c, "--set", "no.such.option=1"}), "unknown option 'no.such.option'");
  expectUsageError(runCli({"verify", c, "--set", "frontend.encoding"}), "expected KEY=VALUE");
  expectUsageError(runCli({"verify", c, "--encoding", "float"}),
                   "bad value 'float' for option 'frontend.encoding'");
  expectUsageError(runCli({"verify", c, "--timeout", "soon"}), "verify.timeout");
  expectUsageError(runCli({"verify", c, "--timeout", "-1"}), "must not be negative");
  expectUsageError(runCli({"verify", c, "--engine", "no-such-engine"}), "unknown engine 'no-such-engine'");
  expectUsageError(runCli({"bench", c, "--run", "no-equals-sign"}), "--run expects NAME=VALUE");
  expectUsageError(runCli({"bench", c, "--external", "x=tool {file}", "--verdict-pattern", "y=z"}),
                   "--verdict-pattern");
  expectUsageError(runCli({"bench", c, "--min-solved", "argus=many"}),
                   "--min-solved argus: expects a whole number of tasks, got 'many'");
  expectUsageError(runCli({"bench", c, "--run", "bmc=--engine bmc", "--min-solved", "kind=1"}),
                   "--min-solved kind: no configuration is named 'kind'");
}

TEST(Cli, MinSolvedFailsWithAMessageOnStderr) {
  TestFolder dir;
  std::string task = dir.write("t.c", "// @expect safe\n");
  std::vector<std::string> args = {"bench", "--external", "fake=echo TRUE {file}", task, "--out", dir.path("out")};
  args.insert(args.end(), {"--min-solved", "fake=1"});
  EXPECT_EQ(runCli(args).code, 0);
  args.back() = "fake=2";
  CliOutcome below = runCli(args);
  EXPECT_EQ(below.code, 1) << below.err;
  EXPECT_NE(below.err.find("fake: solved 1 task, fewer than its floor of 2 (--min-solved fake=2)"),
            std::string::npos)
      << below.err;
}

// Found by fuzz/CliFuzz.cc: CLI11 quotes unexpected arguments as they are, so one with a line break
// made the usage error two lines.
TEST(Cli, UsageErrorsStayOnOneLineWhateverTheArguments) {
  expectUsageError(runCli({"dump", "--cfa", "prog.c", "B\nint"}), "not expected: B\\nint");
  expectUsageError(runCli({"verify", "p.c", "--set", "no.such\noption=1"}), "unknown option 'no.such\\noption'");
}

// Numbers that are no durations: NaN passed `< 0` checks, and a time too large for the clock was
// undefined behaviour in the deadline (see util's Shutdown tests).
TEST(Cli, TimesMustBeFiniteAndNotNegative) {
  TestFolder dir;
  std::string c = dir.write("p.c", "int main() { return 0; }\n");
  expectUsageError(runCli({"verify", c, "--timeout", "nan"}), "expected a finite number");
  expectUsageError(runCli({"verify", c, "--set", "verify.grace=inf"}), "expected a finite number");
  expectUsageError(runCli({"bench", c, "--timeout", "nan"}), "--timeout must be a number of seconds >= 0");
  expectUsageError(runCli({"bench", c, "--memory", "99999999999999"}), "--memory must be between");
  expectUsageError(runCli({"chc", dir.write("c.smt2", ""), "--timeout", "-1"}), "--timeout must be a number");
}

// cli::check (the fuzz harness's entry, fuzz/CliFuzz.cc) parses and checks like cli::run but starts
// nothing: no input is read, no folder is made.
TEST(Cli, CheckParsesWithoutRunning) {
  TestFolder dir;
  std::vector<std::string> args = {"argus", "bench", dir.path("absent-list.txt"), "--out", dir.path("out")};
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  EXPECT_EQ(cli::check(static_cast<int>(argv.size()), argv.data(), out, err), 0) << err.str();
  EXPECT_FALSE(std::filesystem::exists(dir.path("out")));
  EXPECT_EQ(out.str() + err.str(), "");
  const char* badEngine[] = {"argus", "verify", "absent.c", "--engine", "nope"};
  EXPECT_EQ(cli::check(5, badEngine, out, err), cli::kExitUsage);
  EXPECT_NE(err.str().find("unknown engine 'nope'"), std::string::npos) << err.str();
}

TEST(Cli, RepeatableOptionsDoNotSwallowPositionalArguments) {
  TestFolder dir;
  std::string task = dir.write("t.c", "// @expect safe\n");
  CliOutcome o = runCli(
      {"bench", "--external", "fake=echo TRUE {file}", task, "--out", dir.path("out"), "--timeout", "5"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("| **total** | **1** | **1** |"), std::string::npos) << o.out;
}
