// The typed option registry: every configurable knob of argus has one entry here (name, type, default,
// documentation), namespaced per module ("bmc.max_bound", "predabs.block"). `--set KEY=VALUE` and the
// dedicated CLI flags all write through Options::set, which validates the value against its spec, so a
// typo or an out-of-range value is rejected at start-up with a message naming the option.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace argus {

enum class OptionType { Bool, Int, Double, String, Choice };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::String;
  std::string defaultValue;
  std::string doc;
  std::vector<std::string> choices;  // for Choice
  int64_t minInt = INT64_MIN, maxInt = INT64_MAX;  // for Int
};

/// Thrown for an unknown option or a value that does not fit its spec.
class OptionError : public std::runtime_error {
 public:
  /// One line, whatever value it quotes (see util/Error.h).
  explicit OptionError(const std::string& what);
};

class OptionRegistry {
 public:
  /// Adds a spec; re-adding the same name is a programming error.
  void add(OptionSpec spec);
  void addBool(const std::string& name, bool def, const std::string& doc);
  void addInt(const std::string& name, int64_t def, const std::string& doc, int64_t min = INT64_MIN,
              int64_t max = INT64_MAX);
  void addDouble(const std::string& name, double def, const std::string& doc);
  void addString(const std::string& name, const std::string& def, const std::string& doc);
  void addChoice(const std::string& name, const std::string& def, std::vector<std::string> choices,
                 const std::string& doc);

  const OptionSpec* find(const std::string& name) const;
  const std::vector<OptionSpec>& all() const { return specs_; }
  /// The text of `argus --help-options`: one block per option, grouped by namespace.
  std::string helpText() const;

 private:
  std::vector<OptionSpec> specs_;
};

/// The values of one run: defaults from the registry, overridden by set().
class Options {
 public:
  explicit Options(const OptionRegistry& registry) : registry_(&registry) {}

  /// Validates and stores; throws OptionError("unknown option ..." / "bad value ...").
  void set(const std::string& name, const std::string& value);
  /// Parses "KEY=VALUE" and calls set().
  void setAssignment(const std::string& assignment);
  bool isSet(const std::string& name) const { return values_.count(name) > 0; }

  bool getBool(const std::string& name) const;
  int64_t getInt(const std::string& name) const;
  double getDouble(const std::string& name) const;
  std::string getString(const std::string& name) const;

  const OptionRegistry& registry() const { return *registry_; }
  /// Every option whose value differs from its default, as "name=value".
  std::vector<std::string> nonDefault() const;

 private:
  const OptionSpec& spec(const std::string& name) const;
  std::string raw(const std::string& name) const;

  const OptionRegistry* registry_;
  std::map<std::string, std::string> values_;
};

}  // namespace argus
