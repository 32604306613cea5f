// The one line on stdout that benchmark tools read: "Verdict: TRUE", "Verdict: FALSE(unreach-call)" or
// "Verdict: UNKNOWN (reason: detail)". Writing and reading it live together so that `argus bench` parses
// exactly what `argus verify` prints.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ir/Evidence.h"

namespace argus::report {

inline constexpr std::string_view kVerdictPrefix = "Verdict: ";

/// The verdict line (no newline). `property` names what FALSE violates (SV-COMP: "unreach-call").
/// The detail of an UNKNOWN is flattened to one line.
std::string verdictLine(const ir::Result& result, const std::string& property = "unreach-call");

/// What a verdict line says. TRUE/sat read as Safe, FALSE/unsat as Unsafe.
struct ParsedVerdict {
  ir::Verdict verdict = ir::Verdict::Unknown;
  std::string reason;  // UNKNOWN: the text before the first ':' inside the parentheses, e.g. "timeout"
  std::string detail;  // UNKNOWN: the rest
  std::string violated;  // FALSE(NAME): the (sub)property NAME the FALSE violates; empty for a plain FALSE
};

/// Parses one line; nullopt if it is not a verdict line.
std::optional<ParsedVerdict> parseVerdictLine(std::string_view line);
/// The first verdict line of a whole stdout text; nullopt if there is none.
std::optional<ParsedVerdict> findVerdict(std::string_view output);

}  // namespace argus::report
