// Expanding LIST arguments (directories, .txt lists, task files) into benchmark tasks.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <variant>

#include "cli/bench/Task.h"
#include "util/Error.h"

namespace fs = std::filesystem;

namespace argus::cli::bench {
namespace {

bool hasExtension(const fs::path& p, std::initializer_list<const char*> exts) {
  std::string e = p.extension().string();
  return std::any_of(exts.begin(), exts.end(), [&](const char* x) { return e == x; });
}

std::string canonicalKey(const std::string& path) {
  return fs::weakly_canonical(fs::absolute(path)).string();
}

/// Every task below `dir`, sorted by path. C files used as the input of a .yml there are left out: the
/// .yml stands for them (and knows their error function and data model). A .yml of properties argus does
/// not check is passed over with its C file (and named in `passedOver`).
std::vector<BenchTask> scanDirectory(const fs::path& dir, std::vector<std::string>* passedOver) {
  std::vector<std::string> files;
  for (auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && hasExtension(entry.path(), {".yml", ".yaml", ".smt2", ".c", ".i"}))
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  std::vector<BenchTask> tasks;
  std::set<std::string> inputsOfYml;
  for (auto& f : files) {
    if (!hasExtension(f, {".yml", ".yaml", ".smt2"})) continue;
    if (hasExtension(f, {".yml", ".yaml"})) {
      std::variant<frontend::CTask, frontend::UncheckedTask> read = frontend::readCheckedTask(f);
      if (auto* unchecked = std::get_if<frontend::UncheckedTask>(&read)) {
        inputsOfYml.insert(canonicalKey(unchecked->file));
        if (passedOver) passedOver->push_back(f);
        continue;
      }
      tasks.push_back(makeTask(f, std::get<frontend::CTask>(read)));
    } else {
      tasks.push_back(makeTask(f));
    }
    if (!tasks.back().chc) inputsOfYml.insert(canonicalKey(tasks.back().programFile));
  }
  for (auto& f : files)
    if (hasExtension(f, {".c", ".i"}) && !inputsOfYml.count(canonicalKey(f))) tasks.push_back(makeTask(f));
  std::stable_sort(tasks.begin(), tasks.end(), [](auto& a, auto& b) { return a.path < b.path; });
  return tasks;
}

std::vector<BenchTask> expandEntry(const std::string& path, const std::string& listFile, int line, int depth,
                                   std::vector<std::string>* passedOver);

std::vector<BenchTask> readListFile(const std::string& listFile, int depth, std::vector<std::string>* passedOver) {
  if (depth > 8) throw InputError(listFile, 0, "lists nested too deeply (a list that includes itself?)");
  std::ifstream in(listFile);
  if (!in) throw InputError(listFile, 0, "cannot read the list file");
  std::vector<BenchTask> out;
  std::string text;
  for (int lineNo = 1; std::getline(in, text); ++lineNo) {
    auto hash = text.find('#');
    if (hash != std::string::npos && (hash == 0 || std::isspace(static_cast<unsigned char>(text[hash - 1]))))
      text.erase(hash);
    text.erase(0, text.find_first_not_of(" \t\r"));
    text.erase(text.find_last_not_of(" \t\r") + 1);
    if (text.empty()) continue;
    fs::path entry = expandVariables(text, listFile, lineNo);
    if (entry.is_relative()) entry = fs::path(listFile).parent_path() / entry;
    auto tasks = expandEntry(entry.lexically_normal().string(), listFile, lineNo, depth + 1, passedOver);
    out.insert(out.end(), tasks.begin(), tasks.end());
  }
  return out;
}

std::vector<BenchTask> expandEntry(const std::string& path, const std::string& listFile, int line,
                                   int depth, std::vector<std::string>* passedOver) {
  if (!fs::exists(path))
    throw InputError(listFile.empty() ? path : listFile, line,
                     listFile.empty() ? "no such file or directory" : "no such file or directory: " + path);
  if (fs::is_directory(path)) return scanDirectory(path, passedOver);
  if (hasExtension(path, {".txt"})) return readListFile(path, depth, passedOver);
  return {makeTask(path)};
}

}  // namespace

std::string expandVariables(const std::string& text, const std::string& file, int line) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t start = text.find("${", pos);
    if (start == std::string::npos) break;
    size_t end = text.find('}', start);
    if (end == std::string::npos) throw InputError(file, line, "unterminated ${ in '" + text + "'");
    out += text.substr(pos, start - pos);
    std::string inner = text.substr(start + 2, end - start - 2);
    size_t dflt = inner.find(":-");
    std::string name = inner.substr(0, dflt);
    const char* value = std::getenv(name.c_str());
    if (value && *value)
      out += value;
    else if (dflt != std::string::npos)
      out += inner.substr(dflt + 2);
    else
      throw InputError(file, line, "environment variable " + name + " is not set");
    pos = end + 1;
  }
  return out + text.substr(std::min(pos, text.size()));
}

std::vector<BenchTask> collectTasks(const std::vector<std::string>& lists, std::vector<std::string>* passedOver) {
  std::vector<BenchTask> out;
  std::set<std::string> seen;
  for (auto& list : lists)
    for (auto& task : expandEntry(list, "", 0, 0, passedOver))
      if (seen.insert(canonicalKey(task.path)).second) out.push_back(std::move(task));
  return out;
}

}  // namespace argus::cli::bench
