// C → CHC: small C programs of tests/regression/c through the C front end (translateC) and the Horn
// writer; z3 must answer their expected verdict (sat = safe, unsat = unsafe), and our reader reads the file.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "ChcTestUtil.h"
#include "frontend/c/CFrontend.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "frontend/chc/Writer.h"
#include "testing/TestFolder.h"
#include "testing/Paths.h"

using namespace argus;

TEST(ChcFromC, SmallProgramsKeepTheirVerdict) {
  // Loops, procedures with results, recursion, globals, unsigned wrap-around; both verdicts each.
  const std::vector<std::string> names = {"procedures_safe",    "procedures_unsafe", "recursion_safe",
                                          "recursion_unsafe",   "global_array_safe", "bounded_loop_unsafe",
                                          "unsigned_wrap_safe", "unsigned_wrap_unsafe"};
  Logger log(0);
  argus::testing::TestFolder dir;
  for (auto& name : names) {
    std::string file = std::string(ARGUS_SOURCE_DIR) + "/tests/regression/c/" + name + ".c";
    SCOPED_TRACE(file);
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, std::regex("@expect (safe|unsafe)")));
    Stats stats;
    auto program = frontend::translateC(frontend::plainTask(file, "reach_error", true), {}, log, stats);
    std::string out = dir.path(name + ".smt2");
    chc::writeHornFile(*program, out);
    EXPECT_NO_THROW(chc::toProgram(chc::readChcFile(out)));
    EXPECT_EQ(chctest::runZ3(out, 20), m[1].str() == "safe" ? "sat" : "unsat") << "written: " << out;
  }
}
