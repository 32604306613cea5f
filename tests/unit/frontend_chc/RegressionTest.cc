// The CHC regression files (tests/regression/chc/*.smt2, `; expect: sat|unsat`): read, written back with
// the same answer under z3, and their evidence (a model from Z3, a trace for linear unsat ones) checked.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "ChcOracle.h"
#include "ChcTestUtil.h"
#include "certify/chc/DerivationCheck.h"
#include "certify/chc/ModelCheck.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/Writer.h"
#include "testing/TestFolder.h"
#include "testing/Paths.h"

using namespace argus;
namespace fs = std::filesystem;

namespace {

std::string expectation(const std::string& file) {
  std::ifstream in(file);
  static const std::regex pattern("^; expect: (sat|unsat)");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, pattern)) return m[1].str();
  return "";
}

}  // namespace

TEST(ChcRegression, FilesHaveTheirExpectedAnswer) {
  std::vector<std::string> files;
  for (auto& e : fs::directory_iterator(fs::path(ARGUS_SOURCE_DIR) / "tests/regression/chc"))
    if (e.path().extension() == ".smt2") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 8u);
  argus::testing::TestFolder dir;
  for (auto& f : files) {
    SCOPED_TRACE(f);
    std::string expected = expectation(f);
    ASSERT_FALSE(expected.empty()) << "no '; expect: sat|unsat' line";
    EXPECT_EQ(chctest::runZ3(f, 10), expected);
    chc::ChcSystem sys = chc::readChcFile(f);
    chc::ChcProgram cp = chc::toProgram(sys);
    std::string written = dir.path(fs::path(f).filename().string());
    chc::writeHornFile(*cp.program, written);
    EXPECT_EQ(chctest::runZ3(written, 10), expected) << "written: " << written;
    if (expected == "sat") {
      auto m = chctest::z3Model(sys, 10000);
      ASSERT_TRUE(m);
      auto built = certify::chcModelFromCertificate(sys, cp, chctest::certificateOf(cp, *m));
      ASSERT_TRUE(built.model) << built.detail;
      EXPECT_TRUE(certify::checkChcModel(sys, *built.model, 10).accepted());
    } else if (cp.encoding.linear) {
      auto trace = chctest::bmcTrace(cp, 10);
      ASSERT_TRUE(trace);
      auto d = certify::chcDerivationFromTrace(sys, cp, *trace, 10);
      ASSERT_TRUE(d.derivation) << d.detail;
      EXPECT_TRUE(certify::checkChcDerivation(sys, *d.derivation, 10).accepted());
    }
  }
}
