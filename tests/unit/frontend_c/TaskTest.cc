// SV-COMP task files: a good task, the pre-2020 error function, and every kind of bad task file, each
// an InputError naming the file, the line and the problem.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"
#include "util/Error.h"
#include "testing/Paths.h"

using namespace argus;
namespace fs = std::filesystem;

namespace {

class Tasks : public ::testing::Test {
 protected:
  void SetUp() override {
    write("prog.c", "int main(void) { return 0; }\n");
    write("unreach.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    write("old.prp", "CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )\n");
    write("overflow.prp", "CHECK( init(main()), LTL(G ! overflow) )\n");
  }
  std::string write(const std::string& name, const std::string& text) {
    std::string path = dir_.file(name);
    std::ofstream(path) << text;
    return path;
  }
  std::string task(const std::string& properties, const std::string& options = "  language: C\n  data_model: LP64\n",
                   const std::string& input = "prog.c") {
    return write("task.yml", "format_version: '2.0'\ninput_files: '" + input + "'\nproperties:\n" + properties +
                                 "options:\n" + options);
  }
  /// The message of the InputError that loading `yml` throws.
  std::string failure(const std::string& yml, int expectedLine) {
    try {
      frontend::loadTask(yml);
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), yml);
      EXPECT_EQ(e.line(), expectedLine) << e.what();
      return e.what();
    }
    ADD_FAILURE() << "no InputError for " << yml;
    return "";
  }
  TempDir dir_;
};

TEST_F(Tasks, ReadsAGoodTask) {
  std::string yml = task("  - property_file: unreach.prp\n    expected_verdict: false\n");
  frontend::CTask t = frontend::loadTask(yml);
  EXPECT_EQ(fs::path(t.file), fs::path(dir_.file("prog.c")));
  EXPECT_EQ(t.errorFunction, "reach_error");
  EXPECT_FALSE(t.ilp32);
  ASSERT_TRUE(t.expectedSafe.has_value());
  EXPECT_FALSE(*t.expectedSafe);
  EXPECT_EQ(t.taskFile, yml);
}

TEST_F(Tasks, ReadsThePre2020ErrorFunctionAndSkipsOtherProperties) {
  std::string yml = task("  - property_file: overflow.prp\n    expected_verdict: false\n"
                         "  - property_file: old.prp\n    expected_verdict: true\n",
                         "  language: C\n  data_model: ILP32\n");
  frontend::CTask t = frontend::loadTask(yml);
  EXPECT_EQ(t.errorFunction, "__VERIFIER_error");
  EXPECT_TRUE(t.ilp32);
  EXPECT_TRUE(t.expectedSafe.value_or(false));
}

TEST_F(Tasks, ExpectedVerdictIsOptional) {
  frontend::CTask t = frontend::loadTask(task("  - property_file: unreach.prp\n"));
  EXPECT_FALSE(t.expectedSafe.has_value());
}

TEST_F(Tasks, ReadsTheNoOverflowPropertyAndItsVerdict) {
  frontend::CTask t = frontend::loadTask(task("  - property_file: overflow.prp\n    expected_verdict: false\n"));
  EXPECT_EQ(t.property, frontend::Property::NoOverflow);
  EXPECT_TRUE(t.errorFunction.empty());  // no error function: a call of reach_error is an ordinary call
  ASSERT_TRUE(t.expectedSafe.has_value());
  EXPECT_FALSE(*t.expectedSafe);
}

TEST_F(Tasks, PrefersUnreachCallWhereATaskListsSeveralProperties) {
  frontend::CTask t = frontend::loadTask(task("  - property_file: overflow.prp\n    expected_verdict: false\n"
                                              "  - property_file: unreach.prp\n    expected_verdict: true\n"));
  EXPECT_EQ(t.property, frontend::Property::UnreachCall);
  EXPECT_EQ(t.errorFunction, "reach_error");
  EXPECT_TRUE(t.expectedSafe.value_or(false));
}

TEST_F(Tasks, ReadsMemorySafetyWithItsSubpropertyButScansPassOverIt) {
  write("memsafety.prp", "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
                         "CHECK( init(main()), LTL(G valid-memtrack) )\n");
  std::string yml = task("  - property_file: memsafety.prp\n    expected_verdict: false\n    subproperty: valid-deref\n");
  frontend::CTask t = frontend::loadTask(yml);
  EXPECT_EQ(t.property, frontend::Property::ValidMemsafety);
  EXPECT_EQ(t.expectedSubproperty, "valid-deref");
  EXPECT_FALSE(frontend::isCheckedProperty(t.property));
  EXPECT_TRUE(std::holds_alternative<frontend::UncheckedTask>(frontend::readCheckedTask(yml)));
  write("cleanup.prp", "CHECK( init(main()), LTL(G valid-memcleanup) )\n");
  EXPECT_EQ(frontend::loadTask(task("  - property_file: cleanup.prp\n")).property, frontend::Property::ValidMemcleanup);
}

TEST_F(Tasks, RejectsATaskWithoutAPropertyItKnows) {
  write("termination.prp", "CHECK( init(main()), LTL(F end) )\n");
  std::string message = failure(task("  - property_file: termination.prp\n    expected_verdict: true\n"), 4);
  EXPECT_NE(message.find("no property argus knows (only termination.prp)"), std::string::npos) << message;
}

TEST_F(Tasks, ReadTaskPassesOverATaskOfAnotherPropertyAndNamesItsFiles) {
  write("termination.prp", "CHECK( init(main()), LTL(F end) )\n");
  std::string yml = task("  - property_file: termination.prp\n    expected_verdict: true\n");
  auto read = frontend::readTask(yml);
  ASSERT_TRUE(std::holds_alternative<frontend::UncheckedTask>(read));
  const auto& unchecked = std::get<frontend::UncheckedTask>(read);
  EXPECT_EQ(fs::path(unchecked.file), fs::path(dir_.file("prog.c")));
  EXPECT_EQ(unchecked.properties, std::vector<std::string>{"termination.prp"});
  EXPECT_EQ(unchecked.propertiesLine, 4);
  // With a property it knows it is the task loadTask reads; a malformed one is still an error.
  auto checked = frontend::readTask(task("  - property_file: termination.prp\n  - property_file: unreach.prp\n"));
  ASSERT_TRUE(std::holds_alternative<frontend::CTask>(checked));
  EXPECT_EQ(std::get<frontend::CTask>(checked).errorFunction, "reach_error");
  EXPECT_THROW(frontend::readTask(task("  - property_file: nowhere.prp\n")), InputError);
}

TEST_F(Tasks, PlainFilesTakeThePropertyFileGivenAndRejectAnUnknownOneNamingIt) {
  frontend::CTask t = frontend::plainTask(dir_.file("prog.c"), "reach_error", true, dir_.file("overflow.prp"));
  EXPECT_EQ(t.property, frontend::Property::NoOverflow);
  t = frontend::plainTask(dir_.file("prog.c"), "reach_error", true, dir_.file("old.prp"));
  EXPECT_EQ(t.property, frontend::Property::UnreachCall);
  EXPECT_EQ(t.errorFunction, "__VERIFIER_error");  // the property file names the error function
  std::string bogus = write("bogus.prp", "CHECK( init(main()), LTL(G something-else) )\n");
  try {
    frontend::plainTask(dir_.file("prog.c"), "reach_error", true, bogus);
    ADD_FAILURE() << "no InputError for an unknown property file";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), bogus);
    EXPECT_NE(std::string(e.what()).find("not a property argus knows"), std::string::npos) << e.what();
  }
  EXPECT_THROW(frontend::plainTask(dir_.file("prog.c"), "reach_error", true, dir_.file("absent.prp")), InputError);
}

TEST_F(Tasks, RejectsAMissingInputFile) {
  std::string message = failure(task("  - property_file: unreach.prp\n", "  language: C\n  data_model: LP64\n", "gone.c"), 2);
  EXPECT_NE(message.find("gone.c does not exist"), std::string::npos) << message;
}

TEST_F(Tasks, RejectsAMissingPropertyFile) {
  std::string message = failure(task("  - property_file: nowhere.prp\n"), 4);
  EXPECT_NE(message.find("nowhere.prp does not exist"), std::string::npos) << message;
}

TEST_F(Tasks, RejectsUnparsableYamlWithTheParsersLine) {
  std::string yml = write("broken.yml", "format_version: '2.0'\ninput_files: 'prog.c'\nproperties: [unclosed\n");
  std::string message = failure(yml, 4);
  EXPECT_NE(message.find("not valid YAML"), std::string::npos) << message;
}

TEST_F(Tasks, RejectsBadOptions) {
  std::string message = failure(task("  - property_file: unreach.prp\n", "  language: C\n  data_model: LP128\n"), 7);
  EXPECT_NE(message.find("data_model must be ILP32 or LP64"), std::string::npos) << message;
  message = failure(task("  - property_file: unreach.prp\n", "  language: Java\n  data_model: LP64\n"), 6);
  EXPECT_NE(message.find("language must be C"), std::string::npos) << message;
}

TEST_F(Tasks, RejectsAnotherFormatVersion) {
  std::string yml = write("v1.yml", "format_version: '1.0'\ninput_files: 'prog.c'\n");
  std::string message = failure(yml, 1);
  EXPECT_NE(message.find("format_version must be 2.0"), std::string::npos) << message;
}

TEST_F(Tasks, RejectsAMissingTaskFile) {
  std::string message = failure(dir_.file("absent.yml"), 0);
  EXPECT_NE(message.find("does not exist"), std::string::npos) << message;
}

// Found by fuzz/TaskFuzz.cc: a property that is no mapping let yaml-cpp's BadSubscript escape (argus
// reported an internal error), and an empty task or a missing key named no line.
TEST_F(Tasks, RejectsMalformedPropertiesAndEmptyTasksWithALine) {
  std::string message = failure(task("  - unreach.prp\n"), 4);
  EXPECT_NE(message.find("a property must be a mapping"), std::string::npos) << message;
  message = failure(write("empty.yml", ""), 1);
  EXPECT_NE(message.find("must be a YAML mapping"), std::string::npos) << message;
  message = failure(write("noversion.yml", "input_files: 'prog.c'\n"), 1);
  EXPECT_NE(message.find("no format_version"), std::string::npos) << message;
  message = failure(write("noproperties.yml", "format_version: '2.0'\ninput_files: 'prog.c'\n"), 1);
  EXPECT_NE(message.find("no properties listed"), std::string::npos) << message;
}

// What a task quotes stays on one line, and a file name too long for the system is a missing file, not
// a filesystem_error.
TEST_F(Tasks, MessagesQuotingTheTaskStayOnOneLine) {
  std::string message = failure(task("  - property_file: unreach.prp\n", "  language: \"C\\nC\"\n  data_model: LP64\n"), 6);
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_NE(message.find("not 'C\\nC'"), std::string::npos) << message;
  message = failure(task("  - property_file: " + std::string(5000, 'p') + "\n"), 4);
  EXPECT_NE(message.find("does not exist"), std::string::npos) << message;
}

TEST_F(Tasks, PlainTaskNeedsAnExistingFile) {
  frontend::CTask t = frontend::plainTask(dir_.file("prog.c"), "reach_error", true);
  EXPECT_TRUE(t.ilp32);
  EXPECT_TRUE(t.taskFile.empty());
  EXPECT_THROW(frontend::plainTask(dir_.file("nothing.c"), "reach_error", true), InputError);
}

TEST(BenchTasks, LoadsSharedTasksOfBothConventions) {
  fs::path bench = fs::path(ARGUS_SHARED_DIR) / "bench" / "c";
  ASSERT_TRUE(fs::is_directory(bench)) << "missing " << bench << " (../shared must exist)";
  frontend::CTask hola = frontend::loadTask((bench / "hola" / "01.yml").string());
  EXPECT_EQ(hola.errorFunction, "reach_error");
  EXPECT_TRUE(hola.ilp32);
  EXPECT_TRUE(hola.expectedSafe.value_or(false));
  frontend::CTask old = frontend::loadTask((bench / "loop-lit" / "afnp2014.yml").string());
  EXPECT_EQ(old.errorFunction, "__VERIFIER_error");
}

}  // namespace
