// A summary of a safety certificate (kind, size, what the checker said) for -v output and JSON, and,
// in detail mode, the invariants themselves.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::report {

/// "Certificate: 3 invariants (k = 1), 1 contract; checked: ..." plus, when `detailed`, one indented line
/// per invariant and contract.
std::string certificateText(const ir::Program& program, const ir::Certificate& certificate, bool detailed);

nlohmann::json certificateJson(const ir::Program& program, const ir::Certificate& certificate);

}  // namespace argus::report
