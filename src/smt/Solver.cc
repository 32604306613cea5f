// Solver facade implementation.
#include "smt/Solver.h"

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "smt/Floats.h"
#include "util/Error.h"

namespace argus::smt {
namespace {

/// Z3 reads the timeout in milliseconds as an unsigned; UINT_MAX means none.
unsigned timeoutMilliseconds(double seconds) {
  return std::isfinite(seconds) ? static_cast<unsigned>(std::min(std::max(1.0, seconds * 1000.0), 4e9)) : UINT_MAX;
}

z3::solver makeSolver(z3::context& ctx, const std::string& logic) {
  if (logic.empty()) return z3::solver(ctx);
  return z3::solver(ctx, logic.c_str());
}

/// Floating point as bit-vectors, bit-blasted; what remains (integers, arrays) goes to the SMT core. The
/// tactic itself keeps the time limit (a solver made of a tactic may not read the timeout parameter).
z3::solver bitBlastingSolver(z3::context& ctx, unsigned milliseconds) {
  z3::tactic chain = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") & z3::tactic(ctx, "fpa2bv") &
                     z3::tactic(ctx, "propagate-values") & z3::tactic(ctx, "simplify") & z3::tactic(ctx, "bit-blast") &
                     z3::tactic(ctx, "smt");
  return (milliseconds == UINT_MAX ? chain : z3::try_for(chain, milliseconds)).mk_solver();
}

}  // namespace

const char* toString(SatResult r) {
  switch (r) {
    case SatResult::Sat: return "sat";
    case SatResult::Unsat: return "unsat";
    case SatResult::Unknown: return "unknown";
  }
  return "?";
}

Solver::Solver(z3::context& ctx, SolverConfig config)
    : ctx_(&ctx), config_(std::move(config)), solver_(makeSolver(ctx, config_.logic)) {}

void Solver::add(const z3::expr& e) {
  floatingPoint_ = floatingPoint_ || mentionsFloatingPoint(e);
  solver_.add(e);
}
void Solver::push() { solver_.push(); }
void Solver::pop(unsigned n) { solver_.pop(n); }
unsigned Solver::assertionCount() const { return solver_.assertions().size(); }

SatResult Solver::check() { return run(z3::expr_vector(*ctx_)); }

SatResult Solver::check(const std::vector<z3::expr>& assumptions) {
  z3::expr_vector v(*ctx_);
  for (auto& a : assumptions) v.push_back(a);
  return run(v);
}

bool isResourceLimit(const std::string& message) {
  for (const char* sign : {"cancel", "timeout", "memory", "resource", "interrupt", "max. steps", "rlimit"})
    if (message.find(sign) != std::string::npos) return true;
  return false;
}

SatResult Solver::run(const z3::expr_vector& assumptions) {
  preprocessedModel_.reset();
  preprocessedUnsat_.reset();
  if (config_.shutdown && config_.shutdown->stopRequested()) return SatResult::Unknown;
  double limit = config_.shutdown ? config_.shutdown->remainingSeconds()
                                  : std::numeric_limits<double>::infinity();
  if (config_.queryTimeoutSeconds > 0) limit = std::min(limit, config_.queryTimeoutSeconds);
  if (!config_.dumpDir.empty()) dump(assumptions);
  if (floatingPoint_) return runPreprocessed(assumptions, limit);
  if (config_.preprocessFirst) {
    Stopwatch watch;
    SatResult first = runPreprocessed(assumptions, std::min(limit, std::max(2.0, limit / 4)));
    if (first != SatResult::Unknown) return first;
    limit -= watch.seconds();
    if (limit <= 0 || (config_.shutdown && config_.shutdown->stopRequested())) return SatResult::Unknown;
  }
  return incremental(assumptions, limit);
}


SatResult Solver::incremental(const z3::expr_vector& assumptions, double limit) {
  // Setting parameters makes Z3 rebuild its parameter table (milliseconds per check), so the timeout is
  // only renewed when the one in force differs from the limit by more than a second or a tenth.
  unsigned ms = timeoutMilliseconds(limit);
  unsigned gap = timeoutMs_ > ms ? timeoutMs_ - ms : ms - timeoutMs_;
  if (gap > std::max(1000u, ms / 10) || (ms == UINT_MAX) != (timeoutMs_ == UINT_MAX)) {
    z3::params p(*ctx_);
    p.set("timeout", ms);
    solver_.set(p);
    timeoutMs_ = ms;
  }
  return measured([&] { return assumptions.empty() ? solver_.check() : solver_.check(assumptions); });
}

SatResult Solver::runPreprocessed(const z3::expr_vector& assumptions, double seconds) {
  // A fresh solver checked once, without assumptions, is in Z3's non-incremental mode: the tactic of its
  // logic preprocesses the whole problem first (on the drivers, the default tactic decides queries that a
  // fixed chain simplify, propagate-values, solve-eqs, elim-uncnstr, smt leaves undecided).
  z3::context& ctx = *ctx_;
  z3::solver fresh = floatingPoint_ ? bitBlastingSolver(ctx, timeoutMilliseconds(seconds)) : makeSolver(ctx, config_.logic);
  z3::params p(ctx);
  p.set("timeout", timeoutMilliseconds(seconds));
  fresh.set(p);
  for (const z3::expr& assertion : solver_.assertions()) fresh.add(assertion);
  for (const z3::expr& assumption : assumptions) fresh.add(assumption);
  SatResult out = measured([&] { return fresh.check(); });
  if (config_.stats) config_.stats->add(out == SatResult::Unknown ? "smt.preprocessed_undecided" : "smt.preprocessed_decided");
  if (out == SatResult::Sat) preprocessedModel_ = fresh.get_model();
  if (out == SatResult::Unsat) preprocessedUnsat_ = assumptions;
  return out;
}

template <typename Check>
SatResult Solver::measured(Check check) {
  Stopwatch watch;
  z3::check_result r;
  {
    z3::context* ctx = ctx_;
    StopCallbackScope interrupt(config_.shutdown, [ctx] { ctx->interrupt(); });
    try {
      r = check();
    } catch (const z3::exception& e) {
      // Z3 reports cancellation and resource limits as exceptions in some paths; both mean "don't know".
      // Anything else (a malformed term, an invalid argument) is a bug and must not become a quiet
      // Unknown: it propagates and ends the run as UNKNOWN (error).
      if (!isResourceLimit(e.msg())) throw;
      r = z3::unknown;
    }
  }
  double secs = watch.seconds();
  checkSeconds_ += secs;
  ++checks_;
  SatResult out = r == z3::sat ? SatResult::Sat : r == z3::unsat ? SatResult::Unsat : SatResult::Unknown;
  if (config_.stats) {
    config_.stats->add("smt.checks");
    config_.stats->addTime("smt.check_time", secs);
    if (out == SatResult::Unknown) config_.stats->add("smt.unknown");
  }
  return out;
}

std::ofstream openQueryDump(const std::string& dir, const std::string& stem, unsigned& number) {
  static std::atomic<unsigned> counter{0};
  std::filesystem::create_directories(dir);
  number = counter++;
  return std::ofstream(std::filesystem::path(dir) / (stem + "-" + std::to_string(number) + ".smt2"));
}

void Solver::dump(const z3::expr_vector& assumptions) {
  unsigned n = 0;
  std::ofstream out = openQueryDump(config_.dumpDir, config_.name, n);
  out << "; argus query " << n << " from " << config_.name << "\n";
  // to_smt2 prints declarations and assertions followed by (check-sat); re-issue with assumptions.
  std::string text = solver_.to_smt2();
  if (assumptions.empty()) {
    out << text;
    return;
  }
  auto pos = text.rfind("(check-sat)");
  out << (pos == std::string::npos ? text : text.substr(0, pos));
  out << "(check-sat-assuming (";
  for (unsigned i = 0; i < assumptions.size(); ++i) out << (i ? " " : "") << assumptions[i];
  out << "))\n";
}

z3::model Solver::model() const { return preprocessedModel_ ? *preprocessedModel_ : solver_.get_model(); }

z3::expr Solver::eval(const z3::expr& e) const { return model().eval(e, true); }

std::vector<z3::expr> Solver::unsatCore() const {
  std::vector<z3::expr> out;
  // The preprocessed solver keeps no core: every assumption (which suffices, being what the answer was
  // found under).
  if (preprocessedUnsat_) {
    for (const z3::expr& e : *preprocessedUnsat_) out.push_back(e);
    return out;
  }
  for (auto e : solver_.unsat_core()) out.push_back(e);
  return out;
}

std::string Solver::reasonUnknown() const { return solver_.reason_unknown(); }

SatResult checkSat(z3::context& ctx, const std::vector<z3::expr>& facts, const SolverConfig& config) {
  Solver s(ctx, config);
  for (auto& f : facts) s.add(f);
  return s.check();
}

bool implies(const z3::expr& a, const z3::expr& b, const SolverConfig& config) {
  return checkSat(a.ctx(), {a, !b}, config) == SatResult::Unsat;
}

}  // namespace argus::smt
