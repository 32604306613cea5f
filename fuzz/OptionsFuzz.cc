// libFuzzer harness of the typed option registry: every line of the input is a KEY=VALUE assignment for
// the registry of the argus binary (cli::optionRegistry: global and engine options). A rejected one must
// be a one-line OptionError; an accepted one must read back through the getter of its type with a value
// the spec allows, and then be listed by nonDefault() if it differs from the default.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "FuzzCheck.h"
#include "cli/GlobalOptions.h"

using namespace argus;

namespace {

void checkReadBack(const Options& options, const OptionSpec& spec) {
  switch (spec.type) {
    case OptionType::Bool: options.getBool(spec.name); break;
    case OptionType::Int: {
      int64_t v = options.getInt(spec.name);
      if (v < spec.minInt || v > spec.maxInt) fuzz::finding(spec.name + " accepted the out-of-range " + std::to_string(v));
      break;
    }
    case OptionType::Double:
      if (!std::isfinite(options.getDouble(spec.name)))
        fuzz::finding(spec.name + " accepted the non-finite value '" + options.getString(spec.name) + "'");
      break;
    case OptionType::Choice: {
      std::string v = options.getString(spec.name);
      if (std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end())
        fuzz::finding(spec.name + " accepted '" + v + "', which is none of its choices");
      break;
    }
    case OptionType::String: options.getString(spec.name); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Options options(cli::optionRegistry());
  std::istringstream lines(fuzz::text(data, size));
  for (std::string line; std::getline(lines, line);) {
    if (!fuzz::accepted([&] { options.setAssignment(line); }, {}))
      continue;
    std::string name = line.substr(0, line.find('='));
    const OptionSpec* spec = cli::optionRegistry().find(name);
    if (!spec) fuzz::finding("accepted the unknown option " + name);
    checkReadBack(options, *spec);  // an exception here ends the run: std::terminate is a crash to libFuzzer
    std::vector<std::string> changed = options.nonDefault();
    bool listed = std::any_of(changed.begin(), changed.end(), [&](auto& s) { return s.rfind(name + "=", 0) == 0; });
    if (listed != (options.getString(name) != spec->defaultValue))
      fuzz::finding("nonDefault() is wrong about " + name);
  }
  return 0;
}
