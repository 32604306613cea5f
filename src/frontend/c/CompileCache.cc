// The compile cache: keys, entries (a folder per key holding `output` and `deps`) and their atomic creation.
#include "frontend/c/CompileCache.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "frontend/c/Clang.h"

namespace fs = std::filesystem;

namespace argus::frontend {
namespace {

/// The binary a command resolves to, with its size and modification time: a reinstalled clang is
/// another clang.
std::string identityOf(const std::string& program) {
  std::error_code error;
  fs::path real = fs::canonical(program, error);
  struct stat info {};
  if (error || stat(real.c_str(), &info) != 0) return program;
  return fmt::format("{} -> {} ({} bytes, modified {}.{:09})", program, real.string(), info.st_size,
                     info.st_mtim.tv_sec, info.st_mtim.tv_nsec);
}

}  // namespace

std::string sha256Hex(std::string_view bytes) {
  auto digest = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::optional<std::string> sha256OfFileIfReadable(const std::string& path) {
  std::optional<std::string> bytes = readFileIfReadable(path);
  if (!bytes) return std::nullopt;
  return sha256Hex(*bytes);
}

std::optional<CompileCache> CompileCache::fromEnvironment() {
  const char* folder = std::getenv("ARGUS_COMPILE_CACHE");
  if (!folder || !*folder) return std::nullopt;
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) return std::nullopt;  // an unusable cache is no cache
  return CompileCache(fs::absolute(folder).string());
}

std::string CompileCache::key(const std::vector<std::string>& parts) {
  std::string material = "argus compile cache 1\n" + identityOf(ARGUS_CLANG) + "\n";
  std::error_code error;
  material += fs::current_path(error).string() + "\n";
  for (const std::string& part : parts) material += std::to_string(part.size()) + ":" + part + "\n";
  return sha256Hex(material);
}

std::vector<std::string> dependenciesOf(const std::string& depFileText) {
  // "target: dep dep \<newline> dep ...", a space inside a name written as "\ ".
  std::vector<std::string> out;
  size_t colon = depFileText.find(": ");
  if (colon == std::string::npos) return out;
  std::string name;
  auto flush = [&] {
    if (!name.empty()) out.push_back(fs::absolute(name).lexically_normal().string());
    name.clear();
  };
  for (size_t i = colon + 2; i < depFileText.size(); ++i) {
    char c = depFileText[i];
    if (c == '\\' && i + 1 < depFileText.size() && (depFileText[i + 1] == '\n' || depFileText[i + 1] == '\r')) {
      flush();
      continue;
    }
    if (c == '\\' && i + 1 < depFileText.size() && depFileText[i + 1] == ' ') {
      name += ' ';
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      flush();
      continue;
    }
    name += c;
  }
  flush();
  return out;
}

bool CompileCache::fetch(const std::string& key, const std::string& outPath) const {
  fs::path entry = fs::path(folder_) / key;
  std::ifstream deps(entry / "deps");
  if (!deps) return false;
  // Each line: "<sha256> <path>"; the entry is stale when any file changed or went away, and goes, so that
  // the compilation that follows can store its output under the key.
  std::error_code error;
  for (std::string line; std::getline(deps, line);) {
    size_t space = line.find(' ');
    std::optional<std::string> hash;
    if (space != std::string::npos) hash = sha256OfFileIfReadable(line.substr(space + 1));
    if (!hash || *hash != line.substr(0, space)) {
      fs::remove_all(entry, error);
      return false;
    }
  }
  fs::copy_file(entry / "output", outPath, fs::copy_options::overwrite_existing, error);
  return !error;
}

void CompileCache::store(const std::string& key, const std::string& outPath, const std::string& depFile) const {
  fs::path entry = fs::path(folder_) / key;
  std::error_code error;
  if (fs::exists(entry, error)) return;
  // Built in a fresh folder and renamed into place: another process never sees half an entry.
  std::random_device device;
  fs::path building = fs::path(folder_) / fmt::format("building-{:08x}{:08x}", device(), device());
  if (!fs::create_directory(building, error) || error) return;
  std::ostringstream deps;
  bool complete = true;
  if (!depFile.empty()) {
    std::optional<std::string> text = readFileIfReadable(depFile);
    complete = text.has_value();
    for (const std::string& path : text ? dependenciesOf(*text) : std::vector<std::string>{}) {
      std::optional<std::string> hash = sha256OfFileIfReadable(path);
      if (!hash) complete = false;
      else deps << *hash << ' ' << path << '\n';
    }
  }
  if (complete) {
    std::ofstream(building / "deps") << deps.str();
    fs::copy_file(outPath, building / "output", error);
  }
  // The rename fails when another process stored the same key first; its entry is as good as ours.
  if (!complete || error || std::rename(building.c_str(), entry.c_str()) != 0) fs::remove_all(building, error);
}

}  // namespace argus::frontend
