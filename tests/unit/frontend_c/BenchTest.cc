// The translator over the C tasks of ../shared/bench whose property argus checks (tasks of other
// properties, e.g. no-overflow or valid-memsafety, are passed over): every task loads, translates and
// validates; the largest files translate within a bound that grows with their size. ARGUS_BENCH_SURVEY=1
// runs every such task (not only the largest of each category) and prints which files have `unsupported`
// edges and why, with translation times.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <variant>

#include "PathExplorer.h"
#include "frontend/c/CFrontend.h"
#include "frontend/c/Replay.h"
#include "testing/Sanitizers.h"
#include "util/Logger.h"
#include "util/Stats.h"
#include "testing/Paths.h"

using namespace argus;
namespace fs = std::filesystem;

namespace {

fs::path benchC() {
  fs::path dir = fs::path(ARGUS_SHARED_DIR) / "bench" / "c";
  if (!fs::is_directory(dir)) ADD_FAILURE() << "missing benchmark folder " << dir << " (../shared must exist)";
  return dir;
}

struct Translated {
  double seconds = 0;
  std::vector<std::string> unsupported;
};

Translated translateTask(const fs::path& yml, ir::Encoding encoding) {
  frontend::CTask task = frontend::loadTask(yml.string());
  Logger log;
  Stats stats;
  frontend::CFrontendOptions options;
  options.encoding = encoding;
  auto start = std::chrono::steady_clock::now();
  auto program = frontend::translateC(task, options, log, stats);
  Translated out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  program->validate();
  for (const ir::Edge& edge : program->edges())
    if (!edge.unsupported.empty()) out.unsupported.push_back(edge.unsupported);
  EXPECT_EQ(stats.getInt("frontend.unsupported_edges"), static_cast<int64_t>(out.unsupported.size()));
  return out;
}

uintmax_t sourceBytes(const fs::path& yml) {
  for (const char* ext : {".c", ".i"}) {
    fs::path source = yml;
    source.replace_extension(ext);
    if (fs::exists(source)) return fs::file_size(source);
  }
  return 0;
}

/// Every task of a property argus checks, or (default) the largest such task of each category.
std::vector<fs::path> selectedTasks() {
  bool all = std::getenv("ARGUS_BENCH_SURVEY") != nullptr;
  std::map<std::string, std::pair<uintmax_t, fs::path>> largest;
  std::vector<fs::path> out;
  for (auto& entry : fs::recursive_directory_iterator(benchC())) {
    if (entry.path().extension() != ".yml") continue;
    if (!std::holds_alternative<frontend::CTask>(frontend::readCheckedTask(entry.path().string()))) continue;
    if (all) {
      out.push_back(entry.path());
      continue;
    }
    std::string category = entry.path().parent_path().filename().string();
    uintmax_t size = sourceBytes(entry.path());
    auto& best = largest[category];
    if (size > best.first) best = {size, entry.path()};
  }
  for (auto& [category, best] : largest) out.push_back(best.second);
  std::sort(out.begin(), out.end());
  return out;
}

/// The translation bound for a file of `bytes`: 5 s (the bound every file had when the largest was 100 KB)
/// and 10 ms per KB (the 749-KB floppy2 driver translates in about 4 s on an idle 2-core machine; 12.5 s
/// leaves room for a loaded one), three times that in a sanitizer build. It catches a translation that
/// turned quadratic, not a slow day.
double translationBound(uintmax_t bytes) {
  double bound = 5.0 + 0.010 * static_cast<double>(bytes) / 1024.0;
  return argus::testing::kSanitizerBuild ? 3 * bound : bound;
}

TEST(Bench, TasksTranslateAndValidate) {
  std::vector<fs::path> tasks = selectedTasks();
  ASSERT_FALSE(tasks.empty());
  for (const fs::path& yml : argus::testing::sanitizerSlice(tasks)) {
    SCOPED_TRACE(yml.string());
    Translated t = translateTask(yml, ir::Encoding::Int);
    EXPECT_LT(t.seconds, translationBound(sourceBytes(yml))) << "translation is too slow";
    if (std::getenv("ARGUS_BENCH_SURVEY")) translateTask(yml, ir::Encoding::BitVector);
    std::cout << "[bench] " << fs::relative(yml, benchC()).string() << ": " << t.seconds << " s";
    if (!t.unsupported.empty()) std::cout << ", unsupported: " << t.unsupported.front() << " (+" << t.unsupported.size() - 1 << ")";
    std::cout << "\n";
  }
}

TEST(Bench, BitVectorEncodingTranslatesTheLargestTask) {
  fs::path yml = benchC() / "ssh-simplified" / "s3_clnt_1.cil-1.yml";
  Translated t = translateTask(yml, ir::Encoding::BitVector);
  EXPECT_LT(t.seconds, translationBound(sourceBytes(yml)));
}

/// With ARGUS_BENCH_SURVEY=1: for every task expected unsafe, look for an error path with the explorer
/// and replay it natively; prints what happened per task.
TEST(Bench, SurveyWitnessesOfUnsafeTasks) {
  if (!std::getenv("ARGUS_BENCH_SURVEY")) return;
  for (auto& entry : fs::recursive_directory_iterator(benchC())) {
    if (entry.path().extension() != ".yml") continue;
    auto read = frontend::readCheckedTask(entry.path().string());
    if (!std::holds_alternative<frontend::CTask>(read)) continue;
    const frontend::CTask& task = std::get<frontend::CTask>(read);
    if (task.expectedSafe.value_or(true)) continue;
    Logger log;
    Stats stats;
    auto program = frontend::translateC(task, {}, log, stats);
    argus::testing::Exploration e = argus::testing::explore(*program, 400, 10);
    std::cout << "[witness] " << fs::relative(entry.path(), benchC()).string() << ": ";
    if (!e.errorReachable) {
      std::cout << (e.unsupportedReached ? "unsupported " + e.unsupported : "no error path found") << "\n";
      continue;
    }
    frontend::ReplayOutcome outcome = argus::testing::replayWitness(task, e);
    EXPECT_TRUE(outcome.reachedError) << entry.path() << ": " << outcome.detail;
    std::cout << outcome.detail << "\n";
  }
}

}  // namespace
