// Loading the task of a verify/dump input.
#include "cli/TaskInput.h"

#include <filesystem>
#include <fstream>

#include "cli/GlobalOptions.h"
#include "util/Error.h"

namespace fs = std::filesystem;

namespace argus::cli {

namespace {

void requireReadableFile(const std::string& path) {
  if (!fs::exists(path)) throw InputError(path, 0, "no such file");
  if (fs::is_directory(path)) throw InputError(path, 0, "is a directory, not a task file");
  if (!std::ifstream(path)) throw InputError(path, 0, "cannot read the file");
}

}  // namespace

bool isClauseFile(const std::string& path) {
  if (fs::path(path).extension() != ".smt2") return false;
  requireReadableFile(path);
  return true;
}

frontend::CTask loadInputTask(const std::string& path, const Options& options, Logger& log) {
  requireReadableFile(path);
  std::string ext = fs::path(path).extension().string();
  if (ext == ".yml" || ext == ".yaml") {
    for (const char* name : {opt::kErrorFunction, opt::kDataModel, opt::kProperty})
      if (options.isSet(name)) log.warn("cli", "{} is ignored: the task file {} decides it", name, path);
    return frontend::loadTask(path);
  }
  if (ext == ".c" || ext == ".i")
    return frontend::plainTask(path, options.getString(opt::kErrorFunction),
                               options.getString(opt::kDataModel) == "ILP32", options.getString(opt::kProperty));
  if (ext == ".smt2") throw InputError(path, 0, "Horn clauses (.smt2) are read by the CHC front end, not as a C task");
  throw InputError(path, 0, "unknown kind of input (expected a .c, .i, .yml or .smt2 file)");
}

frontend::CFrontendOptions frontendOptions(const Options& options) {
  frontend::CFrontendOptions out;
  out.encoding = options.getString(opt::kEncoding) == "bv" ? ir::Encoding::BitVector : ir::Encoding::Int;
  return out;
}

}  // namespace argus::cli
