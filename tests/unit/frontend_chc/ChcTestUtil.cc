// Benchmark discovery and the z3 runner for the CHC tests.
#include "ChcTestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include "testing/Paths.h"

namespace fs = std::filesystem;

namespace chctest {
namespace {

fs::path benchRoot() {
  fs::path root = fs::path(ARGUS_SHARED_DIR) / "bench";
  if (!fs::exists(root / "MANIFEST.tsv")) ADD_FAILURE() << "missing " << root << " (the shared benchmarks)";
  return root;
}

const std::map<std::string, std::string>& manifest() {
  static const std::map<std::string, std::string> answers = [] {
    std::map<std::string, std::string> out;
    fs::path root = benchRoot();
    std::ifstream in(root / "MANIFEST.tsv");
    for (std::string line; std::getline(in, line);) {
      std::istringstream cols(line);
      std::string suite, path, expected;
      std::getline(cols, suite, '\t');
      std::getline(cols, path, '\t');
      std::getline(cols, expected, '\t');
      if (suite == "chc") out[fs::weakly_canonical(root / path).string()] = expected;
    }
    return out;
  }();
  return answers;
}

}  // namespace

std::vector<std::string> benchFiles() {
  std::vector<std::string> out;
  fs::path dir = benchRoot() / "chc";
  if (!fs::exists(dir)) return out;
  for (auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".smt2") out.push_back(fs::weakly_canonical(e.path()).string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string expectedAnswer(const std::string& file) {
  auto it = manifest().find(fs::weakly_canonical(file).string());
  return it == manifest().end() ? "" : it->second;
}

std::vector<std::string> smallestWithAnswer(const std::string& subdir, const std::string& answer, size_t count) {
  std::vector<std::pair<uintmax_t, std::string>> sized;
  for (auto& f : benchFiles())
    if (f.find("/" + subdir + "/") != std::string::npos && expectedAnswer(f) == answer)
      sized.emplace_back(fs::file_size(f), f);
  std::sort(sized.begin(), sized.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < sized.size() && i < count; ++i) out.push_back(sized[i].second);
  return out;
}

std::string runZ3(const std::string& file, int timeoutSeconds) {
  std::string cmd = "z3 -T:" + std::to_string(timeoutSeconds) + " '" + file + "' 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return "cannot run z3";
  char buf[4096];
  std::string first;
  if (fgets(buf, sizeof buf, pipe)) first = buf;
  while (fgets(buf, sizeof buf, pipe)) {
  }
  int status = pclose(pipe);
  while (!first.empty() && (first.back() == '\n' || first.back() == '\r')) first.pop_back();
  if (first.empty() && status != 0) return "z3 failed (exit status " + std::to_string(status) + ")";
  return first;
}

}  // namespace chctest
