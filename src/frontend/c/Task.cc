// SV-COMP task definitions (format 2.0) and property files: the input file, the property (unreach-call
// with its error function, no-overflow, the memory-safety ones) with its expected verdict, and the data
// model. Every problem is an InputError that names the
// file, the line where it was found, and what is wrong.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <optional>
#include <regex>
#include <variant>

#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"
#include "util/Error.h"

namespace argus::frontend {

namespace fs = std::filesystem;

namespace {

/// The line of `node`, or `fallback` for a node the parser gave no position (absent or empty).
int lineOf(const YAML::Node& node, int fallback = 1) {
  return node.IsDefined() && !node.Mark().is_null() ? node.Mark().line + 1 : fallback;
}

std::string scalar(const std::string& yml, const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar()) throw InputError(yml, lineOf(node), key + " must be a single value");
  return node.Scalar();
}

/// The file `node` names, relative to the task's folder; it must exist.
fs::path existingFile(const std::string& yml, const YAML::Node& node, const std::string& key, const fs::path& dir,
                      const std::string& what) {
  fs::path path = dir / scalar(yml, node, key);
  std::error_code ignored;  // a name too long for the system, say: no file all the same
  if (!fs::is_regular_file(path, ignored))
    throw InputError(yml, lineOf(node), what + " " + path.string() + " does not exist");
  return path;
}

/// What a property file's text states, or nothing for a property argus does not know (termination, ...).
/// SV-COMP's memory-safety file lists valid-free, valid-deref and valid-memtrack, one CHECK each.
std::optional<PropertyFile> recognise(const std::string& text) {
  static const std::string prefix = R"(CHECK\s*\(\s*init\s*\(\s*main\s*\(\s*\)\s*\)\s*,\s*LTL\s*\(\s*G\s*)";
  static const std::regex unreachCall(prefix + R"(!\s*call\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*\)\s*\)\s*\)\s*\))");
  static const std::regex noOverflow(prefix + R"(!\s*overflow\s*\)\s*\))");
  static const std::regex memcleanup(prefix + R"(valid-memcleanup\s*\)\s*\))");
  static const std::regex memsafety(prefix + R"(valid-(free|deref|memtrack)\s*\)\s*\))");
  std::smatch match;
  if (std::regex_search(text, match, unreachCall)) return PropertyFile{Property::UnreachCall, match[1].str()};
  if (std::regex_search(text, noOverflow)) return PropertyFile{Property::NoOverflow, ""};
  if (std::regex_search(text, memcleanup)) return PropertyFile{Property::ValidMemcleanup, ""};
  if (std::regex_search(text, memsafety)) return PropertyFile{Property::ValidMemsafety, ""};
  return std::nullopt;
}

std::string inputFile(const std::string& yml, const YAML::Node& root, const fs::path& dir) {
  YAML::Node files = root["input_files"];
  if (!files) throw InputError(yml, lineOf(root), "no input_files");
  YAML::Node file = files;
  if (files.IsSequence()) {
    if (files.size() != 1) throw InputError(yml, lineOf(files), "input_files must name exactly one file");
    file = files[0];
  }
  return existingFile(yml, file, "input_files", dir, "input file").string();
}

/// Finds the property to check and sets it (with the error function of unreach-call) and its expected
/// verdict: unreach-call where the task states it (a task may list several properties), else the first
/// other property argus knows. False (and the names of the property files it does not know, in
/// `others`) when the task states none it knows.
bool readProperty(const std::string& yml, const YAML::Node& root, const fs::path& dir, CTask& task,
                  std::vector<std::string>& others) {
  YAML::Node properties = root["properties"];
  if (!properties || !properties.IsSequence() || properties.size() == 0)
    throw InputError(yml, lineOf(properties, lineOf(root)), "no properties listed");
  std::optional<std::pair<PropertyFile, YAML::Node>> chosen;
  for (const YAML::Node& property : properties) {
    if (!property.IsMap()) throw InputError(yml, lineOf(property), "a property must be a mapping with property_file");
    YAML::Node file = property["property_file"];
    if (!file) throw InputError(yml, lineOf(property), "property without property_file");
    fs::path prp = existingFile(yml, file, "property_file", dir, "property file");
    std::optional<PropertyFile> stated = recognise(readTextFile(prp.string()));
    if (!stated) {
      others.push_back(prp.filename().string());
      continue;
    }
    if (!chosen || (stated->property == Property::UnreachCall && chosen->first.property != Property::UnreachCall))
      chosen.emplace(*stated, property);
  }
  if (!chosen) return false;
  task.property = chosen->first.property;
  task.errorFunction = chosen->first.errorFunction;
  {
    const YAML::Node& property = chosen->second;
    if (YAML::Node verdict = property["expected_verdict"]) {
      std::string text = scalar(yml, verdict, "expected_verdict");
      if (text != "true" && text != "false")
        throw InputError(yml, lineOf(verdict), "expected_verdict must be true or false, not " + quoteInput(text));
      task.expectedSafe = text == "true";
    }
    if (YAML::Node subproperty = property["subproperty"])
      task.expectedSubproperty = scalar(yml, subproperty, "subproperty");
  }
  return true;
}

void readOptions(const std::string& yml, const YAML::Node& root, CTask& task) {
  YAML::Node options = root["options"];
  if (!options || !options.IsMap())
    throw InputError(yml, lineOf(options, lineOf(root)), "no options (language, data_model)");
  YAML::Node language = options["language"];
  if (!language) throw InputError(yml, lineOf(options), "options.language is missing");
  if (std::string text = scalar(yml, language, "options.language"); text != "C")
    throw InputError(yml, lineOf(language), "options.language must be C, not " + quoteInput(text));
  YAML::Node model = options["data_model"];
  if (!model) throw InputError(yml, lineOf(options), "options.data_model is missing");
  std::string text = scalar(yml, model, "options.data_model");
  if (text != "ILP32" && text != "LP64")
    throw InputError(yml, lineOf(model), "options.data_model must be ILP32 or LP64, not " + quoteInput(text));
  task.ilp32 = text == "ILP32";
}

}  // namespace

const char* propertyName(Property property) {
  switch (property) {
    case Property::UnreachCall: return "unreach-call";
    case Property::NoOverflow: return "no-overflow";
    case Property::ValidMemsafety: return "valid-memsafety";
    case Property::ValidMemcleanup: return "valid-memcleanup";
  }
  return "?";
}

bool isCheckedProperty(Property property) {
  return property == Property::UnreachCall || property == Property::NoOverflow;
}

PropertyFile parsePropertyText(const std::string& text, const std::string& prpPath) {
  if (std::optional<PropertyFile> stated = recognise(text)) return *stated;
  throw InputError(prpPath, 1,
                   "not a property argus knows (unreach-call, no-overflow, valid-memsafety, valid-memcleanup)");
}

PropertyFile readPropertyFile(const std::string& prpPath) {
  if (!fs::is_regular_file(prpPath)) throw InputError(prpPath, 0, "property file does not exist");
  return parsePropertyText(readTextFile(prpPath), prpPath);
}

std::variant<CTask, UncheckedTask> readTask(const std::string& ymlPath) {
  if (!fs::is_regular_file(ymlPath)) throw InputError(ymlPath, 0, "task file does not exist");
  return readTaskString(readTextFile(ymlPath), ymlPath);
}

std::variant<CTask, UncheckedTask> readTaskString(const std::string& text, const std::string& ymlPath) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw InputError(ymlPath, e.mark.is_null() ? 1 : e.mark.line + 1, "not valid YAML: " + e.msg);
  }
  if (!root.IsMap()) throw InputError(ymlPath, lineOf(root), "a task definition must be a YAML mapping");
  YAML::Node version = root["format_version"];
  if (!version) throw InputError(ymlPath, lineOf(root), "no format_version");
  if (std::string v = scalar(ymlPath, version, "format_version"); v != "2.0")
    throw InputError(ymlPath, lineOf(version), "format_version must be 2.0, not " + quoteInput(v));

  fs::path dir = fs::path(ymlPath).parent_path();
  CTask task;
  task.taskFile = ymlPath;
  task.file = inputFile(ymlPath, root, dir);
  std::vector<std::string> others;
  if (!readProperty(ymlPath, root, dir, task, others))
    return UncheckedTask{task.file, others, lineOf(root["properties"])};
  readOptions(ymlPath, root, task);
  return task;
}

std::variant<CTask, UncheckedTask> readCheckedTask(const std::string& ymlPath) {
  std::variant<CTask, UncheckedTask> read = readTask(ymlPath);
  if (auto* task = std::get_if<CTask>(&read); task && !isCheckedProperty(task->property))
    return UncheckedTask{task->file, {std::string(propertyName(task->property))}, 1};
  return read;
}

CTask loadTask(const std::string& ymlPath) {
  if (!fs::is_regular_file(ymlPath)) throw InputError(ymlPath, 0, "task file does not exist");
  return loadTaskString(readTextFile(ymlPath), ymlPath);
}

CTask loadTaskString(const std::string& text, const std::string& ymlPath) {
  std::variant<CTask, UncheckedTask> read = readTaskString(text, ymlPath);
  if (auto* unchecked = std::get_if<UncheckedTask>(&read)) {
    std::string list;
    for (auto& o : unchecked->properties) list += (list.empty() ? "" : ", ") + o;
    throw InputError(ymlPath, unchecked->propertiesLine,
                     "no property argus knows (only " + list + "); argus checks unreach-call and no-overflow");
  }
  return std::get<CTask>(std::move(read));
}

CTask plainTask(const std::string& cPath, const std::string& errorFunction, bool ilp32, const std::string& prpPath) {
  if (!fs::is_regular_file(cPath)) throw InputError(cPath, 0, "file does not exist");
  CTask task;
  task.file = cPath;
  task.errorFunction = errorFunction;
  task.ilp32 = ilp32;
  if (!prpPath.empty()) {
    PropertyFile stated = readPropertyFile(prpPath);
    task.property = stated.property;
    task.errorFunction = stated.errorFunction;
  }
  return task;
}

}  // namespace argus::frontend
