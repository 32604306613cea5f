// The version argus reports (--version, witness metadata, the BenchExec module reads --version).
#pragma once

namespace argus::cli {

inline constexpr const char* kVersion = "0.1.0";

}  // namespace argus::cli
