// The regression programs of tests/regression/c through the front end: each translates and validates
// in both encodings; for an `@expect unsafe` program the path explorer finds an error path whose inputs
// replay natively (with `@reads uninitialised`, the replay needs memory contents: the engine suites
// check it through certify); for an `@expect safe` program no error path exists within the explored bound.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "PathExplorer.h"
#include "testing/Sanitizers.h"
#include "frontend/c/Replay.h"
#include "util/Logger.h"
#include "util/Stats.h"
#include "testing/Paths.h"

using namespace argus;
namespace fs = std::filesystem;

namespace {

struct RegressionProgram {
  std::string path;
  bool expectSafe = true;
  std::string errorFunction = "reach_error";
  bool ilp32 = true;
  bool readsUninitialised = false;  // the error path reads memory nobody wrote (see below)
};

/// Reads the `// @key value` header lines of a regression program.
RegressionProgram readHeader(const fs::path& file) {
  RegressionProgram out;
  out.path = file.string();
  std::ifstream in(file);
  std::string line;
  static const std::regex header(R"(^//\s*@([a-z-]+)\s+(\S+))");
  bool sawExpect = false;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, header)) break;
    if (m[1] == "expect") {
      sawExpect = true;
      out.expectSafe = m[2] == "safe";
      EXPECT_TRUE(m[2] == "safe" || m[2] == "unsafe") << file;
    } else if (m[1] == "error-function") {
      out.errorFunction = m[2];
    } else if (m[1] == "data-model") {
      out.ilp32 = m[2] == "ILP32";
    } else if (m[1] == "reads") {
      out.readsUninitialised = m[2] == "uninitialised";
    }
  }
  EXPECT_TRUE(sawExpect) << file << " lacks `// @expect safe|unsafe` on its first line";
  return out;
}

std::vector<RegressionProgram> regressionPrograms() {
  fs::path dir = fs::path(ARGUS_SOURCE_DIR) / "tests" / "regression" / "c";
  std::vector<RegressionProgram> out;
  for (auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".c") out.push_back(readHeader(entry.path()));
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.path < b.path; });
  return out;
}

TEST(Regression, ProgramsBehaveAsTheirHeadersSay) {
  std::vector<RegressionProgram> programs = regressionPrograms();
  ASSERT_GE(programs.size(), 15u);
  for (const RegressionProgram& r : argus::testing::sanitizerSlice(programs)) {
    SCOPED_TRACE(r.path);
    frontend::CTask task = frontend::plainTask(r.path, r.errorFunction, r.ilp32);
    Logger log;
    Stats stats;
    frontend::CFrontendOptions bv;
    bv.encoding = ir::Encoding::BitVector;
    frontend::translateC(task, bv, log, stats)->validate();
    auto program = frontend::translateC(task, {}, log, stats);
    program->validate();
    EXPECT_EQ(stats.getInt("frontend.unsupported_edges"), 0);
    argus::testing::Exploration e = argus::testing::explore(*program, 120, 2);
    if (r.expectSafe) {
      EXPECT_FALSE(e.errorReachable) << "an error path in a safe program";
      continue;
    }
    ASSERT_TRUE(e.errorReachable) << "no error path found in an unsafe program";
    // The explorer's witness holds nondet inputs only; a path through uninitialised memory replays with
    // the memory contents certify rebuilds from a trace, which the engine suites (regression.c.*) check.
    if (r.readsUninitialised) continue;
    frontend::ReplayOutcome outcome = argus::testing::replayWitness(task, e);
    EXPECT_TRUE(outcome.reachedError) << outcome.detail;
  }
}

}  // namespace
