// What every fuzz harness checks about how argus rejects an input, and how it reports a finding.
//
// Readers may reject an input only with an InputError (one line "FILE:LINE: what", LINE >= 1 where the
// input has lines), an OptionError or an UnsupportedError (one line). Anything else that escapes —
// InternalError, z3::exception, another std::exception — is a finding: the harness prints it and aborts,
// which libFuzzer records as a crash together with the input (crashes, sanitizer reports and hangs
// libFuzzer catches itself).
//
// Distinct rejections: each new kind of message (its first plain words, see recordRejection) is appended
// to the file named by $ARGUS_FUZZ_REJECTIONS, so that scripts/fuzz.sh can count them across runs and jobs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace argus::fuzz {

/// Prints "argus fuzz finding: <what>" and aborts.
[[noreturn]] void finding(const std::string& what);

/// What a rejection must name: the file, and a line (>= 1) when `needsLine`.
struct Expectation {
  std::string file;
  bool needsLine = true;
};

/// Runs `read`: true if it returned, false for an expected rejection (checked and recorded); any other
/// exception is a finding.
bool accepted(const std::function<void()>& read, const Expectation& expect);

/// A rejection message must be one line; `kind` says what rejected it ("input", "option", ...).
void checkOneLine(const std::string& message, const std::string& kind);

/// Records the kind of a rejection message (see above).
void recordRejection(const std::string& kind, const std::string& message);

/// The input as text (libFuzzer passes bytes).
std::string text(const uint8_t* data, size_t size);

}  // namespace argus::fuzz
