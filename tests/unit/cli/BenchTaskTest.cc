// Reading benchmark lists: directories, .txt lists with comments and variables, single files, and the
// expected verdict from a .yml, a comment in the file, or the nearest MANIFEST.tsv.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "cli/bench/Task.h"
#include "util/Error.h"
#include "testing/TestFolder.h"
#include "testing/Paths.h"

using namespace argus;
using namespace argus::cli::bench;
using argus::testing::TestFolder;

namespace {

/// root/MANIFEST.tsv, root/chc/{a,b}.smt2, root/c/{plain.c, commented.c, task.yml, task.c}, root/lists/l.txt
struct BenchTree {
  TestFolder dir;
  BenchTree() {
    dir.write("MANIFEST.tsv",
              "suite\tpath\texpected\terror_function\n"
              "chc\tchc/a.smt2\tunsat\t-\n"
              "c\tc/plain.c\tfalse\t__VERIFIER_error\n"
              "chc\tchc/b.smt2\tunsat\t-\n");
    dir.write("chc/a.smt2", "(set-logic HORN)\n");
    dir.write("chc/b.smt2", "; expect: sat\n(set-logic HORN)\n");
    dir.write("c/plain.c", "int main() { return 0; }\n");
    dir.write("c/commented.c",
              "// @expect safe\n// @error-function __VERIFIER_error\n// @data-model ILP32\n");
    dir.write("c/task.c", "int main() { return 0; }\n");
    dir.write("c/task.yml",
              "format_version: '2.0'\ninput_files: 'task.c'\nproperties:\n"
              "  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\n"
              "options:\n  language: C\n  data_model: ILP32\n");
    dir.write("properties/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
  }
};

std::vector<std::string> displays(const std::vector<BenchTask>& tasks) {
  std::vector<std::string> out;
  for (auto& t : tasks) out.push_back(t.display);
  return out;
}

}  // namespace

TEST(BenchTasks, DirectoryTakesYmlsAndCFilesNoYmlUses) {
  BenchTree t;
  auto tasks = collectTasks({t.dir.path("c")});
  EXPECT_EQ(displays(tasks), (std::vector<std::string>{"c/commented.c", "c/plain.c", "c/task.yml"}));
  EXPECT_EQ(tasks[0].expectedSafe, std::optional<bool>(true));
  EXPECT_EQ(tasks[0].errorFunction, "__VERIFIER_error");
  EXPECT_EQ(tasks[0].dataModel, "ILP32");
  EXPECT_EQ(tasks[1].expectedSafe, std::optional<bool>(false));
  EXPECT_EQ(tasks[1].dataModel, "");
  EXPECT_EQ(tasks[1].errorFunction, "__VERIFIER_error");
  EXPECT_EQ(tasks[2].expectedSafe, std::optional<bool>(false));
  EXPECT_EQ(tasks[2].category, "c");
  EXPECT_EQ(std::filesystem::path(tasks[2].programFile).filename(), "task.c");
}

namespace {

/// c/NAME.c and its task c/NAME.yml, whose property is properties/PROPERTY.prp (holding `formula`).
void writePropertyTask(BenchTree& t, const std::string& name, const std::string& property, const std::string& formula,
                       const std::string& verdict) {
  t.dir.write("c/" + name + ".c", "int main() { return 0; }\n");
  t.dir.write("c/" + name + ".yml",
              "format_version: '2.0'\ninput_files: '" + name + ".c'\nproperties:\n"
              "  - property_file: ../properties/" + property + ".prp\n    expected_verdict: " + verdict +
              "\noptions:\n  language: C\n  data_model: ILP32\n");
  t.dir.write("properties/" + property + ".prp", "CHECK( init(main()), LTL(" + formula + ") )\n");
}

}  // namespace

TEST(BenchTasks, DirectoryPassesOverTasksOfOtherPropertiesAndTheirCFiles) {
  BenchTree t;
  writePropertyTask(t, "overflow", "no-overflow", "G ! overflow", "true");
  writePropertyTask(t, "memory", "valid-memsafety", "G valid-free", "false\n    subproperty: valid-free");
  writePropertyTask(t, "ending", "termination", "F end", "true");
  std::vector<std::string> passedOver;
  auto tasks = collectTasks({t.dir.path("c")}, &passedOver);
  // no-overflow is checked (a FALSE must name it); memory safety is not yet, termination not at all.
  EXPECT_EQ(displays(tasks), (std::vector<std::string>{"c/commented.c", "c/overflow.yml", "c/plain.c", "c/task.yml"}));
  EXPECT_EQ(tasks[1].expectedViolation, "no-overflow");
  ASSERT_EQ(passedOver.size(), 2u);
  EXPECT_EQ(std::filesystem::path(passedOver[0]).filename(), "ending.yml");
  EXPECT_EQ(std::filesystem::path(passedOver[1]).filename(), "memory.yml");
  // Named on its own, a task of a property argus does not know is an error that says why; one of memory
  // safety is run (argus answers UNKNOWN, not supported yet) and expects its subproperty.
  EXPECT_THROW(collectTasks({t.dir.path("c/ending.yml")}), InputError);
  auto memory = collectTasks({t.dir.path("c/memory.yml")});
  ASSERT_EQ(memory.size(), 1u);
  EXPECT_EQ(memory[0].expectedViolation, "valid-free");
}

TEST(BenchTasks, SmtFilesReadCommentsBeforeTheManifest) {
  BenchTree t;
  auto tasks = collectTasks({t.dir.path("chc")});
  ASSERT_EQ(tasks.size(), 2u);
  EXPECT_TRUE(tasks[0].chc);
  EXPECT_EQ(tasks[0].expectedSafe, std::optional<bool>(false));  // MANIFEST: unsat
  EXPECT_EQ(tasks[1].expectedSafe, std::optional<bool>(true));   // comment: sat, manifest says unsat
  EXPECT_EQ(tasks[0].errorFunction, "");
}

TEST(BenchTasks, ListFilesResolveRelativePathsCommentsAndVariables) {
  BenchTree t;
  setenv("ARGUS_BENCH_TEST_ROOT", t.dir.root().c_str(), 1);
  unsetenv("ARGUS_BENCH_TEST_UNSET");
  std::string list = t.dir.write("lists/l.txt",
                                 "# a comment\n../c/commented.c   # why\n\n"
                                 "${ARGUS_BENCH_TEST_ROOT}/chc\n"
                                 "${ARGUS_BENCH_TEST_UNSET:-../c/plain.c}\n");
  auto tasks = collectTasks({list, t.dir.path("c/plain.c")});  // plain.c only once
  EXPECT_EQ(displays(tasks),
            (std::vector<std::string>{"c/commented.c", "chc/a.smt2", "chc/b.smt2", "c/plain.c"}));
}

TEST(BenchTasks, ListErrorsNameTheLine) {
  BenchTree t;
  unsetenv("ARGUS_BENCH_TEST_UNSET");
  std::string missing = t.dir.write("lists/missing.txt", "../c/plain.c\n\n../c/nothere.c\n");
  try {
    collectTasks({missing});
    FAIL() << "no error for a missing file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.txt:3: no such file"), std::string::npos) << e.what();
  }
  std::string unset = t.dir.write("lists/unset.txt", "${ARGUS_BENCH_TEST_UNSET}/x.c\n");
  EXPECT_THROW(collectTasks({unset}), InputError);
  EXPECT_THROW(collectTasks({t.dir.path("nothing-here")}), InputError);
  EXPECT_THROW(collectTasks({t.dir.write("x.h", "")}), InputError);
}

TEST(BenchTasks, ExpandVariablesWithDefaults) {
  setenv("ARGUS_BENCH_TEST_SET", "/s", 1);
  unsetenv("ARGUS_BENCH_TEST_UNSET");
  EXPECT_EQ(expandVariables("${ARGUS_BENCH_TEST_SET}/a/${ARGUS_BENCH_TEST_UNSET:-d}", "l", 1), "/s/a/d");
  EXPECT_EQ(expandVariables("plain/path", "l", 1), "plain/path");
  EXPECT_THROW(expandVariables("${ARGUS_BENCH_TEST_SET", "l", 1), InputError);
}

TEST(BenchTasks, SharedBenchmarksCarryTheirExpectedVerdicts) {
  std::filesystem::path bench = std::filesystem::path(ARGUS_SHARED_DIR) / "bench";
  ASSERT_TRUE(std::filesystem::exists(bench / "MANIFEST.tsv"))
      << "the shared benchmarks are missing: " << bench;
  BenchTask yml = makeTask((bench / "c/loop-lit/gcnr2008.yml").string());
  EXPECT_EQ(yml.expectedSafe, std::optional<bool>(false));
  EXPECT_EQ(yml.category, "loop-lit");
  BenchTask chc = makeTask((bench / "chc/LIA-Lin/extra-small-lia__s_mutants_05_000.smt2").string());
  EXPECT_EQ(chc.expectedSafe, std::optional<bool>(true));
  EXPECT_TRUE(chc.chc);
  auto entry = manifestEntry((bench / "c/loop-lit/gj2007.i").string());
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->errorFunction, "__VERIFIER_error");
}

TEST(BenchTasks, QuickListNamesSharedTasksOfManyCategories) {
  setenv("ARGUS_SHARED_DIR", ARGUS_SHARED_DIR, 1);
  auto tasks = collectTasks({std::string(ARGUS_SOURCE_DIR) + "/tests/lists/quick-c.txt"});
  std::set<std::string> categories;
  int safe = 0, unsafe = 0;
  for (auto& t : tasks) {
    categories.insert(t.category);
    ASSERT_TRUE(t.expectedSafe.has_value()) << t.path;
    (*t.expectedSafe ? safe : unsafe)++;
  }
  EXPECT_GE(tasks.size(), 30u);
  EXPECT_GE(categories.size(), 10u);
  EXPECT_GE(safe, 5);
  EXPECT_GE(unsafe, 5);
}
