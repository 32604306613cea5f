// One benchmark task: its kind, program file, category, and expected verdict.
#include "cli/bench/Task.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "frontend/c/CFrontend.h"
#include "util/Error.h"

namespace fs = std::filesystem;

namespace argus::cli::bench {
namespace {

std::optional<bool> verdictWord(const std::string& word) {
  if (word == "true" || word == "sat" || word == "safe") return true;
  if (word == "false" || word == "unsat" || word == "unsafe") return false;
  return std::nullopt;
}

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, '\t')) out.push_back(cell);
  return out;
}

/// path (relative to the manifest's folder) → entry, for one MANIFEST.tsv.
using Manifest = std::map<std::string, ManifestEntry>;

Manifest readManifest(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  auto header = splitTabs(line);
  auto column = [&](const std::string& name) {
    for (size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  };
  int pathCol = column("path"), expectedCol = column("expected"), errorCol = column("error_function");
  if (pathCol < 0 || expectedCol < 0)
    throw InputError(file.string(), 1, "MANIFEST.tsv without 'path' and 'expected' columns");
  Manifest out;
  while (std::getline(in, line)) {
    auto cells = splitTabs(line);
    if (static_cast<int>(cells.size()) <= std::max(pathCol, expectedCol)) continue;
    ManifestEntry entry{verdictWord(cells[expectedCol]), ""};
    if (errorCol >= 0 && errorCol < static_cast<int>(cells.size()) && cells[errorCol] != "-")
      entry.errorFunction = cells[errorCol];
    out[cells[pathCol]] = entry;
  }
  return out;
}

const Manifest& cachedManifest(const fs::path& file) {
  static std::mutex mutex;
  static std::map<fs::path, Manifest> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(file);
  if (it == cache.end()) it = cache.emplace(file, readManifest(file)).first;
  return it->second;
}

std::string extensionOf(const std::string& path) { return fs::path(path).extension().string(); }

}  // namespace

TaskComments readTaskComments(const std::string& path) {
  static const std::regex expect(R"((//\s*@expect\s+|;\s*expect:\s*)(safe|unsafe|sat|unsat|unknown)\b)");
  static const std::regex setting(R"(//\s*@(error-function|data-model)\s+(\S+))");
  TaskComments out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!out.expectedSafe && std::regex_search(line, m, expect)) out.expectedSafe = verdictWord(m[2].str());
    if (!std::regex_search(line, m, setting)) continue;
    if (m[1] == "error-function")
      out.errorFunction = m[2];
    else
      out.dataModel = m[2];
  }
  return out;
}

std::optional<ManifestEntry> manifestEntry(const std::string& path) {
  fs::path file = fs::weakly_canonical(fs::absolute(path));
  for (fs::path dir = file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / "MANIFEST.tsv")) {
      const Manifest& manifest = cachedManifest(dir / "MANIFEST.tsv");
      auto it = manifest.find(file.lexically_relative(dir).generic_string());
      if (it == manifest.end()) return std::nullopt;
      return it->second;
    }
    if (dir == dir.root_path()) break;
  }
  return std::nullopt;
}

namespace {

BenchTask namedTask(const std::string& path) {
  BenchTask task;
  task.path = path;
  task.programFile = path;
  fs::path p(path);
  task.category = fs::absolute(p).lexically_normal().parent_path().filename().string();
  task.display = task.category + "/" + p.filename().string();
  return task;
}

}  // namespace

BenchTask makeTask(const std::string& path, const frontend::CTask& loaded) {
  BenchTask task = namedTask(path);
  task.programFile = loaded.file;
  task.expectedSafe = loaded.expectedSafe;
  task.expectedViolation =
      loaded.expectedSubproperty.empty() ? frontend::propertyName(loaded.property) : loaded.expectedSubproperty;
  return task;
}

BenchTask makeTask(const std::string& path) {
  std::string ext = extensionOf(path);
  if (ext == ".yml" || ext == ".yaml") return makeTask(path, frontend::loadTask(path));
  BenchTask task = namedTask(path);
  if (ext != ".c" && ext != ".i" && ext != ".smt2")
    throw InputError(path, 0, "not a task file (expected .yml, .c, .i or .smt2)");
  task.chc = ext == ".smt2";
  if (auto entry = manifestEntry(path)) {
    task.expectedSafe = entry->expectedSafe;
    task.errorFunction = entry->errorFunction;
  }
  // What the file says about itself is the more specific statement.
  TaskComments comments = readTaskComments(path);
  if (comments.expectedSafe) task.expectedSafe = *comments.expectedSafe;
  if (!comments.errorFunction.empty()) task.errorFunction = comments.errorFunction;
  task.dataModel = comments.dataModel;
  if (task.chc) task.errorFunction = task.dataModel = "";  // C settings mean nothing to CHC input
  return task;
}

}  // namespace argus::cli::bench
