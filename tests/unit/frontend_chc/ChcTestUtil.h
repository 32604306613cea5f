// Helpers shared by the CHC tests: benchmark files and their expected answers, running the z3 binary.
#pragma once

#include <string>
#include <vector>

namespace chctest {

/// Every .smt2 file below ../shared/bench/chc, sorted; fails the test when the folder is missing.
std::vector<std::string> benchFiles();
/// The expected answer of a benchmark from MANIFEST.tsv ("sat", "unsat", "unknown"), by absolute path.
std::string expectedAnswer(const std::string& file);
/// Files of `subdir` (e.g. "LIA-Lin") with the given expected answer, smallest first.
std::vector<std::string> smallestWithAnswer(const std::string& subdir, const std::string& answer, size_t count);
/// Runs `z3 -T:<timeout> file` and returns its first output line ("sat", "unsat", "unknown", "timeout", or an error).
std::string runZ3(const std::string& file, int timeoutSeconds);

}  // namespace chctest
