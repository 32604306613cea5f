// The option registry of the argus binary: the options of the CLI, front end and certifier (below),
// plus every engine's (engines::registerEngineOptions). The dedicated flags of `argus verify`
// (--engine, --timeout, --encoding, ...) write the same options, so `--set` and flags never disagree.
#pragma once

#include <string>
#include <vector>

#include "util/Options.h"

namespace argus::cli {

namespace opt {
inline constexpr const char* kEngine = "verify.engine";
inline constexpr const char* kJobs = "verify.jobs";
/// The engine value that asks for the default portfolio (chosen by the program's shape).
inline constexpr const char* kAutoEngine = "auto";
inline constexpr const char* kTimeout = "verify.timeout";
inline constexpr const char* kGrace = "verify.grace";
inline constexpr const char* kEncoding = "frontend.encoding";
inline constexpr const char* kErrorFunction = "frontend.error_function";
inline constexpr const char* kProperty = "frontend.property";
inline constexpr const char* kDataModel = "frontend.data_model";
inline constexpr const char* kReplayTimeout = "certify.replay_timeout";
inline constexpr const char* kCheckTimeout = "certify.check_timeout";
inline constexpr const char* kDotTimeout = "report.dot_timeout";
inline constexpr const char* kMaxGraphSize = "report.max_graph_size";
inline constexpr const char* kContractSearch = "witness.contract_search";
}  // namespace opt

/// Adds the options above (not the engines').
void registerGlobalOptions(OptionRegistry& registry);

/// Global options plus every engine's; built once.
const OptionRegistry& optionRegistry();

/// The options of a verify or dump run: the assignments ("name=value") applied in order, then the checks
/// no single option makes (no negative time). Throws OptionError.
Options parseAssignments(const std::vector<std::string>& assignments);

}  // namespace argus::cli
