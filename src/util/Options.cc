// Option parsing and validation; values are stored as text and converted on read, after set() has
// already proved that they convert.
#include "util/Options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "util/Error.h"

namespace argus {
namespace {

bool parseBool(const std::string& v, bool& out) {
  if (v == "true" || v == "1" || v == "yes" || v == "on") return out = true, true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return out = false, true;
  return false;
}

bool parseInt(const std::string& v, int64_t& out) {
  try {
    size_t pos = 0;
    out = std::stoll(v, &pos);
    return pos == v.size();
  } catch (const std::exception&) {
    return false;
  }
}

bool parseDouble(const std::string& v, double& out) {
  try {
    size_t pos = 0;
    out = std::stod(v, &pos);
    return pos == v.size() && std::isfinite(out);  // "nan" and "inf" are no timeouts or ratios
  } catch (const std::exception&) {
    return false;
  }
}

const char* typeName(OptionType t) {
  switch (t) {
    case OptionType::Bool: return "bool";
    case OptionType::Int: return "int";
    case OptionType::Double: return "number";
    case OptionType::String: return "string";
    case OptionType::Choice: return "choice";
  }
  return "?";
}

}  // namespace

OptionError::OptionError(const std::string& what) : std::runtime_error(escapeControl(what)) {}

void OptionRegistry::add(OptionSpec spec) {
  INVARIANT(find(spec.name) == nullptr, "option registered twice: " + spec.name);
  specs_.push_back(std::move(spec));
}

void OptionRegistry::addBool(const std::string& name, bool def, const std::string& doc) {
  add({name, OptionType::Bool, def ? "true" : "false", doc, {}});
}

void OptionRegistry::addInt(const std::string& name, int64_t def, const std::string& doc, int64_t min,
                            int64_t max) {
  OptionSpec s{name, OptionType::Int, std::to_string(def), doc, {}};
  s.minInt = min;
  s.maxInt = max;
  add(std::move(s));
}

void OptionRegistry::addDouble(const std::string& name, double def, const std::string& doc) {
  add({name, OptionType::Double, fmt::format("{}", def), doc, {}});
}

void OptionRegistry::addString(const std::string& name, const std::string& def, const std::string& doc) {
  add({name, OptionType::String, def, doc, {}});
}

void OptionRegistry::addChoice(const std::string& name, const std::string& def,
                               std::vector<std::string> choices, const std::string& doc) {
  INVARIANT(std::find(choices.begin(), choices.end(), def) != choices.end(),
            "default of " + name + " is not one of its choices");
  add({name, OptionType::Choice, def, doc, std::move(choices)});
}

const OptionSpec* OptionRegistry::find(const std::string& name) const {
  for (auto& s : specs_)
    if (s.name == name) return &s;
  return nullptr;
}

std::string OptionRegistry::helpText() const {
  std::vector<const OptionSpec*> sorted;
  for (auto& s : specs_) sorted.push_back(&s);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](auto* a, auto* b) { return a->name < b->name; });
  std::string out = "Options (set with --set NAME=VALUE):\n";
  for (auto* s : sorted) {
    std::string type = typeName(s->type);
    if (s->type == OptionType::Choice) {
      type.clear();
      for (auto& c : s->choices) type += (type.empty() ? "" : "|") + c;
    }
    out += fmt::format("  {}  <{}>  (default: {})\n      {}\n", s->name, type, s->defaultValue, s->doc);
  }
  return out;
}

const OptionSpec& Options::spec(const std::string& name) const {
  const OptionSpec* s = registry_->find(name);
  if (!s) throw OptionError("unknown option '" + name + "' (see argus --help-options)");
  return *s;
}

void Options::set(const std::string& name, const std::string& value) {
  const OptionSpec& s = spec(name);
  bool ok = true;
  std::string expected;
  switch (s.type) {
    case OptionType::Bool: {
      bool b;
      ok = parseBool(value, b);
      expected = "true or false";
      break;
    }
    case OptionType::Int: {
      int64_t i;
      ok = parseInt(value, i) && i >= s.minInt && i <= s.maxInt;
      expected = "an integer";
      if (s.minInt != INT64_MIN) expected += fmt::format(" >= {}", s.minInt);
      if (s.maxInt != INT64_MAX) expected += fmt::format(" <= {}", s.maxInt);
      break;
    }
    case OptionType::Double: {
      double d;
      ok = parseDouble(value, d);
      expected = "a finite number";
      break;
    }
    case OptionType::Choice:
      ok = std::find(s.choices.begin(), s.choices.end(), value) != s.choices.end();
      for (auto& c : s.choices) expected += (expected.empty() ? "one of " : ", ") + c;
      break;
    case OptionType::String: break;
  }
  if (!ok) throw OptionError("bad value '" + value + "' for option '" + name + "': expected " + expected);
  values_[name] = value;
}

void Options::setAssignment(const std::string& assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw OptionError("expected KEY=VALUE, got '" + assignment + "'");
  set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

std::string Options::raw(const std::string& name) const {
  const OptionSpec& s = spec(name);
  auto it = values_.find(name);
  return it == values_.end() ? s.defaultValue : it->second;
}

bool Options::getBool(const std::string& name) const {
  INVARIANT(spec(name).type == OptionType::Bool, name + " is not a bool option");
  bool b = false;
  parseBool(raw(name), b);
  return b;
}

int64_t Options::getInt(const std::string& name) const {
  INVARIANT(spec(name).type == OptionType::Int, name + " is not an int option");
  int64_t i = 0;
  parseInt(raw(name), i);
  return i;
}

double Options::getDouble(const std::string& name) const {
  auto t = spec(name).type;
  INVARIANT(t == OptionType::Double || t == OptionType::Int, name + " is not a number option");
  double d = 0;
  parseDouble(raw(name), d);
  return d;
}

std::string Options::getString(const std::string& name) const { return raw(name); }

std::vector<std::string> Options::nonDefault() const {
  std::vector<std::string> out;
  for (auto& [k, v] : values_)
    if (v != spec(k).defaultValue) out.push_back(k + "=" + v);
  return out;
}

}  // namespace argus
