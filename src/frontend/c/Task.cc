// SV-COMP task definitions (format 2.0): the input file, the unreach-call property with its error
// function and expected verdict, and the data model. Every problem is an InputError that names the
// file, the line where it was found, and what is wrong.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <regex>

#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"
#include "util/Error.h"

namespace argus::frontend {

namespace fs = std::filesystem;

namespace {

int lineOf(const YAML::Node& node) { return node.Mark().is_null() ? 0 : node.Mark().line + 1; }

std::string scalar(const std::string& yml, const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar()) throw InputError(yml, lineOf(node), key + " must be a single value");
  return node.Scalar();
}

/// The error function of an unreach-call property file, or "" if the file states another property.
std::string unreachCallFunction(const std::string& prpPath) {
  static const std::regex unreachCall(R"(CHECK\s*\(\s*init\s*\(\s*main\s*\(\s*\)\s*\)\s*,\s*LTL\s*\(\s*G\s*!\s*)"
                                      R"(call\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*\)\s*\)\s*\)\s*\))");
  std::smatch match;
  std::string text = readTextFile(prpPath);
  return std::regex_search(text, match, unreachCall) ? match[1].str() : "";
}

std::string inputFile(const std::string& yml, const YAML::Node& root, const fs::path& dir) {
  YAML::Node files = root["input_files"];
  if (!files) throw InputError(yml, 0, "no input_files");
  YAML::Node file = files;
  if (files.IsSequence()) {
    if (files.size() != 1) throw InputError(yml, lineOf(files), "input_files must name exactly one file");
    file = files[0];
  }
  std::string name = scalar(yml, file, "input_files");
  fs::path path = dir / name;
  if (!fs::is_regular_file(path))
    throw InputError(yml, lineOf(file), "input file " + path.string() + " does not exist");
  return path.string();
}

/// Finds the unreach-call property; sets the error function and expected verdict.
void readProperty(const std::string& yml, const YAML::Node& root, const fs::path& dir, CTask& task) {
  YAML::Node properties = root["properties"];
  if (!properties || !properties.IsSequence() || properties.size() == 0)
    throw InputError(yml, properties ? lineOf(properties) : 0, "no properties listed");
  std::vector<std::string> others;
  for (const YAML::Node& property : properties) {
    YAML::Node file = property["property_file"];
    if (!file) throw InputError(yml, lineOf(property), "property without property_file");
    fs::path prp = dir / scalar(yml, file, "property_file");
    if (!fs::is_regular_file(prp))
      throw InputError(yml, lineOf(file), "property file " + prp.string() + " does not exist");
    std::string function = unreachCallFunction(prp.string());
    if (function.empty()) {
      others.push_back(prp.filename().string());
      continue;
    }
    task.errorFunction = function;
    if (YAML::Node verdict = property["expected_verdict"]) {
      std::string text = scalar(yml, verdict, "expected_verdict");
      if (text != "true" && text != "false")
        throw InputError(yml, lineOf(verdict), "expected_verdict must be true or false, not '" + text + "'");
      task.expectedSafe = text == "true";
    }
    return;
  }
  std::string list;
  for (auto& o : others) list += (list.empty() ? "" : ", ") + o;
  throw InputError(yml, lineOf(properties), "no unreach-call property (only " + list + "); argus checks unreach-call only");
}

void readOptions(const std::string& yml, const YAML::Node& root, CTask& task) {
  YAML::Node options = root["options"];
  if (!options || !options.IsMap()) throw InputError(yml, options ? lineOf(options) : 0, "no options (language, data_model)");
  YAML::Node language = options["language"];
  if (!language) throw InputError(yml, lineOf(options), "options.language is missing");
  if (scalar(yml, language, "options.language") != "C")
    throw InputError(yml, lineOf(language), "options.language must be C, not '" + language.Scalar() + "'");
  YAML::Node model = options["data_model"];
  if (!model) throw InputError(yml, lineOf(options), "options.data_model is missing");
  std::string text = scalar(yml, model, "options.data_model");
  if (text != "ILP32" && text != "LP64")
    throw InputError(yml, lineOf(model), "options.data_model must be ILP32 or LP64, not '" + text + "'");
  task.ilp32 = text == "ILP32";
}

}  // namespace

CTask loadTask(const std::string& ymlPath) {
  if (!fs::is_regular_file(ymlPath)) throw InputError(ymlPath, 0, "task file does not exist");
  YAML::Node root;
  try {
    root = YAML::LoadFile(ymlPath);
  } catch (const YAML::Exception& e) {
    throw InputError(ymlPath, e.mark.is_null() ? 0 : e.mark.line + 1, "not valid YAML: " + e.msg);
  }
  if (!root.IsMap()) throw InputError(ymlPath, lineOf(root), "a task definition must be a YAML mapping");
  YAML::Node version = root["format_version"];
  if (!version) throw InputError(ymlPath, 0, "no format_version");
  if (scalar(ymlPath, version, "format_version") != "2.0")
    throw InputError(ymlPath, lineOf(version), "format_version must be 2.0, not '" + version.Scalar() + "'");

  fs::path dir = fs::path(ymlPath).parent_path();
  CTask task;
  task.taskFile = ymlPath;
  task.file = inputFile(ymlPath, root, dir);
  readProperty(ymlPath, root, dir, task);
  readOptions(ymlPath, root, task);
  return task;
}

CTask plainTask(const std::string& cPath, const std::string& errorFunction, bool ilp32) {
  if (!fs::is_regular_file(cPath)) throw InputError(cPath, 0, "file does not exist");
  CTask task;
  task.file = cPath;
  task.errorFunction = errorFunction;
  task.ilp32 = ilp32;
  return task;
}

}  // namespace argus::frontend
