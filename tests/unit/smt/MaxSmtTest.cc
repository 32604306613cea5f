// Weighted Max-SMT, for both methods: Unsat hard constraints, satisfiable and conflicting soft constraints,
// random instances on which the methods must agree, interruption, and bounded non-linear arithmetic.
// Every claimed optimum is checked independently: the model satisfies the hard constraints and exactly the
// soft constraints marked satisfied, and a plain solver finds no model that violates less weight.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <thread>

#include "smt/MaxSmt.h"

using namespace argus;
using namespace argus::smt;

namespace {

struct Instance {
  std::vector<z3::expr> hard;
  std::vector<std::pair<z3::expr, unsigned>> softs;
};

MaxSmtResult solve(z3::context& ctx, const Instance& inst, MaxSmtMethod method, SolverConfig config = {}) {
  MaxSmt m(ctx, std::move(config), method);
  for (auto& h : inst.hard) m.addHard(h);
  for (size_t i = 0; i < inst.softs.size(); ++i) EXPECT_EQ(m.addSoft(inst.softs[i].first, inst.softs[i].second), i);
  return m.solve();
}

void expectOptimal(z3::context& ctx, const Instance& inst, const MaxSmtResult& r) {
  ASSERT_EQ(r.status, SatResult::Sat);
  ASSERT_TRUE(r.model.has_value());
  ASSERT_EQ(r.satisfied.size(), inst.softs.size());
  for (auto& h : inst.hard) EXPECT_TRUE(r.model->eval(h, true).is_true()) << h;
  unsigned long long cost = 0;
  z3::expr violated = ctx.int_val(0);
  for (size_t i = 0; i < inst.softs.size(); ++i) {
    auto& [formula, weight] = inst.softs[i];
    bool holds = r.model->eval(formula, true).is_true();
    EXPECT_EQ(holds, r.satisfied[i]) << "soft " << i << ": " << formula;
    if (!holds) cost += weight;
    violated = violated + z3::ite(formula, ctx.int_val(0), ctx.int_val(weight));
  }
  EXPECT_EQ(cost, r.cost);
  if (cost == 0) return;
  Solver better(ctx);
  for (auto& h : inst.hard) better.add(h);
  better.add(violated < ctx.int_val(static_cast<int64_t>(cost)));
  EXPECT_EQ(better.check(), SatResult::Unsat) << "a model violates less than " << cost;
}

/// Hard and soft constraints over 3-5 bounded integer and Boolean variables: linear atoms, Boolean
/// literals, and disjunctions of two such.
Instance randomInstance(z3::context& ctx, unsigned seed) {
  std::mt19937 rng(seed);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<z3::expr> ints, bools;
  int vars = pick(3, 5);
  for (int i = 0; i < vars; ++i) {
    std::string name = "v" + std::to_string(i);
    if (pick(0, 2) == 0) {
      bools.push_back(ctx.bool_const(name.c_str()));
    } else {
      ints.push_back(ctx.int_const(name.c_str()));
    }
  }
  if (ints.empty()) ints.push_back(ctx.int_const("w"));
  Instance inst;
  for (auto& x : ints) inst.hard.push_back(x >= -4 && x <= 4);
  auto atom = [&]() -> z3::expr {
    if (!bools.empty() && pick(0, 3) == 0) {
      z3::expr b = bools[pick(0, static_cast<int>(bools.size()) - 1)];
      return pick(0, 1) ? b : !b;
    }
    z3::expr x = ints[pick(0, static_cast<int>(ints.size()) - 1)];
    z3::expr y = ints[pick(0, static_cast<int>(ints.size()) - 1)];
    z3::expr sum = pick(-3, 3) * x + pick(-3, 3) * y;
    int c = pick(-5, 5);
    switch (pick(0, 2)) {
      case 0: return sum <= c;
      case 1: return sum >= c;
      default: return sum == c;
    }
  };
  auto constraint = [&]() { return pick(0, 2) == 0 ? atom() || atom() : atom(); };
  for (int i = pick(1, 3); i > 0; --i) inst.hard.push_back(constraint());
  for (int i = pick(4, 8); i > 0; --i) inst.softs.push_back({constraint(), static_cast<unsigned>(pick(1, 6))});
  return inst;
}

class MaxSmtTest : public ::testing::TestWithParam<MaxSmtMethod> {};

TEST_P(MaxSmtTest, UnsatHardConstraintsAreUnsat) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x");
  Instance inst{{x > 0, x < 0}, {{x == 1, 2}, {x == -1, 1}}};
  MaxSmtResult r = solve(ctx, inst, GetParam());
  EXPECT_EQ(r.status, SatResult::Unsat);
  EXPECT_FALSE(r.model.has_value());
  // Without soft constraints, too.
  EXPECT_EQ(solve(ctx, {{x > 0, x < 0}, {}}, GetParam()).status, SatResult::Unsat);
}

TEST_P(MaxSmtTest, WithoutSoftConstraintsItIsAPlainCheck) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x");
  Instance inst{{x > 3}, {}};
  MaxSmtResult r = solve(ctx, inst, GetParam());
  expectOptimal(ctx, inst, r);
  EXPECT_EQ(r.cost, 0u);
  EXPECT_GT(r.model->eval(x, true).get_numeral_int64(), 3);
}

TEST_P(MaxSmtTest, SatisfiableSoftConstraintsAllHold) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), a = ctx.bool_const("a");
  Instance inst{{x + y == 10}, {{x == 3, 4}, {a, 1}, {y > x, 2}, {!a || y == 7, 9}}};
  MaxSmtResult r = solve(ctx, inst, GetParam());
  expectOptimal(ctx, inst, r);
  EXPECT_EQ(r.cost, 0u);
  EXPECT_EQ(r.satisfied, std::vector<bool>(4, true));
  EXPECT_EQ(r.model->eval(y, true).get_numeral_int64(), 7);
}

TEST_P(MaxSmtTest, ConflictingSoftConstraintsHaveTheUniqueOptimum) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), a = ctx.bool_const("a"), b = ctx.bool_const("b");
  // x = 2 keeps x == 2 and x >= 2 (violating 3 + 4); b over a (violating 2). No other choice costs 9.
  Instance inst{{x >= 0, x <= 10, !(a && b)},
                {{x == 1, 3}, {x == 2, 5}, {x == 3, 4}, {x >= 2, 1}, {a, 2}, {b, 3}}};
  MaxSmtResult r = solve(ctx, inst, GetParam());
  expectOptimal(ctx, inst, r);
  EXPECT_EQ(r.cost, 9u);
  EXPECT_EQ(r.satisfied, (std::vector<bool>{false, true, false, true, false, true}));
  EXPECT_EQ(r.model->eval(x, true).get_numeral_int64(), 2);
  EXPECT_TRUE(r.model->eval(b, true).is_true());
  EXPECT_TRUE(r.model->eval(a, true).is_false());
}

TEST_P(MaxSmtTest, PreferencesBreakTiesWithoutRaisingTheCost) {
  // The optimum is x = 2 (cost 1, the soft x >= 5 violated). Among the optimal models the preferences
  // y = x, y = 3 and y > 10 conflict pairwise; the answer keeps a maximal set: one of them, and every
  // preference it leaves out contradicts the optimum with the ones it kept.
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y");
  Instance inst{{x >= 0, x <= 2, y >= 0}, {{x == 2, 5}, {x >= 5, 1}}};
  std::vector<z3::expr> prefs{y == x, y == 3, y > 10, y >= 0 && y <= 100};
  MaxSmt m(ctx, {}, GetParam());
  for (auto& h : inst.hard) m.addHard(h);
  for (auto& [f, w] : inst.softs) m.addSoft(f, w);
  for (size_t i = 0; i < prefs.size(); ++i) EXPECT_EQ(m.addPreference(prefs[i]), i);
  MaxSmtResult r = m.solve();
  expectOptimal(ctx, inst, r);
  EXPECT_EQ(r.cost, 1u);
  ASSERT_EQ(r.preferred.size(), prefs.size());
  std::vector<z3::expr> kept;
  for (size_t i = 0; i < prefs.size(); ++i) {
    EXPECT_EQ(r.preferred[i], r.model->eval(prefs[i], true).is_true()) << prefs[i];
    if (r.preferred[i]) kept.push_back(prefs[i]);
  }
  EXPECT_GE(kept.size(), 1u);
  for (size_t i = 0; i < prefs.size(); ++i) {
    if (r.preferred[i]) continue;
    Solver extended(ctx);
    for (auto& h : inst.hard) extended.add(h);
    extended.add(x == 2);
    for (auto& k : kept) extended.add(k);
    extended.add(prefs[i]);
    EXPECT_EQ(extended.check(), SatResult::Unsat) << "preference " << prefs[i] << " could have been kept";
  }
}

/// Booleans a0..a(n-1) of which at most two may hold, each wanted with its weight.
Instance atMostTwoOf(z3::context& ctx, const std::vector<unsigned>& weights) {
  Instance inst;
  z3::expr count = ctx.int_val(0);
  for (size_t i = 0; i < weights.size(); ++i) {
    z3::expr a = ctx.bool_const(("a" + std::to_string(i)).c_str());
    count = count + z3::ite(a, ctx.int_val(1), ctx.int_val(0));
    inst.softs.push_back({a, weights[i]});
  }
  inst.hard.push_back(count <= 2);
  return inst;
}

TEST_P(MaxSmtTest, CoresOverlapAndRepeat) {
  // Equal weights: the cores overlap, so the optimum needs cardinalities beyond "at most one violated".
  z3::context ctx;
  Instance equal = atMostTwoOf(ctx, {1, 1, 1, 1, 1, 1});
  MaxSmtResult r = solve(ctx, equal, GetParam());
  expectOptimal(ctx, equal, r);
  EXPECT_EQ(r.cost, 4u);
  // Distinct weights: the two heaviest hold, whatever the strata and weight splits in between.
  Instance weighted = atMostTwoOf(ctx, {1, 2, 3, 4, 5, 6});
  r = solve(ctx, weighted, GetParam());
  expectOptimal(ctx, weighted, r);
  EXPECT_EQ(r.cost, 10u);
  EXPECT_EQ(r.satisfied, (std::vector<bool>{false, false, false, false, true, true}));
}

TEST_P(MaxSmtTest, BoundedNonLinearArithmetic) {
  z3::context ctx;
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), c1 = ctx.int_const("c1"), c2 = ctx.int_const("c2");
  // c1*x + c2*y = 7 with x, y in [0,3] and c1, c2 in [-2,2]: x <= 2 and y <= 2 exclude each other, and
  // so do c1 == c2 and either; the one model of cost 8 is x = 1, y = 3, c1 = 1, c2 = 2.
  Instance inst{{c1 * x + c2 * y == 7, x >= 0, x <= 3, y >= 0, y <= 3, c1 >= -2, c1 <= 2, c2 >= -2, c2 <= 2},
                {{x <= 2, 5}, {y <= 2, 5}, {c1 == c2, 2}, {y == 0, 1}, {x == 1, 1}}};
  MaxSmtResult r = solve(ctx, inst, GetParam());
  expectOptimal(ctx, inst, r);
  EXPECT_EQ(r.cost, 8u);
  EXPECT_EQ(r.satisfied, (std::vector<bool>{true, false, false, false, true}));
  EXPECT_EQ(r.model->eval(y, true).get_numeral_int64(), 3);
  EXPECT_EQ(r.model->eval(c1, true).get_numeral_int64(), 1);
  EXPECT_EQ(r.model->eval(c2, true).get_numeral_int64(), 2);
}

TEST_P(MaxSmtTest, SolvesAgainAfterMoreConstraintsAndCounts) {
  z3::context ctx;
  Stats stats;
  SolverConfig cfg;
  cfg.stats = &stats;
  MaxSmt m(ctx, cfg, GetParam());
  z3::expr x = ctx.int_const("x");
  m.addHard(x >= 0 && x <= 5);
  m.addSoft(x == 1, 2);
  m.addSoft(x == 2, 3);
  MaxSmtResult first = m.solve();
  ASSERT_EQ(first.status, SatResult::Sat);
  EXPECT_EQ(first.cost, 2u);
  m.addSoft(x == 1, 2);
  MaxSmtResult second = m.solve();
  ASSERT_EQ(second.status, SatResult::Sat);
  EXPECT_EQ(second.cost, 3u);
  EXPECT_EQ(second.satisfied, (std::vector<bool>{true, false, true}));
  m.addHard(x > 5);
  EXPECT_EQ(m.solve().status, SatResult::Unsat);
  EXPECT_EQ(stats.getInt("maxsmt.checks"), 3);
  EXPECT_TRUE(stats.has("maxsmt.time"));
  EXPECT_GE(m.checks(), 3u);
}

TEST_P(MaxSmtTest, DumpsItsQueries) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("argus-maxsmt-dump-" + std::string(toString(GetParam())));
  fs::remove_all(dir);
  z3::context ctx;
  SolverConfig cfg;
  cfg.dumpDir = dir.string();
  z3::expr x = ctx.int_const("x");
  EXPECT_EQ(solve(ctx, {{x > 0}, {{x < 0, 1}}}, GetParam(), cfg).cost, 1u);
  EXPECT_FALSE(fs::is_empty(dir));
  fs::remove_all(dir);
}

/// Hard constraints Z3 searches long on: x^3 + y^3 = z^3 over positive integers.
Instance fermat(z3::context& ctx) {
  z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  return {{x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z}, {{x > 5, 1}, {y > 7, 2}}};
}

TEST_P(MaxSmtTest, StopRequestGivesUnknown) {
  z3::context ctx;
  ShutdownToken token;
  SolverConfig cfg;
  cfg.shutdown = &token;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    token.requestStop("test");
  });
  Stopwatch w;
  MaxSmtResult r = solve(ctx, fermat(ctx), GetParam(), cfg);
  stopper.join();
  EXPECT_EQ(r.status, SatResult::Unknown);
  EXPECT_FALSE(r.model.has_value());
  EXPECT_LT(w.seconds(), 10.0);
  // Once stopped, every later query is Unknown at once.
  z3::expr v = ctx.int_const("v");
  EXPECT_EQ(solve(ctx, {{v > 0}, {{v < 0, 1}}}, GetParam(), cfg).status, SatResult::Unknown);
}

TEST_P(MaxSmtTest, DeadlineAndQueryTimeoutGiveUnknown) {
  z3::context ctx;
  ShutdownToken token;
  token.setTimeout(0.2);
  SolverConfig cfg;
  cfg.shutdown = &token;
  Stopwatch w;
  EXPECT_EQ(solve(ctx, fermat(ctx), GetParam(), cfg).status, SatResult::Unknown);
  EXPECT_LT(w.seconds(), 10.0);

  SolverConfig perQuery;
  perQuery.queryTimeoutSeconds = 0.2;
  Stopwatch w2;
  EXPECT_EQ(solve(ctx, fermat(ctx), GetParam(), perQuery).status, SatResult::Unknown);
  EXPECT_LT(w2.seconds(), 10.0);
}

INSTANTIATE_TEST_SUITE_P(MaxSmt, MaxSmtTest, ::testing::Values(MaxSmtMethod::Optimize, MaxSmtMethod::CoreGuided),
                         [](const auto& info) { return std::string(toString(info.param)); });

TEST(MaxSmtRandom, MethodsAgreeOnTheOptimalCost) {
  unsigned sat = 0;
  for (unsigned seed = 1; seed <= 30; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    z3::context ctx;
    Instance inst = randomInstance(ctx, seed);
    MaxSmtResult opt = solve(ctx, inst, MaxSmtMethod::Optimize);
    MaxSmtResult core = solve(ctx, inst, MaxSmtMethod::CoreGuided);
    ASSERT_NE(opt.status, SatResult::Unknown);
    ASSERT_EQ(opt.status, core.status);
    if (opt.status != SatResult::Sat) continue;
    ++sat;
    expectOptimal(ctx, inst, opt);
    expectOptimal(ctx, inst, core);
    EXPECT_EQ(opt.cost, core.cost);
  }
  EXPECT_GE(sat, 20u);  // the generator must mostly produce satisfiable hard constraints
}

}  // namespace
