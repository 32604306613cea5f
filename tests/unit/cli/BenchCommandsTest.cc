// Run configurations: parsing --run / --external / --min-solved / --cores / --virtual-best, word splitting and quoting, per-task command
// lines.
#include <gtest/gtest.h>

#include "cli/bench/Commands.h"
#include "util/Options.h"

using namespace argus;
using namespace argus::cli::bench;

TEST(BenchCommands, SplitsArgumentsLikeAShell) {
  EXPECT_EQ(splitArguments("--engine bmc  --set 'a=b c' \"x\\\"y\" z\\ w"),
            (std::vector<std::string>{"--engine", "bmc", "--set", "a=b c", "x\"y", "z w"}));
  EXPECT_EQ(splitArguments(""), std::vector<std::string>{});
  EXPECT_EQ(splitArguments("''"), std::vector<std::string>{""});
  EXPECT_THROW(splitArguments("'open"), OptionError);
}

TEST(BenchCommands, ParsesConfigurations) {
  RunSpec bmc = parseArgusRun("bmc=--engine bmc --set bmc.max_bound=5");
  EXPECT_EQ(bmc.name, "bmc");
  EXPECT_TRUE(bmc.isArgus);
  EXPECT_EQ(bmc.args, (std::vector<std::string>{"--engine", "bmc", "--set", "bmc.max_bound=5"}));
  EXPECT_EQ(bmc.description(), "--engine bmc --set bmc.max_bound=5");
  EXPECT_TRUE(parseArgusRun("plain=").args.empty());
  RunSpec z3 = parseExternalRun("z3=z3 -T:{timeout} {file}");
  EXPECT_FALSE(z3.isArgus);
  EXPECT_EQ(z3.description(), "z3 -T:{timeout} {file}");
  EXPECT_THROW(parseArgusRun("--engine bmc"), OptionError);
  EXPECT_THROW(parseArgusRun("=x"), OptionError);
  EXPECT_THROW(parseArgusRun("a b=x"), OptionError);
  EXPECT_THROW(parseExternalRun("tool=tool --no-placeholder"), OptionError);
}

TEST(BenchCommands, ParsesFloorsOfSolvedTasks) {
  SolvedFloor floor = parseSolvedFloor("predabs-lbe=17");
  EXPECT_EQ(floor.name, "predabs-lbe");
  EXPECT_EQ(floor.minimum, 17);
  EXPECT_EQ(parseSolvedFloor("bmc=0").minimum, 0);
  for (const char* bad : {"bmc", "bmc=", "=3", "bmc=-1", "bmc=1.5", "bmc=x", "bmc=99999999999"})
    EXPECT_THROW(parseSolvedFloor(bad), OptionError) << bad;
}

TEST(BenchCommands, ParsesCoreSharesAndVirtualBests) {
  CoreShare share = parseCoreShare("portfolio=2");
  EXPECT_EQ(share.name, "portfolio");
  EXPECT_EQ(share.cores, 2);
  for (const char* bad : {"portfolio", "portfolio=0", "portfolio=-2", "portfolio=two", "=2"})
    EXPECT_THROW(parseCoreShare(bad), OptionError) << bad;
  VirtualBestSpec best = parseVirtualBest("vbs=bmc,kind,,recmc");
  EXPECT_EQ(best.name, "vbs");
  EXPECT_EQ(best.members, (std::vector<std::string>{"bmc", "kind", "recmc"}));
  for (const char* bad : {"vbs=bmc", "vbs=", "vbs=bmc,bmc", "vbs", "v b=bmc,kind"})
    EXPECT_THROW(parseVirtualBest(bad), OptionError) << bad;
}

TEST(BenchCommands, FillsTemplatesWithQuotedPaths) {
  BenchTask t;
  t.path = "dir/it's.yml";
  t.programFile = "dir/a b.c";
  EXPECT_EQ(fillTemplate("tool -t {timeout} {file} --task {task}", t, 2.5),
            "tool -t 2.5 'dir/a b.c' --task 'dir/it'\\''s.yml'");
  EXPECT_EQ(shellQuote("plain"), "'plain'");
}

TEST(BenchCommands, BuildsTheArgusCommandLine) {
  BenchTask t;
  t.path = "c/x.c";
  t.programFile = "c/x.c";
  t.errorFunction = "__VERIFIER_error";
  t.dataModel = "ILP32";
  RunSpec run = parseArgusRun("bmc=--engine bmc");
  auto argv = commandFor(run, t, {"/bin/argus", 30, "out/x.json", ""});
  EXPECT_EQ(argv, (std::vector<std::string>{"/bin/argus", "verify", "c/x.c", "--timeout", "30",
                                            "--error-function", "__VERIFIER_error", "--data-model", "ILP32",
                                            "--engine", "bmc", "--json", "out/x.json"}));
  auto external = commandFor(parseExternalRun("e=tool {file}"), t, {"/bin/argus", 30, "", ""});
  EXPECT_EQ(external, (std::vector<std::string>{"/bin/sh", "-c", "tool 'c/x.c'"}));
}
