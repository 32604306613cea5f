// The portfolio at its time limit: an engine still waiting for a slot when the limit has passed does not
// start (it could only stop at once, and the answer would wait for it); one running that has not reported
// a second after the limit yields its slot.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "portfolio/Portfolio.h"
#include "util/Stats.h"

using namespace argus;

namespace {

portfolio::RunReport timedOut(const std::string& engine) {
  portfolio::RunReport r;
  r.engine = engine;
  r.exitCode = 20;
  r.stdoutText = "Verdict: UNKNOWN (timeout)\n";
  return r;
}

}  // namespace

TEST(PortfolioTimeLimit, EnginesWaitingWhenTheLimitPassesDoNotStart) {
  Stopwatch clock;
  // One slot: "first" runs 0.5 s, and the limit has passed by the time it ends.
  auto outcome = portfolio::runParallel(
      {{"first"}, {"second"}, {"third"}}, 1, 600,
      [](const std::string& e) {
        if (e == "first") std::this_thread::sleep_for(std::chrono::milliseconds(500));
        else std::this_thread::sleep_for(std::chrono::seconds(30));
        return timedOut(e);
      },
      [] { return false; }, [&] { return clock.seconds() > 0.2; });
  EXPECT_LT(clock.seconds(), 10);
  ASSERT_EQ(outcome.reports.size(), 1u);
  EXPECT_EQ(outcome.reports[0].engine, "first");
  EXPECT_EQ(outcome.notStarted, (std::vector<std::string>{"second", "third"}));
  EXPECT_FALSE(outcome.winner.has_value());
}

TEST(PortfolioTimeLimit, WithoutALimitEveryEngineRuns) {
  auto outcome = portfolio::runParallel({{"a"}, {"b"}}, 1, 600, [](const std::string& e) { return timedOut(e); },
                                        [] { return false; }, [] { return false; });
  EXPECT_EQ(outcome.reports.size(), 2u);
  EXPECT_TRUE(outcome.notStarted.empty());
}

TEST(PortfolioTimeLimit, AnEngineThatDoesNotReportSoonAfterTheLimitYieldsItsSlot) {
  Stopwatch clock;
  // "stuck" ignores the limit (as Z3 may in a large query); "prompt" reports as the limit passes.
  auto outcome = portfolio::runParallel(
      {{"stuck"}, {"prompt"}}, 2, 600,
      [](const std::string& e) {
        std::this_thread::sleep_for(e == "stuck" ? std::chrono::milliseconds(60000) : std::chrono::milliseconds(300));
        return timedOut(e);
      },
      [] { return false; }, [&] { return clock.seconds() > 0.3; });
  EXPECT_LT(clock.seconds(), 5);
  ASSERT_EQ(outcome.reports.size(), 1u);
  EXPECT_EQ(outcome.reports[0].engine, "prompt");
  EXPECT_EQ(outcome.yielded, std::vector<std::string>{"stuck"});
}
