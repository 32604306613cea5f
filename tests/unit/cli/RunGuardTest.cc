// The run guard: SIGINT requests a cooperative stop of the run's token, a second one ends the process
// after killing its children and removing its temporary folders; the hard deadline fires its action once
// and only when the run has not ended before.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

#include "cli/RunGuard.h"
#include "testing/Processes.h"
#include "util/TempDir.h"

using namespace argus;
using namespace std::chrono_literals;

namespace {

template <typename Condition>
bool eventually(Condition condition) {
  for (int i = 0; i < 200; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return condition();
}

}  // namespace

TEST(RunGuard, InterruptRequestsAStop) {
  auto token = std::make_shared<ShutdownToken>();
  cli::RunGuard guard(token, 0, nullptr);
  EXPECT_FALSE(token->stopRequested());
  raise(SIGINT);
  EXPECT_TRUE(eventually([&] { return token->stopRequested(); }));
  EXPECT_EQ(token->reason(), "interrupted");
}

TEST(RunGuard, HardDeadlineFiresOnce) {
  std::atomic<int> fired{0};
  {
    cli::RunGuard guard(std::make_shared<ShutdownToken>(), 0.05, [&] { ++fired; });
    EXPECT_TRUE(eventually([&] { return fired.load() > 0; }));
  }
  EXPECT_EQ(fired.load(), 1);
}

TEST(RunGuard, NoDeadlineActionWhenTheRunEndsFirst) {
  std::atomic<int> fired{0};
  { cli::RunGuard guard(std::make_shared<ShutdownToken>(), 30, [&] { ++fired; }); }
  EXPECT_EQ(fired.load(), 0);
}

TEST(RunGuardDeathTest, SecondInterruptReleasesChildrenAndTemporaryFoldersThenEnds) {
  argus::testing::TestFolder dir;
  std::string started = dir.path("started");
  argus::testing::TmpdirScope tmpdir;
  // In the child: a live temporary folder, a child process that would run for a minute, two Ctrl-C.
  EXPECT_EXIT(
      {
        TempDir work;
        std::ofstream(work.file("f")) << "x";
        argus::testing::runInBackground("echo $$ > " + started + "; sleep 60");
        if (argus::testing::awaitLine(started).empty()) _exit(1);
        auto token = std::make_shared<ShutdownToken>();
        cli::RunGuard guard(token, 0, nullptr);
        raise(SIGINT);
        if (!eventually([&] { return token->stopRequested(); })) _exit(2);
        raise(SIGINT);
        std::this_thread::sleep_for(10s);
        _exit(3);
      },
      ::testing::KilledBySignal(SIGINT), "");
  EXPECT_EQ(tmpdir.leftovers(), "");
  std::string shell = argus::testing::awaitLine(started);
  ASSERT_FALSE(shell.empty());
  EXPECT_TRUE(argus::testing::ended(std::stoi(shell))) << "the child process survived";
}
