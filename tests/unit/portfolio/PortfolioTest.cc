// The portfolio runner on stand-in engines (functions run in the forked children): the first decided
// report wins and stops the others, an UNKNOWN hands its slot on, a crash is a failure and not an answer,
// an interrupt stops everything, large reports arrive whole; and the default lists by program shape.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <set>
#include <thread>

#include "portfolio/Portfolio.h"
#include "util/Options.h"
#include "util/Stats.h"

using namespace argus;
using portfolio::RunReport;

namespace {

RunReport decided(const std::string& engine, const std::string& text = "Verdict: TRUE\n") {
  RunReport r;
  r.engine = engine;
  r.decided = true;
  r.exitCode = 0;
  r.stdoutText = text;
  r.jsonText = "{}";
  return r;
}

RunReport unknown(const std::string& engine) {
  RunReport r;
  r.engine = engine;
  r.exitCode = 20;
  r.stdoutText = "Verdict: UNKNOWN (timeout)\n";
  return r;
}

void sleepSeconds(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

const auto never = [] { return false; };

/// Engines without shares, in this order.
std::vector<portfolio::Slot> queue(std::initializer_list<const char*> names) {
  std::vector<portfolio::Slot> out;
  for (const char* n : names) out.push_back({n});
  return out;
}

constexpr double kTimeLimit = 600;

}  // namespace

TEST(Portfolio, TheFirstDecidedReportWinsAndTheOthersAreStopped) {
  Stopwatch clock;
  auto outcome = portfolio::runParallel(queue({"slow", "fast"}), 2, kTimeLimit,
      [](const std::string& e) {
        if (e == "slow") sleepSeconds(60);
        return decided(e, "Verdict: FALSE(unreach-call)\n");
      },
      never);
  ASSERT_TRUE(outcome.winner.has_value());
  EXPECT_EQ(outcome.reports[*outcome.winner].engine, "fast");
  EXPECT_EQ(outcome.reports[*outcome.winner].stdoutText, "Verdict: FALSE(unreach-call)\n");
  EXPECT_EQ(outcome.killed, std::vector<std::string>{"slow"});
  EXPECT_LT(clock.seconds(), 30) << "the slow engine was not stopped";
}

TEST(Portfolio, AnUnknownHandsItsSlotToTheNextEngineInListOrder) {
  auto outcome = portfolio::runParallel(queue({"gives-up", "decides", "never-started"}), 1, kTimeLimit,
      [](const std::string& e) { return e == "gives-up" ? unknown(e) : decided(e); }, never);
  ASSERT_EQ(outcome.reports.size(), 2u);
  EXPECT_EQ(outcome.reports[0].engine, "gives-up");
  EXPECT_FALSE(outcome.reports[0].decided);
  EXPECT_EQ(outcome.reports[0].exitCode, 20);
  ASSERT_EQ(outcome.winner, std::optional<size_t>(1));
  EXPECT_EQ(outcome.reports[1].engine, "decides");
  EXPECT_TRUE(outcome.killed.empty());
}

TEST(Portfolio, WithoutADecidedReportThereIsNoWinner) {
  auto outcome = portfolio::runParallel(queue({"a", "b", "c"}), 2, kTimeLimit, [](const std::string& e) { return unknown(e); }, never);
  EXPECT_FALSE(outcome.winner.has_value());
  EXPECT_EQ(outcome.reports.size(), 3u);
  for (auto& r : outcome.reports) EXPECT_EQ(r.stdoutText, "Verdict: UNKNOWN (timeout)\n");
}

TEST(Portfolio, ACrashIsAFailureNotAnAnswer) {
  auto outcome = portfolio::runParallel(queue({"crashes", "decides"}), 2, kTimeLimit,
      [](const std::string& e) {
        if (e == "crashes") std::abort();
        sleepSeconds(0.3);
        return decided(e);
      },
      never);
  ASSERT_TRUE(outcome.winner.has_value());
  EXPECT_EQ(outcome.reports[*outcome.winner].engine, "decides");
  ASSERT_EQ(outcome.reports.size(), 2u);
  EXPECT_EQ(outcome.reports[0].engine, "crashes");
  EXPECT_FALSE(outcome.reports[0].decided);
  EXPECT_NE(outcome.reports[0].failure.find("signal"), std::string::npos) << outcome.reports[0].failure;
}

TEST(Portfolio, AnExceptionInTheChildIsAFailure) {
  auto outcome = portfolio::runParallel(queue({"throws"}), 1, kTimeLimit, [](const std::string&) -> RunReport { throw std::runtime_error("no"); }, never);
  ASSERT_EQ(outcome.reports.size(), 1u);
  EXPECT_FALSE(outcome.winner.has_value());
  EXPECT_NE(outcome.reports[0].failure.find("exited with 3"), std::string::npos) << outcome.reports[0].failure;
}

TEST(Portfolio, AStopRequestKillsEveryChild) {
  Stopwatch clock;
  auto outcome = portfolio::runParallel(queue({"a", "b"}), 2, kTimeLimit,
      [](const std::string& e) {
        sleepSeconds(60);
        return decided(e);
      },
      [&] { return clock.seconds() > 0.3; });
  EXPECT_FALSE(outcome.winner.has_value());
  EXPECT_TRUE(outcome.reports.empty());
  EXPECT_EQ(outcome.killed.size(), 2u);
  EXPECT_LT(clock.seconds(), 30);
}

TEST(Portfolio, LargeReportsArriveWhole) {
  std::string big(3 << 20, 'x');  // far beyond a pipe's buffer
  for (size_t i = 0; i < big.size(); i += 4097) big[i] = static_cast<char>('a' + i % 26);
  auto outcome = portfolio::runParallel(queue({"big"}), 1, kTimeLimit, [&](const std::string& e) { return decided(e, big); }, never);
  ASSERT_TRUE(outcome.winner.has_value());
  EXPECT_EQ(outcome.reports[0].stdoutText, big);
  EXPECT_EQ(outcome.reports[0].jsonText, "{}");
}

TEST(Portfolio, AnEngineWhoseShareHasPassedGivesItsSlotToTheNext) {
  // One job: "hangs" may run for 5% of a 20 s budget (1 s); then "decides" gets the slot.
  Stopwatch clock;
  std::vector<portfolio::Slot> slots{{"hangs", 0.05}, {"decides"}};
  auto outcome = portfolio::runParallel(slots, 1, 20,
      [](const std::string& e) {
        if (e == "hangs") sleepSeconds(60);
        return decided(e);
      },
      never);
  ASSERT_TRUE(outcome.winner.has_value());
  EXPECT_EQ(outcome.reports[*outcome.winner].engine, "decides");
  EXPECT_EQ(outcome.yielded, std::vector<std::string>{"hangs"});
  EXPECT_TRUE(outcome.killed.empty());
  EXPECT_GE(clock.seconds(), 0.9) << "the share was cut short";
  EXPECT_LT(clock.seconds(), 30) << "the share did not end the engine";
}

TEST(Portfolio, AnEngineCertifyingAnAnswerKeepsItsSlotPastItsShare) {
  // One job: "certifies" answers within its share of 1 s, announces it, and certify takes 2 s more; its
  // answer wins although its share has passed ("next" would win otherwise). Without the announcement the
  // share ends it as before.
  for (bool announces : {true, false}) {
    std::vector<portfolio::Slot> slots{{"certifies", 0.05}, {"next"}};
    auto outcome = portfolio::runParallel(slots, 1, 20,
        [announces](const std::string& e) {
          if (e == "certifies") {
            sleepSeconds(0.2);
            if (announces) portfolio::announceCertifying();
            sleepSeconds(2);
          }
          return decided(e);
        },
        never);
    ASSERT_TRUE(outcome.winner.has_value());
    EXPECT_EQ(outcome.reports[*outcome.winner].engine, announces ? "certifies" : "next");
    EXPECT_EQ(outcome.reports[*outcome.winner].stdoutText, "Verdict: TRUE\n")
        << "the announcement stayed in the report";
    EXPECT_EQ(outcome.yielded.empty(), announces);
  }
}

TEST(Portfolio, AnEngineWithoutShareKeepsItsSlotToTheEnd) {
  // "slow" has no share: it answers after 1.5 s although "next" waits for the only slot.
  std::vector<portfolio::Slot> slots{{"slow"}, {"next"}};
  auto outcome = portfolio::runParallel(slots, 1, 1,
      [](const std::string& e) {
        if (e == "slow") sleepSeconds(1.5);
        return decided(e);
      },
      never);
  ASSERT_TRUE(outcome.winner.has_value());
  EXPECT_EQ(outcome.reports[*outcome.winner].engine, "slow");
  EXPECT_TRUE(outcome.yielded.empty());
}

TEST(Portfolio, DefaultEnginesFollowTheProgramsShape) {
  auto names = [](const std::vector<portfolio::Slot>& slots) {
    std::vector<std::string> out;
    for (auto& s : slots) out.push_back(s.engine);
    return out;
  };
  auto c = names(portfolio::defaultEngines({false, false, false}));
  auto recursive = names(portfolio::defaultEngines({false, true, false}));
  auto linear = names(portfolio::defaultEngines({true, false, false}));
  auto nonLinear = names(portfolio::defaultEngines({true, false, true}));
  EXPECT_EQ(c.front(), "kind");
  EXPECT_GE(c.size(), 2u);
  // Engines that inline refuse recursion: they must not take the slots of those that do not.
  for (const auto* refuses : {"kind", "predabs", "impact"}) {
    EXPECT_EQ(std::count(recursive.begin(), recursive.end(), refuses), 0) << refuses;
    EXPECT_EQ(std::count(nonLinear.begin(), nonLinear.end(), refuses), 0) << refuses;
  }
  EXPECT_EQ(recursive.front(), "recmc");
  // Stratified inlining only where a program has many procedures, beside kind.
  auto large = names(portfolio::defaultEngines({.manyProcedures = true}));
  EXPECT_EQ(std::count(c.begin(), c.end(), "corral"), 0);
  EXPECT_EQ(large.front(), "kind");
  ASSERT_GE(large.size(), 2u);
  EXPECT_EQ(large[1], "corral");
  EXPECT_EQ(nonLinear.front(), "recmc");
  EXPECT_NE(std::find(linear.begin(), linear.end(), "recmc"), linear.end());
  // Linear clauses over the reals: recmc from the start, the others of the linear list after it.
  auto reals = names(portfolio::defaultEngines({true, false, false, true}));
  EXPECT_EQ(reals.front(), "recmc");
  EXPECT_EQ(std::set<std::string>(reals.begin(), reals.end()), std::set<std::string>(linear.begin(), linear.end()));
  EXPECT_EQ(names(portfolio::defaultEngines({true, false, true, true})), nonLinear);
  // A share ends an engine before the time limit: the last engine of every list keeps its slot.
  for (const portfolio::Shape& shape : {portfolio::Shape{false, false, false}, portfolio::Shape{false, true, false},
                                        portfolio::Shape{true, false, false}, portfolio::Shape{true, false, true},
                                        portfolio::Shape{true, false, false, true},
                                        portfolio::Shape{.manyProcedures = true}})
    EXPECT_EQ(portfolio::defaultEngines(shape).back().share, 0);
}

TEST(Portfolio, EngineListsAreSplitTrimmedAndDeduplicated) {
  using portfolio::Slot;
  EXPECT_EQ(portfolio::parseEngineList("kind, bmc,,kind ,recmc"),
            (std::vector<Slot>{{"kind"}, {"bmc"}, {"recmc"}}));
  EXPECT_EQ(portfolio::parseEngineList("kind,predabs@0.4, recmc @ 0.25"),
            (std::vector<Slot>{{"kind"}, {"predabs", 0.4}, {"recmc", 0.25}}));
  EXPECT_TRUE(portfolio::parseEngineList(" , ").empty());
  for (const char* bad : {"kind@", "kind@0", "kind@1", "kind@1.5", "kind@-0.2", "kind@half", "kind@0.4x"})
    EXPECT_THROW(portfolio::parseEngineList(bad), OptionError) << bad;
  EXPECT_EQ(portfolio::describe({{"kind"}, {"predabs", 0.4}}), "kind, predabs (40% of the time)");
  // legion+: Corral's and Legion's strategies, half the budget each; an engine named beside it once.
  EXPECT_EQ(portfolio::parseEngineList("legion+"), (std::vector<Slot>{{"corral", 0.5}, {"legion", 0.5}}));
  EXPECT_EQ(portfolio::parseEngineList("legion, legion+"), (std::vector<Slot>{{"legion"}, {"corral", 0.5}}));
  EXPECT_THROW(portfolio::parseEngineList("legion+@0.5"), OptionError);
  EXPECT_GE(portfolio::availableCores(), 1u);
  EXPECT_EQ(portfolio::jobsFor(3), 3u);
  EXPECT_EQ(portfolio::jobsFor(0), portfolio::availableCores());
}
