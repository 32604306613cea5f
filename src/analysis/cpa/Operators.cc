// Merge and stop operators derived from an abstract domain.
#include "analysis/cpa/Operators.h"

#include <stdexcept>

namespace argus::cpa {
namespace {

class MergeSep final : public MergeOperator {
 public:
  StatePtr merge(const StatePtr&, const StatePtr& reached, const Precision&) const override { return reached; }
};

class MergeJoin final : public MergeOperator {
 public:
  explicit MergeJoin(const AbstractDomain& domain) : domain_(domain) {}
  StatePtr merge(const StatePtr& state, const StatePtr& reached, const Precision&) const override {
    if (domain_.lessOrEqual(*state, *reached)) return reached;  // nothing to add (and no new node)
    StatePtr joined = domain_.join(*state, *reached);
    return joined ? joined : reached;
  }

 private:
  const AbstractDomain& domain_;
};

class StopSep final : public StopOperator {
 public:
  explicit StopSep(const AbstractDomain& domain) : domain_(domain) {}
  Coverage stop(const AbstractState& state, const std::vector<const AbstractState*>& reached,
                const Precision&) const override {
    for (size_t i = 0; i < reached.size(); ++i)
      if (domain_.lessOrEqual(state, *reached[i])) return {true, {i}};
    return {};
  }

 private:
  const AbstractDomain& domain_;
};

/// Covered by the join of all reached states; where the domain refuses to join, by one of them.
class StopJoin final : public StopOperator {
 public:
  explicit StopJoin(const AbstractDomain& domain) : domain_(domain), sep_(domain) {}
  Coverage stop(const AbstractState& state, const std::vector<const AbstractState*>& reached,
                const Precision& precision) const override {
    if (reached.empty()) return {};
    StatePtr joined;  // null while the bound is reached[0] alone
    for (size_t i = 1; i < reached.size(); ++i) {
      joined = domain_.join(joined ? *joined : *reached[0], *reached[i]);
      if (!joined) return sep_.stop(state, reached, precision);
    }
    const AbstractState& bound = joined ? *joined : *reached[0];
    if (!domain_.lessOrEqual(state, bound)) return {};
    Coverage c{true, {}};
    for (size_t i = 0; i < reached.size(); ++i) c.by.push_back(i);
    return c;
  }

 private:
  const AbstractDomain& domain_;
  StopSep sep_;
};

}  // namespace

MergeKind parseMergeKind(const std::string& name) {
  if (name == "sep") return MergeKind::Sep;
  if (name == "join") return MergeKind::Join;
  throw std::invalid_argument("unknown merge operator '" + name + "' (sep or join)");
}

StopKind parseStopKind(const std::string& name) {
  if (name == "sep") return StopKind::Sep;
  if (name == "join") return StopKind::Join;
  throw std::invalid_argument("unknown stop operator '" + name + "' (sep or join)");
}

std::unique_ptr<MergeOperator> makeMerge(MergeKind kind, const AbstractDomain& domain) {
  if (kind == MergeKind::Sep) return std::make_unique<MergeSep>();
  return std::make_unique<MergeJoin>(domain);
}

std::unique_ptr<StopOperator> makeStop(StopKind kind, const AbstractDomain& domain) {
  if (kind == StopKind::Sep) return std::make_unique<StopSep>(domain);
  return std::make_unique<StopJoin>(domain);
}

}  // namespace argus::cpa
