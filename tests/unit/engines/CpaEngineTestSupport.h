// Running an engine of the registry (predabs, impact, ...) on hand-built programs and on C tasks of
// ../shared/bench, and judging its evidence with certify's independent checkers: shared by the tests of
// the engines built on the CPA framework.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "certify/Certify.h"
#include "engines/Engine.h"
#include "frontend/c/CFrontend.h"
#include "testing/Paths.h"

namespace argus::testing {

/// One run context for the engine `engine` of the registry, with the options of every engine and the
/// given assignments (KEY=VALUE).
struct EngineHarness {
  OptionRegistry registry;
  Options options{registry};
  Logger log;
  Stats stats;
  std::shared_ptr<ShutdownToken> shutdown = std::make_shared<ShutdownToken>();
  engines::RunContext context{options, log, stats, shutdown, ""};
  std::string engine;

  EngineHarness(std::string engineName, const std::vector<std::string>& settings) : engine(std::move(engineName)) {
    engines::registerEngineOptions(registry);
    for (auto& s : settings) options.setAssignment(s);
  }
  ir::Result run(const ir::Program& p) { return engines::findEngine(engine)->make()->run(p, context); }
};

/// The block encodings that predabs and impact both offer (single, large, adjustable).
inline const std::vector<std::string> kBlockEncodings{"sbe", "lbe", "abe"};

/// Why certify rejects the certificate (empty: accepted).
inline std::string certificateRejection(const ir::Program& p, ir::Certificate c) {
  auto outcome = certify::checkCertificate(p, c, certify::CertifyOptions{});
  return outcome.accepted() ? "" : outcome.detail;
}

/// The evidence of `r` (a decided result for `input`) passes certify on the input program.
inline void expectEvidenceHolds(const ir::Program& input, const ir::Result& r) {
  const ir::Program& q = input;
  if (r.verdict == ir::Verdict::Safe) {
    ASSERT_NE(r.certificate(), nullptr);
    EXPECT_EQ(certificateRejection(q, *r.certificate()), "");
  } else {
    ASSERT_EQ(r.verdict, ir::Verdict::Unsafe) << r.detail;
    ASSERT_NE(r.trace(), nullptr);
    ir::Trace t = *r.trace();
    auto outcome = certify::checkTrace(q, t, certify::CertifyOptions{});
    EXPECT_TRUE(outcome.accepted()) << outcome.detail;
  }
}

struct TaskRun {
  ir::Verdict verdict = ir::Verdict::Unknown;  // after certify (native replay included)
  std::string detail;
  std::shared_ptr<Stats> stats = std::make_shared<Stats>();
};

/// Runs `engine` on the C task ../shared/bench/c/<folder>/<name>.yml (at most two minutes) and judges
/// the result with certify; a missing task fails the test.
inline TaskRun verifyCTask(const std::string& engine, const std::string& folder, const std::string& name,
                           const std::vector<std::string>& settings) {
  namespace fs = std::filesystem;
  fs::path yml = fs::path(ARGUS_SHARED_DIR) / "bench" / "c" / folder / (name + ".yml");
  TaskRun run;
  if (!fs::exists(yml)) {
    ADD_FAILURE() << "missing benchmark " << yml << " (is ../shared there?)";
    return run;
  }
  EngineHarness h(engine, settings);
  h.shutdown->setTimeout(120);
  auto program = frontend::translateC(frontend::loadTask(yml.string()), {}, h.log, h.stats);
  ir::Result judged = certify::certify(*program, h.run(*program), certify::CertifyOptions{}, h.log, h.stats);
  run.verdict = judged.verdict;
  run.detail = judged.detail;
  run.stats->merge(h.stats);
  return run;
}

}  // namespace argus::testing
