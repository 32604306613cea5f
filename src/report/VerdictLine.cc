// Writing and parsing the verdict line.
#include "report/VerdictLine.h"

namespace argus::report {
namespace {

std::string oneLine(std::string_view text) {
  std::string out;
  for (char c : text) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

/// "timeout: 20 s" → reason "timeout", detail "20 s"; "timeout" → reason only.
ParsedVerdict parseUnknown(std::string_view rest) {
  ParsedVerdict out;
  rest = trim(rest);
  if (rest.size() < 2 || rest.front() != '(' || rest.back() != ')') return out;
  std::string_view inner = rest.substr(1, rest.size() - 2);
  auto colon = inner.find(':');
  out.reason = std::string(trim(inner.substr(0, colon)));
  if (colon != std::string_view::npos) out.detail = std::string(trim(inner.substr(colon + 1)));
  return out;
}

}  // namespace

std::string verdictLine(const ir::Result& result, const std::string& property) {
  std::string line(kVerdictPrefix);
  switch (result.verdict) {
    case ir::Verdict::Safe:
      return line + "TRUE";
    case ir::Verdict::Unsafe:
      return line + "FALSE(" + property + ")";
    case ir::Verdict::Unknown:
      break;
  }
  std::string reason = result.reason == ir::UnknownReason::None ? "unknown" : toString(result.reason);
  std::string detail = oneLine(result.detail);
  if (detail == reason) detail.clear();  // "timeout: timeout" says nothing more
  return line + "UNKNOWN (" + reason + (detail.empty() ? "" : ": " + detail) + ")";
}

std::optional<ParsedVerdict> parseVerdictLine(std::string_view line) {
  // Only a line that starts with the prefix counts: indented trace text never does.
  if (line.substr(0, kVerdictPrefix.size()) != kVerdictPrefix) return std::nullopt;
  std::string_view rest = trim(line.substr(kVerdictPrefix.size()));
  auto word = rest.substr(0, rest.find_first_of(" (\t"));
  ParsedVerdict out;
  if (word == "TRUE" || word == "sat") {
    out.verdict = ir::Verdict::Safe;
  } else if (word == "FALSE" || word == "unsat") {
    out.verdict = ir::Verdict::Unsafe;
    std::string_view after = rest.substr(word.size());
    if (!after.empty() && after.front() == '(' && after.find(')') != std::string_view::npos)
      out.violated = std::string(trim(after.substr(1, after.find(')') - 1)));
  } else if (word == "UNKNOWN" || word == "unknown") {
    out = parseUnknown(rest.substr(word.size()));
  } else {
    return std::nullopt;
  }
  return out;
}

std::optional<ParsedVerdict> findVerdict(std::string_view output) {
  while (!output.empty()) {
    auto end = output.find('\n');
    if (auto parsed = parseVerdictLine(output.substr(0, end))) return parsed;
    if (end == std::string_view::npos) break;
    output.remove_prefix(end + 1);
  }
  return std::nullopt;
}

}  // namespace argus::report
