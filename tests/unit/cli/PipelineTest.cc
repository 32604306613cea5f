// Engine isolation (exceptions and unsupported programs become UNKNOWN with a reason) and the final
// evidence gate (no TRUE without a checked certificate, no FALSE without a checked, replayed trace).
#include <gtest/gtest.h>

#include <new>
#include <stdexcept>

#include "cli/Pipeline.h"
#include "ir/Builder.h"
#include "util/Options.h"

using namespace argus;
using namespace argus::cli;

namespace {

/// An engine whose behaviour the test chooses.
class FakeEngine : public engines::Engine {
 public:
  enum class Mode { Throw, ThrowBadAlloc, ThrowCanceled, Unsupported, Answer };
  explicit FakeEngine(Mode mode) : mode_(mode) {}
  std::string_view name() const override { return "fake"; }
  engines::Support supports(const ir::Program&) const override {
    return mode_ == Mode::Unsupported ? engines::Support::no("recursion") : engines::Support::yes();
  }
  ir::Result run(const ir::Program&, engines::RunContext&) override {
    if (mode_ == Mode::Throw) throw std::runtime_error("solver exploded");
    if (mode_ == Mode::ThrowBadAlloc) throw std::bad_alloc();
    if (mode_ == Mode::ThrowCanceled) throw z3::exception("canceled");  // what Z3 throws once interrupted
    return ir::Result::unknown(ir::UnknownReason::BoundReached, "10");
  }

 private:
  Mode mode_;
};

engines::EngineInfo fakeInfo(FakeEngine::Mode mode) {
  return {"fake", "for tests", [mode] { return std::make_unique<FakeEngine>(mode); }, {}};
}

struct EngineRun {
  ir::Program program{std::make_shared<z3::context>()};
  OptionRegistry registry;
  Options options{registry};
  Logger log{-1};
  Stats stats;
  engines::RunContext ctx{options, log, stats, std::make_shared<ShutdownToken>(), ""};
  EngineRun() {
    ir::ProcId m = program.addProcedureWithFrame("main");
    ir::addAssume(program, program.proc(m).entry, program.proc(m).error, program.ctx().bool_val(true));
    program.setMain(m);
    program.origin().language = ir::Language::C;
  }
};

ir::Result checkedUnsafe(bool replayed) {
  ir::Trace t;
  t.pathChecked = true;
  t.replayed = replayed;
  return ir::Result::unsafe(t);
}

}  // namespace

TEST(Pipeline, EngineExceptionsBecomeUnknownWithTheMessage) {
  EngineRun r;
  ir::Result thrown = runEngine(fakeInfo(FakeEngine::Mode::Throw), r.program, r.ctx);
  EXPECT_EQ(thrown.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(thrown.reason, ir::UnknownReason::Error);
  EXPECT_NE(thrown.detail.find("solver exploded"), std::string::npos);
  EXPECT_EQ(thrown.engine, "fake");
  EXPECT_EQ(runEngine(fakeInfo(FakeEngine::Mode::ThrowBadAlloc), r.program, r.ctx).reason,
            ir::UnknownReason::MemoryOut);
}

TEST(Pipeline, ASolverFailureAfterAStopEndsAsTheStopSays) {
  EngineRun r;
  EXPECT_EQ(runEngine(fakeInfo(FakeEngine::Mode::ThrowCanceled), r.program, r.ctx).reason, ir::UnknownReason::Error);
  r.ctx.shutdown->requestStop("timeout");  // as DeadlineWatch stops an engine at the time limit
  ir::Result stopped = runEngine(fakeInfo(FakeEngine::Mode::ThrowCanceled), r.program, r.ctx);
  EXPECT_EQ(stopped.verdict, ir::Verdict::Unknown);
  EXPECT_EQ(stopped.reason, ir::UnknownReason::Timeout);
  EXPECT_NE(stopped.detail.find("canceled"), std::string::npos) << stopped.detail;
  // A stop for another reason (an interrupt) is a cancellation, not a timeout.
  EngineRun interrupted;
  interrupted.ctx.shutdown->requestStop("interrupted");
  EXPECT_EQ(runEngine(fakeInfo(FakeEngine::Mode::ThrowCanceled), interrupted.program, interrupted.ctx).reason,
            ir::UnknownReason::Cancelled);
}

TEST(Pipeline, UnsupportedProgramsSayWhy) {
  EngineRun r;
  ir::Result result = runEngine(fakeInfo(FakeEngine::Mode::Unsupported), r.program, r.ctx);
  EXPECT_EQ(result.reason, ir::UnknownReason::Unsupported);
  EXPECT_NE(result.detail.find("engine fake does not support this program: recursion"), std::string::npos);
  EXPECT_EQ(runEngine(fakeInfo(FakeEngine::Mode::Answer), r.program, r.ctx).reason,
            ir::UnknownReason::BoundReached);
}

TEST(Pipeline, UnknownEngineNamesTheAlternatives) {
  EXPECT_THROW(engineByName("no-such-engine"), OptionError);
}

TEST(Pipeline, TrueNeedsACheckedCertificate) {
  EngineRun r;
  ir::Certificate c;
  EXPECT_EQ(requireCheckedEvidence(r.program, ir::Result::safe(c)).reason,
            ir::UnknownReason::EvidenceRejected);
  c.checked = true;
  EXPECT_EQ(requireCheckedEvidence(r.program, ir::Result::safe(c)).verdict, ir::Verdict::Safe);
  ir::Result noCertificate;
  noCertificate.verdict = ir::Verdict::Safe;
  EXPECT_EQ(requireCheckedEvidence(r.program, noCertificate).verdict, ir::Verdict::Unknown);
}

TEST(Pipeline, FalseNeedsACheckedTraceThatReplaysForC) {
  EngineRun r;
  EXPECT_EQ(requireCheckedEvidence(r.program, checkedUnsafe(true)).verdict, ir::Verdict::Unsafe);
  ir::Result notReplayed = requireCheckedEvidence(r.program, checkedUnsafe(false));
  EXPECT_EQ(notReplayed.reason, ir::UnknownReason::EvidenceRejected);
  EXPECT_EQ(requireCheckedEvidence(r.program, ir::Result::unsafe({})).verdict, ir::Verdict::Unknown);
  r.program.origin().language = ir::Language::Chc;  // nothing to replay natively
  EXPECT_EQ(requireCheckedEvidence(r.program, checkedUnsafe(false)).verdict, ir::Verdict::Unsafe);
}
