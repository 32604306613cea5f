// The live progress line: quiet in the first seconds, one line rewritten in place on a terminal, whole
// lines now and then with -v, what the engine's statistics say, and a cleared line at the end.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/Progress.h"

using namespace argus;
using namespace argus::cli;

TEST(ProgressLine, OnATerminalOneLineIsRewrittenAfterTheFirstSeconds) {
  std::ostringstream err;
  Stats stats;
  stats.set("kind.k", int64_t{7});
  ProgressLine line(err, "kind", &stats, /*terminal=*/true, /*verbose=*/false);
  line.tick(1.0);
  EXPECT_EQ(err.str(), "") << "nothing in the first seconds";
  line.tick(3.5);
  EXPECT_EQ(err.str(), "\r\033[K[progress] kind: k = 7, 4 s");
  line.tick(3.9);
  EXPECT_EQ(err.str(), "\r\033[K[progress] kind: k = 7, 4 s") << "at most once a second";
  stats.set("kind.k", int64_t{8});
  line.tick(4.6);
  EXPECT_NE(err.str().find("k = 8"), std::string::npos);
  line.stop();
  EXPECT_TRUE(err.str().ends_with("\r\033[K")) << "the line is cleared before the verdict";
}

TEST(ProgressLine, WithVerboseOutputWholeLinesComeEveryTenSeconds) {
  std::ostringstream err;
  ProgressLine line(err, "portfolio (kind, recmc)", nullptr, /*terminal=*/false, /*verbose=*/true);
  for (double t = 0; t < 25; t += 0.5) line.tick(t);
  EXPECT_EQ(err.str(), "[progress] portfolio (kind, recmc), 3 s\n[progress] portfolio (kind, recmc), 13 s\n"
                       "[progress] portfolio (kind, recmc), 23 s\n");
  line.stop();
  EXPECT_FALSE(err.str().ends_with("\033[K")) << "no terminal codes in a log";
}

TEST(ProgressLine, SilentWhenNeitherATerminalNorVerbose) {
  std::ostringstream err;
  ProgressLine line(err, "bmc", nullptr, false, false);
  line.startTicking();
  line.tick(100);
  line.stop();
  EXPECT_EQ(err.str(), "");
}
