// Temporary folders and child processes that must not outlive argus: a TempDir removes its folder when it
// ends; removeLiveTempDirs() and killRunningChildren() release what is still alive when the process ends
// at once. Those two change the whole process for good, so their tests run in a forked child (death tests).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "testing/Processes.h"
#include "testing/TestFolder.h"
#include "util/Process.h"
#include "util/TempDir.h"

using namespace argus;
namespace fs = std::filesystem;

TEST(TempDir, IsCreatedBelowTmpdirAndRemovedWithItsContents) {
  argus::testing::TmpdirScope tmpdir;
  std::string path;
  {
    TempDir dir("argus-x");
    path = dir.path();
    EXPECT_EQ(fs::path(path).parent_path(), tmpdir.folder().root());
    EXPECT_EQ(fs::path(path).filename().string().rfind("argus-x-", 0), 0u) << path;
    fs::create_directories(dir.file("sub"));
    std::ofstream(dir.file("sub/f.txt")) << "x";
    EXPECT_NE(tmpdir.leftovers(), "");
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(tmpdir.leftovers(), "");
}

TEST(TempDirDeathTest, RemoveLiveTempDirsRemovesEveryLiveFolder) {
  argus::testing::TmpdirScope tmpdir;
  // In the child: two live folders with files, removed without any destructor running (_exit).
  EXPECT_EXIT(
      {
        TempDir a;
        TempDir b;
        std::ofstream(a.file("f")) << "x";
        std::ofstream(b.file("g")) << "y";
        removeLiveTempDirs();
        _exit(fs::exists(a.path()) || fs::exists(b.path()) ? 1 : 7);
      },
      ::testing::ExitedWithCode(7), "");
  EXPECT_EQ(tmpdir.leftovers(), "");
}

TEST(ProcessDeathTest, KillRunningChildrenKillsWhatRunProcessWaitsFor) {
  argus::testing::TestFolder dir;
  std::string pidFile = dir.path("child.pid");
  // In the child: a thread waits for a shell whose background sleep would outlive everything; the test's
  // process ends with _exit as soon as killRunningChildren() has run.
  EXPECT_EXIT(
      {
        argus::testing::runInBackground("sleep 60 & echo $! > " + pidFile + "; wait");
        if (argus::testing::awaitLine(pidFile).empty()) _exit(1);
        killRunningChildren();
        _exit(7);
      },
      ::testing::ExitedWithCode(7), "");
  std::string pid = argus::testing::awaitLine(pidFile);
  ASSERT_FALSE(pid.empty());
  EXPECT_TRUE(argus::testing::ended(std::stoi(pid))) << "the child's background process survived";
}

TEST(Process, RunsAChildWithATimeout) {
  ProcessSpec spec;
  spec.argv = {"/bin/sh", "-c", "exit 3"};
  ProcessResult done = runProcess(spec);
  EXPECT_TRUE(done.started);
  EXPECT_EQ(done.exitCode, 3);
  spec.argv = {"/bin/sleep", "30"};
  spec.timeoutSeconds = 0.2;
  ProcessResult slow = runProcess(spec);
  EXPECT_TRUE(slow.timedOut);
}

TEST(Process, GivesTheChildTheTmpdirOfItsSpec) {
  argus::testing::TestFolder dir;
  ProcessSpec spec;
  spec.argv = {"/bin/sh", "-c", "echo \"$TMPDIR\""};
  spec.stdoutPath = dir.path("out");
  spec.tmpDir = dir.path("scratch");
  runProcess(spec);
  EXPECT_EQ(argus::testing::readAll(dir.path("out")), dir.path("scratch") + "\n");
  argus::testing::TmpdirScope tmpdir;
  spec.tmpDir.clear();
  runProcess(spec);
  EXPECT_EQ(argus::testing::readAll(dir.path("out")), tmpdir.folder().root().string() + "\n");
}

// A file the kernel cannot execute (here: not a program at all; on a kernel without IA32 emulation, a 32-bit
// one) is told apart from a program that ran and exited with 127, so that replay can run it another way.
TEST(Process, SaysWhyAnExecFailed) {
  argus::testing::TestFolder folder("argus-process-test");
  std::string file = folder.write("not-a-program", "this is text, not an executable\n");
  fs::permissions(file, fs::perms::owner_all);
  ProcessSpec spec;
  spec.argv = {file};
  ProcessResult failed = runProcess(spec);
  EXPECT_FALSE(failed.started);
  EXPECT_EQ(failed.execError, ENOEXEC) << failed.errorText;
  EXPECT_NE(failed.errorText.find("not-a-program"), std::string::npos) << failed.errorText;

  spec.argv = {"/bin/sh", "-c", "exit 127"};
  ProcessResult ran = runProcess(spec);
  EXPECT_TRUE(ran.started);
  EXPECT_EQ(ran.execError, 0);
  EXPECT_EQ(ran.exitCode, 127);
}
