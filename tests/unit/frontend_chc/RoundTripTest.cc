// Round trip: benchmark file → ir::Program → Horn writer → z3 gives the answer z3 gives on the original
// (and the expected one). Small files of every kind (linear/non-linear, sat/unsat), short timeouts.
#include <gtest/gtest.h>

#include "ChcTestUtil.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "frontend/chc/Writer.h"
#include "testing/TestFolder.h"

using namespace argus;

namespace {

struct Tally {
  int compared = 0, undecided = 0;
};

/// Compares z3's answers on the file and on its round trip; false if z3 does not decide the original fast.
bool roundTrip(const std::string& file, Tally& tally) {
  std::string original = chctest::runZ3(file, 1);
  if (original != "sat" && original != "unsat") {
    std::cout << "not compared, z3 does not decide the original within 1 s: " << file << "\n";
    ++tally.undecided;
    return false;
  }
  EXPECT_EQ(original, chctest::expectedAnswer(file)) << file;
  chc::ChcSystem sys = chc::readChcFile(file);
  chc::ChcProgram prog = chc::toProgram(sys);
  argus::testing::TestFolder dir;
  std::string out = dir.path("roundtrip.smt2");
  chc::writeHornFile(*prog.program, out, "round trip of " + file);
  std::string written = chctest::runZ3(out, 5);
  EXPECT_EQ(written, original) << file << " (written: " << out << ")";
  ++tally.compared;
  return true;
}

}  // namespace

TEST(ChcRoundTrip, SmallBenchmarksKeepTheirAnswer) {
  Tally tally;
  for (std::string dir : {"LIA-Lin", "LIA-NonLin"})
    for (std::string answer : {"sat", "unsat"}) {
      int done = 0;
      for (auto& f : chctest::smallestWithAnswer(dir, answer, 8))
        if (done < 3 && roundTrip(f, tally)) ++done;
    }
  std::cout << tally.compared << " compared, " << tally.undecided << " not compared\n";
  EXPECT_GE(tally.compared, 10) << "too few files decided by z3 to compare";
}
