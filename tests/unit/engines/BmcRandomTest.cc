// Randomized cross-check of BMC against certify (deterministic seeds): small random programs with a few
// integer variables, guarded linear updates, bounded and unbounded (possibly nested) loops and calls.
// Every Safe answer's certificate and every Unsafe answer's trace must pass certify; when BMC stops at
// its maximal bound, certify's own unrolling must not find an error within that bound either.
#include <gtest/gtest.h>

#include <random>

#include "certify/ProgramFixtures.h"
#include "engines/BmcTestSupport.h"

using namespace argus;
using namespace argus::testing;

namespace {

constexpr unsigned kMaxBound = 6;

class RandomProgram : public Fixture {
 public:
  explicit RandomProgram(uint32_t seed) : rng_(seed) {
    int count = 2 + pick(2);
    for (int i = 0; i < count; ++i) vars_.push_back(local("x" + std::to_string(i)));
    if (pick(2)) addCallee();
    ir::LocId at = entry;
    for (ir::VarId v : vars_) initialise(at, v);
    blocks(at, 0);
    z3::expr bad = pick(2) ? condition() : condition() && condition();
    branch(at, bad, error, exit);
  }

 private:
  int pick(int n) { return static_cast<int>(rng_() % n); }
  ir::VarId anyVar() { return vars_[pick(static_cast<int>(vars_.size()))]; }

  /// A sum of variables with coefficients -1, 0, 1 plus a small constant (values stay small, so that
  /// the solver's work stays small too).
  z3::expr linear() {
    z3::expr sum = num(pick(7) - 3);
    for (ir::VarId v : vars_)
      if (int k = pick(3) - 1) sum = sum + num(k) * cur(v);
    return sum;
  }
  /// v + k or w + k.
  z3::expr update() { return cur(anyVar()) + num(pick(5) - 2); }
  z3::expr condition() {
    z3::expr e = linear();
    switch (pick(3)) {
      case 0: return e <= 0;
      case 1: return e == 0;
      default: return e >= 0;
    }
  }

  void initialise(ir::LocId& at, ir::VarId v) {
    ir::LocId next = loc("init");
    if (pick(2)) {
      ir::LocId mid = loc("input");
      nondet(at, mid, v);
      assume(mid, next, cur(v) >= -3 && cur(v) <= 3);
    } else {
      assign(at, next, v, num(pick(7) - 3));
    }
    at = next;
  }

  void blocks(ir::LocId& at, int depth) {
    for (int n = 1 + pick(2); n > 0; --n) {
      switch (pick(depth < 2 ? 5 : 2)) {
        case 0: diamond(at); break;
        case 1: callBlock(at); break;
        case 2: case 3: boundedLoop(at, depth); break;
        default: openLoop(at); break;
      }
    }
  }

  void diamond(ir::LocId& at) {
    ir::LocId thenLoc = loc("then"), elseLoc = loc("else"), join = loc("join");
    branch(at, condition(), thenLoc, elseLoc);
    assign(thenLoc, join, anyVar(), update());
    assign(elseLoc, join, anyVar(), update());
    at = join;
  }

  void callBlock(ir::LocId& at) {
    if (callee_ == ir::kNone) return diamond(at);
    ir::LocId next = loc("returned");
    p.addCall(at, next, callee_, {linear()}, {anyVar()});
    at = next;
  }

  /// for (c := 0; c < K; c++) { blocks; maybe break }
  void boundedLoop(ir::LocId& at, int depth) {
    ir::VarId counter = local("c" + std::to_string(counters_++));
    ir::LocId head = loc("head"), body = loc("body"), after = loc("after");
    assign(at, head, counter, num(0));
    int trips = 1 + pick(4);
    branch(head, cur(counter) < trips, body, after);
    ir::LocId end = body;
    blocks(end, depth + 1);
    if (pick(3) == 0) assume(end, after, condition());  // break
    assign(end, head, counter, cur(counter) + 1);
    at = after;
  }

  /// while (nondet) v := v + k: no bound completes it.
  void openLoop(ir::LocId& at) {
    ir::LocId head = loc("open"), body = loc("openBody"), after = loc("openAfter");
    assume(at, head, c.bool_val(true));
    assume(head, body, c.bool_val(true));
    assume(head, after, c.bool_val(true));
    ir::VarId v = anyVar();
    assign(body, head, v, cur(v) + num(1 + pick(2)));
    at = after;
  }

  /// f(a) { g := g + a; r := a + k }, with a global g initialised by main.
  void addCallee() {
    ir::VarId g = p.addGlobal("g", c.int_sort(), "g");
    callee_ = p.addProcedureWithFrame("f");
    ir::VarId a = local(callee_, "a", ir::VarRole::Param), r = local(callee_, "r", ir::VarRole::Result);
    ir::LocId mid = loc("mid", callee_);
    assign(p.proc(callee_).entry, mid, g, cur(g) + cur(a));
    assign(mid, p.proc(callee_).exit, r, cur(a) + num(pick(5) - 2));
    ir::LocId next = loc("initG");
    assign(entry, next, g, num(0));
    entry = next;  // main's initialisation continues after g := 0
    vars_.push_back(g);
  }

  std::mt19937 rng_;
  std::vector<ir::VarId> vars_;
  ir::ProcId callee_ = ir::kNone;
  int counters_ = 0;
};

}  // namespace

TEST(BmcRandom, EveryAnswerPassesCertify) {
  int safe = 0, unsafe = 0, bounded = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomProgram prog(seed);
    ASSERT_NO_THROW(prog.p.validate());
    auto run = runBmc(prog.p, {{"bmc.max_bound", std::to_string(kMaxBound)}});
    const ir::Result& r = run->result;
    if (r.verdict == ir::Verdict::Safe) {
      ++safe;
      ir::Certificate c = *r.certificate();
      auto out = certify::checkCertificate(prog.p, c, {});
      EXPECT_TRUE(out.accepted()) << out.detail;
    } else if (r.verdict == ir::Verdict::Unsafe) {
      ++unsafe;
      ir::Trace t = *r.trace();
      auto out = certify::checkTrace(prog.p, t, {});
      EXPECT_TRUE(out.accepted()) << out.detail;
    } else {
      ++bounded;
      ASSERT_EQ(r.reason, ir::UnknownReason::BoundReached) << r.detail;
      ir::Certificate c;
      c.kind = ir::Certificate::Kind::CompleteUnrolling;
      c.bound = kMaxBound;
      auto out = certify::checkCertificate(prog.p, c, {});
      EXPECT_FALSE(out.accepted());
      EXPECT_EQ(out.detail.find("error location is reachable"), std::string::npos) << out.detail;
    }
  }
  // The generator must exercise every kind of answer for the cross-check to mean something.
  EXPECT_GE(safe, 5);
  EXPECT_GE(unsafe, 5);
  EXPECT_GE(bounded, 3);
  std::cerr << "random programs: " << safe << " safe, " << unsafe << " unsafe, " << bounded << " bound reached\n";
}
