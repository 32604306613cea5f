// argus verify end to end (C front end, bmc, certify, report) on the bundled examples: verdict line,
// trace with the input that reaches the error, JSON report, exit codes, options that reach the front
// end, the timeout, GraphML witnesses written and validated, and that no temporary folder or child
// process outlives a run, even one that the hard deadline ends at once.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <sstream>

#include "RunCli.h"
#include "cli/ExitCode.h"
#include "report/VerdictLine.h"
#include "testing/TestFolder.h"
#include "witness/GraphMl.h"
#include "testing/Paths.h"

using namespace argus;
using argus::clitest::CliOutcome;
using argus::testing::readAll;
using argus::clitest::runCli;
using argus::testing::TestFolder;

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

/// The id of a running process with an argument that contains `word`, or empty.
std::string processNaming(const std::string& word) {
  for (auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::string cmdline = readAll((entry.path() / "cmdline").string());
    std::istringstream args(cmdline);
    for (std::string arg; std::getline(args, arg, '\0');)
      if (arg.find(word) != std::string::npos) return entry.path().filename().string();
  }
  return "";
}

}  // namespace

TEST(VerifyEndToEnd, UnsafeExampleGivesAReplayedTraceWithItsInput) {
  TestFolder dir;
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
  // bmc: the task file is the subject here, not the portfolio (whose kind needs 110 s for sum.c's 23-step
  // bug under the sanitizers, bmc 2 s).
  CliOutcome task = verify({example("sum.yml"), "--engine", "bmc"});
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
  TestFolder dir;
  std::string endless =
      dir.write("endless.c",
                "extern int __VERIFIER_nondet_int(void);\n"
                "void reach_error(void) {}\n"
                "int main(void) {\n"
                "  int x = 0;\n"
                "  while (__VERIFIER_nondet_int()) { x = x + 2; if (x == 7) reach_error(); }\n"
                "  return 0;\n"
                "}\n");
  // x stays even: safe, but bmc cannot prove it (the portfolio's kind does at once).
  CliOutcome o = verify({endless, "--timeout", "1", "--engine", "bmc"});
  EXPECT_EQ(o.code, cli::kExitUnknown) << o.out << o.err;
  EXPECT_EQ(o.out.rfind("Verdict: UNKNOWN (", 0), 0u) << o.out;
}

TEST(VerifyEndToEnd, LegionPlusRunsBothStrategiesAndTimesOutWhenBothSharesPass) {
  TestFolder dir;
  CliOutcome found = verify({example("sum.c"), "--engine", "legion+", "--json", dir.path("r.json")});
  ASSERT_EQ(found.code, cli::kExitFalse) << found.out << found.err;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["portfolio"]["engines"], (std::vector<std::string>{"corral", "legion"}));
  std::string growing =
      dir.write("growing.c",
                "extern int __VERIFIER_nondet_int(void);\n"
                "void reach_error(void) {}\n"
                "int main(void) {\n"
                "  int x = 0;\n"
                "  while (__VERIFIER_nondet_int()) { int y = __VERIFIER_nondet_int(); if (y > 0 && y < 3) x = x + y; }\n"
                "  if (x < 0) reach_error();\n"
                "  return 0;\n"
                "}\n");
  // Safe, but the error stays reachable from the head of the unbounded loop, so no inlining tree proves
  // it: both strategies stop at half the limit, and the answer is a timeout (not an interruption).
  CliOutcome o = verify({growing, "--timeout", "2", "--engine", "legion+"});
  EXPECT_EQ(o.code, cli::kExitUnknown) << o.out << o.err;
  EXPECT_EQ(o.out.rfind("Verdict: UNKNOWN (timeout", 0), 0u) << o.out;
}

TEST(VerifyEndToEnd, FlagsAndSetWriteTheSameOptionsAndFlagsWin) {
  TestFolder dir;
  CliOutcome o = verify({example("counter.c"), "--set", "verify.grace=5", "--set", "frontend.encoding=bv",
                         "--encoding", "int", "--data-model", "ILP32", "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitTrue) << o.out << o.err;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  auto options = json["options"].get<std::vector<std::string>>();
  EXPECT_EQ(options, (std::vector<std::string>{"frontend.data_model=ILP32", "verify.grace=5"}));
  EXPECT_EQ(json["task"]["encoding"], "int");
  EXPECT_EQ(json["task"]["data_model"], "ILP32");
}

TEST(VerifyEndToEnd, LeavesNoTemporaryFolderBehind) {
  // An unsafe program: the front end compiles in a temporary folder, each engine of the portfolio works in
  // one, the native replay builds in another. Its error is one step deep (examples/sum.c's is 23 deep and
  // took the default portfolio 186 s under the sanitizers).
  TestFolder dir;
  std::string program = dir.write("shallow.c",
                                  "extern void reach_error(void);\n"
                                  "extern unsigned __VERIFIER_nondet_uint(void);\n"
                                  "int main(void) {\n"
                                  "  if (__VERIFIER_nondet_uint() == 7) reach_error();\n"
                                  "  return 0;\n"
                                  "}\n");
  argus::testing::TmpdirScope tmpdir;
  CliOutcome o = verify({program});
  ASSERT_EQ(o.code, cli::kExitFalse) << o.out << o.err;
  EXPECT_NE(o.out.find("replay: error function reach_error reached"), std::string::npos) << o.out;
  EXPECT_EQ(tmpdir.leftovers(), "");
}

TEST(VerifyEndToEnd, APresetNamesTheEngines) {
  TestFolder dir;
  CliOutcome o = verify({example("sum.c"), "--preset", "bug-finding", "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitFalse) << o.out << o.err;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["portfolio"]["engines"], (std::vector<std::string>{"bmc", "kind"}));
}

TEST(VerifyEndToEnd, APortfolioOfNamedEnginesPrintsOneCertifiedAnswer) {
  TestFolder dir;
  CliOutcome o = verify({example("sum.c"), "--engine", "bmc,kind", "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitFalse) << o.out << o.err;
  EXPECT_EQ(o.out.rfind("Verdict: FALSE(unreach-call)\n", 0), 0u) << o.out;
  EXPECT_EQ(verdictLines(o.out), 1) << o.out;
  EXPECT_NE(o.out.find("replay: error function reach_error reached"), std::string::npos) << o.out;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["portfolio"]["engines"], (std::vector<std::string>{"bmc", "kind"}));
  std::string winner = json["portfolio"]["winner"].get<std::string>();
  EXPECT_TRUE(winner == "bmc" || winner == "kind") << winner;
  EXPECT_EQ(json["engine"], winner);
  EXPECT_TRUE(json["trace"]["replayed"].get<bool>());
}

TEST(VerifyEndToEnd, TheDefaultIsThePortfolioForTheProgramsShape) {
  TestFolder dir;
  CliOutcome o = verify({example("counter.c"), "-v", "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitTrue) << o.out << o.err;
  EXPECT_EQ(o.out.rfind("Verdict: TRUE\n", 0), 0u) << o.out;
  EXPECT_NE(o.out.find("Portfolio: "), std::string::npos) << o.out;
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["portfolio"]["engines"][0], "kind");
  EXPECT_TRUE(json["certificate"]["checked"].get<bool>());
}

TEST(VerifyEndToEnd, WritesTheHtmlReportIntoTheFolderItCreates) {
  TestFolder dir;
  argus::testing::TmpdirScope tmpdir;
  CliOutcome o = verify({example("counter.c"), "--engine", "kind", "--report", dir.path("report/nested")});
  ASSERT_EQ(o.code, cli::kExitTrue) << o.out << o.err;
  EXPECT_EQ(verdictLines(o.out), 1) << o.out;
  std::string html = readAll(dir.path("report/nested/index.html"));
  EXPECT_NE(html.find("<p id=\"verdict\">TRUE</p>"), std::string::npos) << html.substr(0, 500);
  EXPECT_NE(html.find("id=\"invariants\""), std::string::npos);
  EXPECT_NE(html.find("count++;"), std::string::npos);  // the source listing
  EXPECT_EQ(tmpdir.leftovers(), "");                    // Graphviz's folder is gone
}

TEST(VerifyEndToEnd, TheReportOfPredabsDrawsItsArg) {
  TestFolder dir;
  CliOutcome o = verify({example("counter.c"), "--engine", "predabs", "--timeout", "60", "--report", dir.path("r"),
                         "--json", dir.path("r.json")});
  ASSERT_EQ(o.code, cli::kExitTrue) << o.out << o.err;
  std::string html = readAll(dir.path("r/index.html"));
  size_t section = html.find("<section id=\"arg\">");
  ASSERT_NE(section, std::string::npos) << html.substr(0, 300);
  EXPECT_NE(html.find("<svg", section), std::string::npos);
  EXPECT_NE(html.find("argnode0", section), std::string::npos);
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["arg_dot"].get<std::string>().rfind("digraph arg {", 0), 0u);
}

TEST(VerifyEndToEnd, AReportFolderThatCannotBeCreatedIsAUsageErrorBeforeAnyWork) {
  TestFolder dir;
  std::string file = dir.write("plain-file", "x");
  CliOutcome o = verify({example("counter.c"), "--engine", "kind", "--report", file + "/report"});
  EXPECT_EQ(o.code, cli::kExitUsage) << o.out << o.err;
  EXPECT_NE(o.err.find(file + "/report: --report: cannot create the folder"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
}

TEST(VerifyEndToEnd, AnUnknownEngineInAListIsAUsageError) {
  CliOutcome o = verify({example("counter.c"), "--engine", "kind,no-such-engine"});
  EXPECT_EQ(o.code, cli::kExitUsage) << o.out << o.err;
  EXPECT_NE(o.err.find("no-such-engine"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
}

TEST(VerifyEndToEndDeathTest, TheHardDeadlineKillsClangAndRemovesItsTemporaryFolder) {
  TestFolder dir;
  // clang waits for its include, a pipe nobody writes to, until the hard deadline (timeout + grace)
  // ends argus at once (_Exit, no destructor runs).
  std::string pipe = dir.path("wait.h");
  ASSERT_EQ(mkfifo(pipe.c_str(), 0600), 0);
  std::string c = dir.write("blocked.c", "#include \"wait.h\"\nint main(void) { return 0; }\n");
  argus::testing::TmpdirScope tmpdir;
  // clang writes to argus' stdout: /dev/null, so that ctest would not wait for a surviving clang's output.
  EXPECT_EXIT(
      {
        dup2(open("/dev/null", O_WRONLY), 1);
        verify({c, "--timeout", "0.5", "--set", "verify.grace=0", "--json", dir.path("r.json")});
      },
      ::testing::ExitedWithCode(cli::kExitUnknown), "");
  auto json = nlohmann::json::parse(readAll(dir.path("r.json")));
  EXPECT_EQ(json["reason"], "timeout");
  EXPECT_NE(json["detail"].get<std::string>().find("after the timeout"), std::string::npos);  // the deadline's
  EXPECT_EQ(tmpdir.leftovers(), "");
  // No process names the file any more: clang is gone (a killed process may take a moment to go).
  std::string survivor;
  for (int i = 0; i < 100 && !(survivor = processNaming(dir.root().string())).empty(); ++i) usleep(20 * 1000);
  EXPECT_EQ(survivor, "") << "clang still waits for its include";
  if (!survivor.empty()) kill(std::stoi(survivor), SIGKILL);  // a failed test leaves no clang behind
}

TEST(VerifyEndToEnd, GraphMlWitnessesAreWrittenAndValidated) {
  TestFolder dir;
  // FALSE: the path's assumption gives the nondet value that reaches the error; validate replays it.
  std::string violation = dir.path("violation.graphml");
  // bmc: the witness is the subject here, not the portfolio (see TaskFileDecidesAndSafeExampleIsProved).
  CliOutcome unsafe =
      verify({example("sum.c"), "--engine", "bmc", "--witness", violation, "--witness-format", "graphml"});
  ASSERT_EQ(unsafe.code, cli::kExitFalse) << unsafe.out << unsafe.err;
  witness::GraphMlWitness graph = witness::readGraphMl(violation);
  EXPECT_EQ(graph.graphData["witness-type"], "violation_witness");
  bool assumed = false;
  for (auto& e : graph.edges)
    assumed |= e.data["assumption"] == "\\result == 7;" && e.data["assumption.resultfunction"] == "__VERIFIER_nondet_uint";
  EXPECT_TRUE(assumed) << readAll(violation);
  CliOutcome confirmed = runCli({"validate", example("sum.c"), "--witness", violation});
  EXPECT_EQ(confirmed.code, cli::kExitTrue) << confirmed.out << confirmed.err;
  // The same path with another value does not reach the error: the witness is rejected.
  std::string text = readAll(violation);
  text.replace(text.find("\\result == 7;"), std::string("\\result == 7;").size(), "\\result == 6;");
  std::string wrong = dir.write("wrong.graphml", text);
  CliOutcome rejected = runCli({"validate", example("sum.c"), "--witness", wrong});
  EXPECT_EQ(rejected.code, cli::kExitFalse) << rejected.out << rejected.err;

  // TRUE: the loop invariant sits in a node entered at the loop's line; validate checks it with certify.
  // Without the forward condition kind needs its generator's invariants: on a loaded machine the forward
  // condition would prove the ten-iteration loop by unrolling before they arrive, and leave none to write.
  std::string correctness = dir.path("correctness.graphml");
  CliOutcome safe = verify({example("counter.c"), "--engine", "kind", "--set", "kind.forward=false", "--witness",
                            correctness, "--witness-format", "graphml"});
  ASSERT_EQ(safe.code, cli::kExitTrue) << safe.out << safe.err;
  graph = witness::readGraphMl(correctness);
  EXPECT_EQ(graph.graphData["witness-type"], "correctness_witness");
  size_t invariants = 0;
  for (auto& [id, node] : graph.nodes) invariants += node.data.count("invariant");
  EXPECT_GE(invariants, 1u) << readAll(correctness);
  CliOutcome proved = runCli({"validate", example("counter.c"), "--witness", correctness});
  EXPECT_EQ(proved.code, cli::kExitTrue) << proved.out << proved.err;
}

TEST(VerifyEndToEnd, AViolationWitnessThatNeedsHeapContentsIsConfirmedSymbolically) {
  // The error needs a malloc'd field no one wrote to hold 12345: no native replay (zeroed, then 0xAA
  // blocks) can reach it, since a witness cannot give heap contents. With the witness's input fixed and
  // the heap left open, bmc finds the path and certify accepts it; with another input no run reaches the
  // error, and the witness stays unconfirmed.
  TestFolder dir;
  std::string program = dir.write("heap.c",
                                  "#include <stdlib.h>\n"
                                  "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n"
                                  "void reach_error() { __assert_fail(\"0\", \"heap.c\", 3, \"reach_error\"); }\n"
                                  "extern int __VERIFIER_nondet_int(void);\n"
                                  "struct S { int cert; int state; };\n"
                                  "int main() {\n"
                                  "  struct S *s = malloc(sizeof(struct S));\n"
                                  "  if (!s) return 0;\n"
                                  "  int x = __VERIFIER_nondet_int();\n"
                                  "  if (s->cert == 12345 && x == 7) reach_error();\n"
                                  "  return 0;\n"
                                  "}\n");
  std::string witnessFile = dir.path("w.yml");
  CliOutcome unsafe = verify({program, "--engine", "bmc", "--witness", witnessFile});
  ASSERT_EQ(unsafe.code, cli::kExitFalse) << unsafe.out << unsafe.err;
  CliOutcome confirmed = runCli({"validate", program, "--witness", witnessFile});
  EXPECT_EQ(confirmed.code, cli::kExitTrue) << confirmed.out << confirmed.err;
  EXPECT_NE(confirmed.out.find("symbolically"), std::string::npos) << confirmed.out;
  std::string text = readAll(witnessFile);
  ASSERT_NE(text.find("\\result == 7"), std::string::npos) << text;
  text.replace(text.find("\\result == 7"), std::string("\\result == 7").size(), "\\result == 8");
  std::string other = dir.write("other.yml", text);
  CliOutcome open = runCli({"validate", program, "--witness", other});
  EXPECT_EQ(open.code, cli::kExitUnknown) << open.out << open.err;
  EXPECT_NE(open.out.find("no run with these inputs reaches the error"), std::string::npos) << open.out;
}

// bmc proves a recursive program by a complete unrolling, which a witness cannot say: for the witness, recmc
// then looks for procedure contracts (witness.contract_search), in the process itself or, after a
// portfolio, in its parent; the contracts are what `argus validate` checks.
TEST(VerifyEndToEnd, AWitnessOfARecursiveProgramProvedByUnrollingGetsContracts) {
  TestFolder dir;
  std::string program = dir.write("fib.c",
                                  "extern void reach_error(void);\n"
                                  "int fib(int n) {\n"
                                  "  if (n < 1) return 0;\n"
                                  "  if (n == 1) return 1;\n"
                                  "  return fib(n - 1) + fib(n - 2);\n"
                                  "}\n"
                                  "int main(void) {\n"
                                  "  if (fib(6) != 8) reach_error();\n"
                                  "  return 0;\n"
                                  "}\n");
  for (const std::string engines : {"bmc", "bmc,corral"}) {
    std::string witnessFile = dir.path("w-" + engines + ".yml");
    // The search for contracts has at most half the time left and witness.contract_search seconds: 20 s
    // by default, which recmc and the certificate check under the sanitizers on a loaded 2-core machine
    // overran (CI, stop 49: the witness came without contracts).
    CliOutcome safe = verify({program, "--engine", engines, "--witness", witnessFile, "--timeout", "240", "--set",
                              "witness.contract_search=100"});
    ASSERT_EQ(safe.code, cli::kExitTrue) << engines << "\n" << safe.out << safe.err;
    std::string text = readAll(witnessFile);
    EXPECT_NE(text.find("function_contract"), std::string::npos) << engines << "\n" << text;
    CliOutcome confirmed = runCli({"validate", program, "--witness", witnessFile});
    EXPECT_EQ(confirmed.code, cli::kExitTrue) << engines << "\n" << confirmed.out << confirmed.err;
  }
  // Without the search the witness says nothing of fib.
  std::string bare = dir.path("bare.yml");
  CliOutcome safe = verify({program, "--engine", "bmc", "--witness", bare, "--set", "witness.contract_search=0"});
  ASSERT_EQ(safe.code, cli::kExitTrue) << safe.out << safe.err;
  EXPECT_EQ(readAll(bare).find("function_contract"), std::string::npos) << readAll(bare);
}

TEST(VerifyEndToEndDeathTest, ValidateAnswersUnconfirmedAtItsHardDeadline) {
  // The front end of `argus validate` waits for clang, which waits for its include, a pipe nobody writes
  // to: only the hard deadline (--timeout plus 5 s) ends the run, unconfirmed, and clang with it.
  TestFolder dir;
  std::string pipe = dir.path("wait.h");
  ASSERT_EQ(mkfifo(pipe.c_str(), 0600), 0);
  std::string c = dir.write("blocked.c", "#include \"wait.h\"\nint main(void) { return 0; }\n");
  auto start = std::chrono::steady_clock::now();
  EXPECT_EXIT(
      {
        dup2(open("/dev/null", O_WRONLY), 1);
        runCli({"validate", c, "--witness", dir.path("w.yml"), "--timeout", "0.5"});
      },
      ::testing::ExitedWithCode(cli::kExitUnknown), "");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 60);
  std::string survivor;
  for (int i = 0; i < 100 && !(survivor = processNaming(dir.root().string())).empty(); ++i) usleep(20 * 1000);
  EXPECT_EQ(survivor, "") << "clang still waits for its include";
  if (!survivor.empty()) kill(std::stoi(survivor), SIGKILL);
}
