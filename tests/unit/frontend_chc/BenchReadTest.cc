// Every CHC benchmark of ../shared/bench/chc is read (and becomes a program that validates) or rejected
// with an InputError naming the file; the test lists the rejected ones (a slice of the files under the
// sanitizers, testing/Sanitizers.h).
#include <gtest/gtest.h>

#include <filesystem>

#include "ChcTestUtil.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "testing/Sanitizers.h"
#include "util/Error.h"

using namespace argus;

TEST(ChcBench, EveryFileIsReadOrRejectedClearly) {
  std::vector<std::string> files = chctest::benchFiles();
  ASSERT_GE(files.size(), 250u) << "expected the 250 CHC tasks of ../shared/bench";
  files = argus::testing::sanitizerSlice(files);
  size_t read = 0, linear = 0;
  std::vector<std::string> rejected;
  for (auto& f : files) {
    try {
      chc::ChcSystem sys = chc::readChcFile(f);
      chc::ChcProgram prog = chc::toProgram(sys);  // validates
      EXPECT_EQ(prog.encoding.linear, sys.isLinear());
      ++read;
      linear += sys.isLinear();
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), f);
      rejected.push_back(e.what());
    }
  }
  for (auto& r : rejected) std::cout << "rejected: " << r << "\n";
  std::cout << read << " read (" << linear << " linear), " << rejected.size() << " rejected\n";
  EXPECT_EQ(read + rejected.size(), files.size());
}
