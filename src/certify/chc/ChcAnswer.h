// The CHC answer to print for an engine's result on a program built by toProgram(): `sat` only with a
// model that satisfies every original clause, `unsat` only with a derivation of false that replays,
// `unknown` otherwise (with the reason). Engines' evidence is translated back to the clauses and checked
// there, so a mistake anywhere between the reader and the engine cannot produce a wrong answer.
#pragma once

#include <optional>
#include <string>

#include "frontend/chc/ChcEvidence.h"
#include "frontend/chc/ChcSystem.h"
#include "frontend/chc/ToProgram.h"
#include "ir/Evidence.h"

namespace argus::certify {

enum class ChcStatus { Sat, Unsat, Unknown };
const char* toString(ChcStatus s);

struct ChcAnswer {
  ChcStatus status = ChcStatus::Unknown;
  std::optional<chc::ChcModel> model;            // with Sat
  std::optional<chc::ChcDerivation> derivation;  // with Unsat
  std::string detail;                            // how it was established, or why unknown
  /// Non-empty: the engine's evidence was refuted at the clause level (why), although the answer may
  /// still stand on a model of certify's own. That is a bug to report, and callers count it.
  std::string rejection;
};

struct ChcCertifyOptions {
  double checkTimeout = 60;     // seconds per solver check (0: none)
  unsigned iterationRounds = 64; // rounds of the least-fixpoint fallback
  double iterationSeconds = 10;  // and its time budget
};

ChcAnswer certifyChcResult(const chc::ChcSystem& system, const chc::ChcProgram& program, const ir::Result& result,
                           const ChcCertifyOptions& options);

}  // namespace argus::certify
