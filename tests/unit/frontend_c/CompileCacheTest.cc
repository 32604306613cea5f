// The compile cache ($ARGUS_COMPILE_CACHE): a second compilation of an unchanged file is taken from the
// cache, a change to the file or to a header it includes is compiled anew, and one cached replay
// executable replays different traces of a program each with its own outcome; the program cannot read
// the trace the harness reads from stdin.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "PathExplorer.h"
#include "frontend/c/Clang.h"
#include "frontend/c/CompileCache.h"
#include "frontend/c/Replay.h"
#include "testing/TestFolder.h"

using namespace argus;
using namespace argus::testing;
namespace fs = std::filesystem;

namespace {

/// $ARGUS_COMPILE_CACHE names a fresh folder while this lives.
class CacheScope {
 public:
  CacheScope() { setenv("ARGUS_COMPILE_CACHE", folder_.path("cache").c_str(), 1); }
  ~CacheScope() { unsetenv("ARGUS_COMPILE_CACHE"); }
  fs::path cache() const { return folder_.path("cache"); }
  /// The entries (one folder each, the builders' folders excluded).
  std::vector<fs::path> entries() const {
    std::vector<fs::path> out;
    if (fs::exists(cache()))
      for (auto& entry : fs::directory_iterator(cache()))
        if (entry.path().filename().string().rfind("building-", 0) != 0) out.push_back(entry.path());
    return out;
  }
  const TestFolder& folder() const { return folder_; }

 private:
  TestFolder folder_;
};

std::string compiled(const std::string& cFile, const TestFolder& out, const std::string& name) {
  ProcessResult result = frontend::compileToBitcode(cFile, false, false, out.path(name));
  EXPECT_TRUE(result.started && result.exitCode == 0) << result.errorText;
  return readAll(out.path(name));
}

}  // namespace

TEST(CompileCache, DependencyFilesAreReadWithContinuationsAndEscapedSpaces) {
  auto deps = frontend::dependenciesOf("out.bc: /a/main.c /usr/include/stdio.h \\\n  /b/my\\ header.h\n");
  ASSERT_EQ(deps.size(), 3u);
  EXPECT_EQ(deps[0], "/a/main.c");
  EXPECT_EQ(deps[1], "/usr/include/stdio.h");
  EXPECT_EQ(deps[2], "/b/my header.h");
}

TEST(CompileCache, AnUnchangedFileIsTakenFromTheCache) {
  CacheScope scope;
  TestFolder work;
  std::string c = work.write("main.c", "int main(void) { return 1; }\n");
  std::string first = compiled(c, work, "first.bc");
  auto entries = scope.entries();
  ASSERT_EQ(entries.size(), 1u);
  // What the entry holds is what a hit returns: marked, it shows that clang did not run again.
  std::ofstream(entries[0] / "output", std::ios::binary | std::ios::trunc) << "from the cache";
  EXPECT_EQ(compiled(c, work, "second.bc"), "from the cache");
  EXPECT_EQ(scope.entries().size(), 1u);
  // Other flags are another key.
  ProcessResult withDebugInfo = frontend::compileToBitcode(c, false, true, work.path("third.bc"));
  EXPECT_EQ(withDebugInfo.exitCode, 0);
  EXPECT_EQ(scope.entries().size(), 2u);
  EXPECT_NE(readAll(work.path("third.bc")), "from the cache");
  EXPECT_FALSE(first.empty());
}

TEST(CompileCache, AChangedHeaderOrSourceIsCompiledAnew) {
  CacheScope scope;
  TestFolder work;
  work.write("value.h", "#define VALUE 1\n");
  std::string c = work.write("main.c", "#include \"value.h\"\nint main(void) { return VALUE; }\n");
  std::string one = compiled(c, work, "one.bc");
  work.write("value.h", "#define VALUE 2\n");
  std::string two = compiled(c, work, "two.bc");
  EXPECT_NE(one, two);
  EXPECT_EQ(compiled(c, work, "two-again.bc"), two);
  work.write("main.c", "#include \"value.h\"\nint main(void) { return VALUE + 1; }\n");
  EXPECT_NE(compiled(c, work, "three.bc"), two);
  // The stale entry of the first compilation was replaced; the changed source has an entry of its own.
  EXPECT_EQ(scope.entries().size(), 2u);
}

TEST(CompileCache, OneReplayExecutableReplaysEachTraceWithItsOwnOutcome) {
  CacheScope scope;
  CSnippet snippet(std::string(kPrelude) +
                   "#include <unistd.h>\n"
                   "void reach_error(void) { }\n"
                   "int main(void) {\n"
                   "  char buffer[64];\n"
                   "  if (read(0, buffer, sizeof buffer) > 0) return 3;  /* the trace is not the program's to read */\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  if (x == 42) reach_error();\n"
                   "  return 0;\n"
                   "}\n");
  auto replay = [&](const std::string& value) {
    frontend::ReplaySpec spec;
    spec.cFile = snippet.path();
    spec.inputs = {{"__VERIFIER_nondet_int", value}};
    spec.timeoutSeconds = 5;
    return frontend::replayNatively(spec);
  };
  auto reaches = replay("42");
  EXPECT_TRUE(reaches.reachedError) << reaches.detail;
  size_t entries = scope.entries().size();
  EXPECT_EQ(entries, 2u);  // the program's bitcode and the replay executable
  auto misses = replay("41");
  EXPECT_FALSE(misses.reachedError);
  EXPECT_NE(misses.detail.find("exited with 0 without reaching the error function (1 of 1 inputs used)"),
            std::string::npos)
      << misses.detail;
  auto again = replay("42");
  EXPECT_TRUE(again.reachedError) << again.detail;
  // The miss also built the pattern-filled executable; nothing else was added.
  EXPECT_LE(scope.entries().size(), entries + 2);
  EXPECT_EQ(replay("41").detail, misses.detail);
  EXPECT_EQ(scope.entries().size(), entries + 2);
}
