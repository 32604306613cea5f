// The CPA framework on its own: reachability with the control components only, the call stack matching
// returns to call sites, merge/stop flavours with a small value-set domain, waitlist orders, ARG
// coverage and pruning, cancellation, named configurations, and the ARG as Graphviz text.
#include <gtest/gtest.h>

#include <set>

#include "analysis/cpa/Algorithm.h"
#include "analysis/cpa/ArgDot.h"
#include "analysis/cpa/Configuration.h"
#include "testing/SmallPrograms.h"

using namespace argus;
using namespace argus::cpa;
using namespace argus::testing;

namespace {

/// The set of values a variable may hold, for assignments of constants (all else: unchanged).
class ValueSetState final : public AbstractState {
 public:
  explicit ValueSetState(std::set<int> values) : values(std::move(values)) {}
  std::string toString() const override { return std::to_string(values.size()) + " values"; }
  std::set<int> values;
};

class ValueSetCpa final : public Cpa, private AbstractDomain, private TransferRelation {
 public:
  /// `assigned[e]`: the constant edge e assigns, if any.
  explicit ValueSetCpa(std::map<ir::EdgeId, int> assigned) : assigned_(std::move(assigned)) {}
  std::string name() const override { return "values"; }
  StatePtr initialState(ir::LocId) override { return std::make_shared<ValueSetState>(std::set<int>{0}); }
  const AbstractDomain& domain() const override { return *this; }
  TransferRelation& transfer() override { return *this; }

 private:
  static const std::set<int>& of(const AbstractState& s) { return static_cast<const ValueSetState&>(s).values; }
  bool lessOrEqual(const AbstractState& a, const AbstractState& b) const override {
    return std::includes(of(b).begin(), of(b).end(), of(a).begin(), of(a).end());
  }
  StatePtr join(const AbstractState& a, const AbstractState& b) const override {
    std::set<int> both = of(a);
    both.insert(of(b).begin(), of(b).end());
    return std::make_shared<ValueSetState>(both);
  }
  std::vector<StatePtr> successors(const AbstractState& s, const Step& step, const Precision&) override {
    auto it = assigned_.find(step.edge);
    if (it == assigned_.end()) return {std::make_shared<ValueSetState>(of(s))};
    return {std::make_shared<ValueSetState>(std::set<int>{it->second})};
  }
  std::map<ir::EdgeId, int> assigned_;
};

struct Run {
  std::unique_ptr<CompositeCpa> cpa;
  std::unique_ptr<ReachedSet> reached;
  Stats stats;
  Logger log;
  RunResult result;
};

std::unique_ptr<Run> explore(const ir::Program& p, std::vector<std::unique_ptr<Cpa>> components,
                             MergeKind merge = MergeKind::Sep, StopKind stop = StopKind::Sep,
                             WaitlistOrder order = WaitlistOrder::Dfs, const ShutdownToken* shutdown = nullptr) {
  auto run = std::make_unique<Run>();
  run->cpa = std::make_unique<CompositeCpa>(p, std::move(components));
  run->reached = std::make_unique<ReachedSet>(*run->cpa, order);
  run->reached->initialize();
  ReachabilityAlgorithm algorithm(*run->cpa, *run->reached, merge, stop,
                                  AlgorithmServices{run->stats, run->log, shutdown, "test"});
  run->result = algorithm.run();
  return run;
}

size_t nodesAt(const ReachedSet& reached, ir::LocId loc) {
  size_t n = 0;
  for (ArgNode* node : reached.reached()) n += ReachedSet::stateOf(*node).loc() == loc;
  return n;
}

/// main: call f (site 1); call f (site 2); then error. f: entry → exit.
std::unique_ptr<ir::Program> twoCallSites() {
  auto p = newMain();
  ir::ProcId f = p->addProcedureWithFrame("f");
  p->addTransition(p->proc(f).entry, p->proc(f).exit, p->ctx().bool_val(true), {});
  ir::LocId a = p->addLocation(0, "a"), b = p->addLocation(0, "b");
  p->addCall(entryOf(*p), a, f, {}, {});
  p->addCall(a, b, f, {}, {});
  ir::addAssume(*p, b, errorOf(*p), p->ctx().bool_val(true));
  return p;
}

}  // namespace

TEST(CpaFramework, ControlOnlyReachesTheErrorAlongAValidPath) {
  auto p = countUp(1);
  auto run = explore(*p, {});
  ASSERT_EQ(run->result.status, RunStatus::TargetReached);
  auto path = run->reached->arg().pathTo(run->result.target);
  ir::LocId at = entryOf(*p);
  for (auto& s : path) {
    EXPECT_EQ(p->edge(s.step.edge).from, at);
    at = p->edge(s.step.edge).to;
    EXPECT_EQ(ReachedSet::stateOf(*s.node).loc(), at);
  }
  EXPECT_EQ(at, errorOf(*p));
}

TEST(CpaFramework, ControlOnlyCoversRevisitedLocations) {
  auto p = countUp(1);
  auto toError = p->loc(errorOf(*p)).in;
  p->removeEdges(toError);  // error unreachable: the run exhausts
  auto run = explore(*p, {});
  EXPECT_EQ(run->result.status, RunStatus::Exhausted);
  for (ir::LocId l = 0; l < p->numLocs(); ++l) EXPECT_LE(nodesAt(*run->reached, l), 1u);
  EXPECT_GE(run->stats.getInt("test.covered"), 1);  // the loop head, reached again
}

TEST(CpaFramework, TheArgAsGraphvizHasEveryLiveNodeStepAndCovering) {
  auto p = countUp(1);
  auto run = explore(*p, {});
  ASSERT_EQ(run->result.status, RunStatus::TargetReached);
  std::string dot = argDot(*run->reached, *p, [](const ArgNode& n) { return "state of " + std::to_string(n.id); }, 100);
  EXPECT_EQ(dot.rfind("digraph arg {", 0), 0u) << dot;
  size_t steps = 0, covers = 0;
  for (const auto& node : run->reached->arg().allNodes()) {
    if (node->removed) continue;
    std::string id = std::to_string(node->id);
    EXPECT_NE(dot.find("id=\"argnode" + id + "\""), std::string::npos) << id << "\n" << dot;
    EXPECT_NE(dot.find("state of " + id), std::string::npos) << id;
    for (const auto& parent : node->parents)
      steps += dot.find("argstep" + std::to_string(parent.node->id) + "_" + id) != std::string::npos;
    covers += node->coveredBy.size();
    EXPECT_EQ(node->parents.size(), node.get() == run->reached->arg().root() ? 0u : 1u);
  }
  EXPECT_EQ(steps + 1, run->reached->arg().size());  // a tree: every node but the root has its step
  EXPECT_EQ(static_cast<size_t>(std::count(dot.begin(), dot.end(), '\n')),
            4 + run->reached->arg().size() + steps + covers + 1);  // header, nodes, steps, coverings, "}"
  EXPECT_NE(dot.find("color=red"), std::string::npos);  // the target at the error location
  std::string tooLarge = argDot(*run->reached, *p, [](const ArgNode&) { return ""; }, 1);
  EXPECT_NE(tooLarge.find("more than 1: not drawn"), std::string::npos) << tooLarge;
}

TEST(CpaFramework, CallStackReturnsToTheMatchingCallSite) {
  auto p = twoCallSites();
  auto run = explore(*p, {});
  ASSERT_EQ(run->result.status, RunStatus::TargetReached);
  auto path = run->reached->arg().pathTo(run->result.target);
  using K = ir::TraceStep::Kind;
  std::vector<std::pair<K, ir::EdgeId>> got;
  for (auto& s : path) got.push_back({s.step.kind, s.step.edge});
  // edges: 0 = f's body, 1 = call site 1, 2 = call site 2, 3 = to error
  std::vector<std::pair<K, ir::EdgeId>> want{{K::Call, 1}, {K::Edge, 0}, {K::Return, 1}, {K::Call, 2},
                                             {K::Edge, 0}, {K::Return, 2}, {K::Edge, 3}};
  EXPECT_EQ(got, want);
  // f's exit is reached under two different stacks: never merged, never covering one another.
  EXPECT_EQ(nodesAt(*run->reached, p->proc(1).exit), 2u);
}

TEST(CpaFramework, MergeJoinCombinesWhatMergeSepKeepsApart) {
  auto p = diamond(0);
  p->removeEdges({5});  // the error edge: explore everything
  // Edges 3 and 4 assign y := 1 and y := 2 on the two branches.
  auto values = [] { return std::map<ir::EdgeId, int>{{3, 1}, {4, 2}}; };
  auto components = [&] {
    std::vector<std::unique_ptr<Cpa>> c;
    c.push_back(std::make_unique<ValueSetCpa>(values()));
    return c;
  };
  ir::LocId join = p->edge(3).to;
  auto sep = explore(*p, components(), MergeKind::Sep, StopKind::Sep);
  auto joined = explore(*p, components(), MergeKind::Join, StopKind::Sep);
  EXPECT_EQ(nodesAt(*sep->reached, join), 2u);
  ASSERT_EQ(nodesAt(*joined->reached, join), 1u);
  for (ArgNode* n : joined->reached->reached())
    if (ReachedSet::stateOf(*n).loc() == join) {
      auto& v = static_cast<const ValueSetState&>(ReachedSet::stateOf(*n).part(CompositeCpa::kFirstComponent));
      EXPECT_EQ(v.values, (std::set<int>{1, 2}));
      EXPECT_EQ(n->parents.size(), 2u);
    }
}

TEST(CpaFramework, StopJoinCoversWhatNoSingleStateCovers) {
  ValueSetCpa cpa({});
  auto one = std::make_shared<ValueSetState>(std::set<int>{1});
  auto two = std::make_shared<ValueSetState>(std::set<int>{2});
  ValueSetState both(std::set<int>{1, 2});
  std::vector<const AbstractState*> reached{one.get(), two.get()};
  auto sep = makeStop(StopKind::Sep, cpa.domain());
  auto join = makeStop(StopKind::Join, cpa.domain());
  EXPECT_FALSE(sep->stop(both, reached, *NoPrecision::instance()).covered);
  Coverage c = join->stop(both, reached, *NoPrecision::instance());
  EXPECT_TRUE(c.covered);
  EXPECT_EQ(c.by.size(), 2u);
  EXPECT_FALSE(join->stop(ValueSetState({3}), reached, *NoPrecision::instance()).covered);
}

TEST(CpaFramework, WaitlistOrders) {
  Arg arg;
  std::vector<ArgNode*> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(i == 0 ? arg.addRoot(nullptr, nullptr) : arg.addChild(nodes[0], {}, nullptr, nullptr));
  std::vector<uint32_t> rank{2, 0, 3, 1};  // by node id, standing in for the location's rank
  auto drain = [&](WaitlistOrder order) {
    Waitlist w(order, rank, [](const ArgNode& n) { return static_cast<ir::LocId>(n.id); });
    for (ArgNode* n : nodes) w.push(n);
    w.remove(nodes[2]);
    std::vector<uint64_t> out;
    while (!w.empty()) out.push_back(w.pop()->id);
    return out;
  };
  EXPECT_EQ(drain(WaitlistOrder::Dfs), (std::vector<uint64_t>{3, 1, 0}));
  EXPECT_EQ(drain(WaitlistOrder::Bfs), (std::vector<uint64_t>{0, 1, 3}));
  EXPECT_EQ(drain(WaitlistOrder::Rpo), (std::vector<uint64_t>{1, 3, 0}));
}

TEST(CpaFramework, ReversePostorderPutsLoopBodiesBeforeTheExit) {
  auto p = countUp(1);
  auto rank = reversePostorder(*p);
  ir::LocId head = p->edge(2).from, body = p->edge(2).to, done = p->edge(4).to;
  EXPECT_LT(rank[entryOf(*p)], rank[head]);
  EXPECT_LT(rank[head], rank[body]);
  EXPECT_LT(rank[head], rank[done]);
  EXPECT_LT(rank[done], rank[errorOf(*p)]);
}

TEST(CpaFramework, PruningUncoversAndReexpands) {
  auto p = countUp(1);
  auto toError = p->loc(errorOf(*p)).in;
  p->removeEdges(toError);
  auto run = explore(*p, {});
  ASSERT_EQ(run->result.status, RunStatus::Exhausted);
  // The loop head's node covers its second visit; removing the head's subtree must re-expand its parent.
  ArgNode* covered = nullptr;
  for (auto& n : run->reached->arg().allNodes())
    if (n->covered()) covered = n.get();
  ASSERT_NE(covered, nullptr);
  ArgNode* coverer = covered->coveredBy.front();
  ArgNode* parent = coverer->parents.front().node;
  size_t before = run->reached->arg().size();
  run->reached->removeSubtree(coverer);
  EXPECT_LT(run->reached->arg().size(), before);
  EXPECT_TRUE(coverer->removed);
  EXPECT_TRUE(run->reached->waitlist().contains(parent));
  EXPECT_FALSE(parent->expanded);
  // Exploring again rebuilds the same reachable part.
  ReachabilityAlgorithm again(*run->cpa, *run->reached, MergeKind::Sep, StopKind::Sep,
                              AlgorithmServices{run->stats, run->log, nullptr, "test"});
  EXPECT_EQ(again.run().status, RunStatus::Exhausted);
  EXPECT_EQ(run->reached->arg().size(), before);
}

TEST(CpaFramework, StopsWhenAsked) {
  auto p = countUp(1);
  ShutdownToken token;
  token.requestStop("test");
  auto run = explore(*p, {}, MergeKind::Sep, StopKind::Sep, WaitlistOrder::Bfs, &token);
  EXPECT_EQ(run->result.status, RunStatus::Stopped);
}

TEST(CpaFramework, NamedConfigurationsApplyUnlessSetExplicitly) {
  OptionRegistry registry;
  registerCpaOptions(registry);
  registerCpaOptions(registry);  // a second engine registering again is harmless
  for (auto& c : namedConfigurations())
    for (auto& [name, value] : c.values)
      if (!registry.find(name)) registry.addString(name, "", "stand-in for the engine's option");
  Options options(registry);
  options.set("cpa.config", "predicate-sbe");
  options.set("predabs.abstraction", "boolean");
  ConfiguredOptions configured(options);
  ASSERT_NE(configured.configuration(), nullptr);
  EXPECT_EQ(configured.options().getString("predabs.block"), "sbe");
  EXPECT_EQ(configured.options().getString("predabs.abstraction"), "boolean");
  EXPECT_EQ(configured.waitlistOrder(), WaitlistOrder::Dfs);
}
