// Options: validation of values against their specs, defaults, and KEY=VALUE parsing.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

#include "util/Options.h"
#include "util/Shutdown.h"
#include "util/Stats.h"

using namespace argus;

namespace {
OptionRegistry sampleRegistry() {
  OptionRegistry r;
  r.addInt("bmc.max_bound", 100, "largest bound", 1, 1000);
  r.addBool("bmc.forward", true, "forward condition");
  r.addChoice("predabs.block", "lbe", {"sbe", "lbe", "abe"}, "block encoding");
  r.addDouble("x.ratio", 0.5, "ratio");
  return r;
}
}  // namespace

TEST(Options, DefaultsAndOverrides) {
  auto reg = sampleRegistry();
  Options o(reg);
  EXPECT_EQ(o.getInt("bmc.max_bound"), 100);
  EXPECT_TRUE(o.getBool("bmc.forward"));
  o.setAssignment("bmc.max_bound=7");
  o.set("bmc.forward", "false");
  o.set("predabs.block", "sbe");
  EXPECT_EQ(o.getInt("bmc.max_bound"), 7);
  EXPECT_FALSE(o.getBool("bmc.forward"));
  EXPECT_EQ(o.getString("predabs.block"), "sbe");
  EXPECT_DOUBLE_EQ(o.getDouble("x.ratio"), 0.5);
  EXPECT_EQ(o.nonDefault().size(), 3u);
}

TEST(Options, RejectsBadInput) {
  auto reg = sampleRegistry();
  Options o(reg);
  EXPECT_THROW(o.set("bmc.nope", "1"), OptionError);
  EXPECT_THROW(o.set("bmc.max_bound", "abc"), OptionError);
  EXPECT_THROW(o.set("bmc.max_bound", "0"), OptionError);  // below minimum
  EXPECT_THROW(o.set("predabs.block", "xbe"), OptionError);
  EXPECT_THROW(o.setAssignment("novalue"), OptionError);
  EXPECT_NE(reg.helpText().find("predabs.block"), std::string::npos);
}

// std::stod reads "nan" and "inf", so --timeout nan was accepted (fuzz/OptionsFuzz.cc checks it).
TEST(Options, NumbersMustBeFinite) {
  auto reg = sampleRegistry();
  Options o(reg);
  for (const char* bad : {"nan", "NAN", "inf", "-infinity", "1e999"}) EXPECT_THROW(o.set("x.ratio", bad), OptionError) << bad;
  o.set("x.ratio", "1e300");
  EXPECT_EQ(o.getDouble("x.ratio"), 1e300);
}

// A value that quotes a line break still gives a one-line message (the CLI prints one line per error).
TEST(Options, ErrorsStayOnOneLine) {
  auto reg = sampleRegistry();
  Options o(reg);
  try {
    o.setAssignment("bmc.max_bound=1\n2");
    ADD_FAILURE() << "accepted";
  } catch (const OptionError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'1\\n2'"), std::string::npos) << e.what();
  }
}

TEST(Stats, CountsAndKeepsOrder) {
  Stats s;
  s.add("b.count");
  s.add("b.count", 2);
  s.addTime("a.time", 0.25);
  s.setMax("c.max", 3);
  s.setMax("c.max", 2);
  EXPECT_EQ(s.getInt("b.count"), 3);
  EXPECT_EQ(s.getInt("c.max"), 3);
  auto entries = s.entries();
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].first, "b.count");
  EXPECT_EQ(s.toJson()["a.time"].get<double>(), 0.25);
}

TEST(Shutdown, ChildStopsWithParentAndCallbacksFire) {
  auto parent = std::make_shared<ShutdownToken>();
  auto child = ShutdownToken::childOf(parent);
  int fired = 0;
  StopCallbackScope scope(child.get(), [&] { ++fired; });
  EXPECT_FALSE(child->stopRequested());
  parent->requestStop("winner found");
  EXPECT_TRUE(child->stopRequested());
  EXPECT_EQ(fired, 1);
  EXPECT_EQ(child->reason(), "winner found");
}

// A timeout too large for the clock (--timeout 1e300) was converted to nanoseconds: undefined behaviour
// (UBSan: value out of range for long). Now it is the farthest deadline; NaN is none.
TEST(Shutdown, HugeTimeoutsAreFarDeadlines) {
  EXPECT_EQ(ShutdownToken::deadlineAfter(1e300), ShutdownToken::Clock::time_point::max());
  EXPECT_EQ(ShutdownToken::deadlineAfter(std::numeric_limits<double>::infinity()),
            ShutdownToken::Clock::time_point::max());
  EXPECT_GT(ShutdownToken::deadlineAfter(60), ShutdownToken::Clock::now());
  ShutdownToken far;
  far.setTimeout(1e300);
  EXPECT_FALSE(far.stopRequested());
  EXPECT_GT(far.remainingSeconds(), 1e6);
  ShutdownToken none;
  none.setTimeout(std::nan(""));
  EXPECT_FALSE(none.stopRequested());
}

TEST(Shutdown, DeadlinePasses) {
  ShutdownToken t;
  t.setTimeout(0.001);
  while (!t.stopRequested()) {
  }
  EXPECT_TRUE(t.timedOut());
  EXPECT_EQ(t.reason(), "timeout");
  EXPECT_LE(t.remainingSeconds(), 0.0);
}
