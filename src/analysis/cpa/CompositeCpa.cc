// Composite analysis: product transfer, component-wise domain and precision adjustment.
#include "analysis/cpa/CompositeCpa.h"

#include "util/Error.h"

namespace argus::cpa {

CompositeState::CompositeState(std::vector<StatePtr> parts) : parts_(std::move(parts)) {
  INVARIANT(parts_.size() >= CompositeCpa::kFirstComponent, "composite state without control components");
}

std::string CompositeState::toString() const {
  std::string out = "(";
  for (size_t i = 0; i < parts_.size(); ++i) out += (i ? ", " : "") + parts_[i]->toString();
  return out + ")";
}

CompositeCpa::CompositeCpa(const ir::Program& program, std::vector<std::unique_ptr<Cpa>> components)
    : program_(program) {
  auto location = std::make_unique<LocationCpa>(program);
  location_ = location.get();
  cpas_.push_back(std::move(location));
  cpas_.push_back(std::make_unique<CallstackCpa>());
  for (auto& c : components) cpas_.push_back(std::move(c));
}

StatePtr CompositeCpa::initialState() const {
  ir::LocId entry = program_.proc(program_.mainProc()).entry;
  std::vector<StatePtr> parts;
  for (auto& c : cpas_) parts.push_back(c->initialState(entry));
  return std::make_shared<CompositeState>(std::move(parts));
}

PrecisionPtr CompositeCpa::initialPrecision() const {
  ir::LocId entry = program_.proc(program_.mainProc()).entry;
  std::vector<PrecisionPtr> parts;
  for (auto& c : cpas_) parts.push_back(c->initialPrecision(entry));
  return std::make_shared<CompositePrecision>(std::move(parts));
}

std::vector<CompositeCpa::Successor> CompositeCpa::successors(const CompositeState& state,
                                                              const CompositePrecision& precision) {
  std::vector<Successor> out;
  for (const Step& step : location_->steps(state.loc())) {
    // Partial products: every combination of component successors seen so far.
    std::vector<std::vector<StatePtr>> partial{{}};
    for (size_t i = 0; i < cpas_.size() && !partial.empty(); ++i) {
      auto next = cpas_[i]->transfer().successors(state.part(i), step, precision.part(i));
      std::vector<std::vector<StatePtr>> grown;
      for (auto& prefix : partial)
        for (auto& s : next) {
          grown.push_back(prefix);
          grown.back().push_back(s);
        }
      partial = std::move(grown);
    }
    for (auto& parts : partial) out.push_back(Successor{step, std::make_shared<CompositeState>(std::move(parts))});
  }
  return out;
}

std::optional<PrecisionAdjustment::Adjusted> CompositeCpa::adjust(const StatePtr& state,
                                                                  const PrecisionPtr& precision) {
  const auto& s = static_cast<const CompositeState&>(*state);
  const auto& p = static_cast<const CompositePrecision&>(*precision);
  std::vector<StatePtr> states;
  std::vector<PrecisionPtr> precisions;
  bool changed = false;
  for (size_t i = 0; i < cpas_.size(); ++i) {
    auto adjusted = cpas_[i]->precisionAdjustment().adjust(s.parts()[i], p.parts()[i]);
    if (!adjusted) return std::nullopt;
    changed |= adjusted->state != s.parts()[i] || adjusted->precision != p.parts()[i];
    states.push_back(std::move(adjusted->state));
    precisions.push_back(std::move(adjusted->precision));
  }
  if (!changed) return PrecisionAdjustment::Adjusted{state, precision};
  return PrecisionAdjustment::Adjusted{std::make_shared<CompositeState>(std::move(states)),
                                       std::make_shared<CompositePrecision>(std::move(precisions))};
}

bool CompositeCpa::lessOrEqual(const AbstractState& a, const AbstractState& b) const {
  const auto& x = static_cast<const CompositeState&>(a);
  const auto& y = static_cast<const CompositeState&>(b);
  for (size_t i = 0; i < cpas_.size(); ++i)
    if (!cpas_[i]->domain().lessOrEqual(x.part(i), y.part(i))) return false;
  return true;
}

StatePtr CompositeCpa::join(const AbstractState& a, const AbstractState& b) const {
  const auto& x = static_cast<const CompositeState&>(a);
  const auto& y = static_cast<const CompositeState&>(b);
  if (!(key(x) == key(y))) return nullptr;
  std::vector<StatePtr> parts;
  for (size_t i = 0; i < cpas_.size(); ++i) {
    StatePtr j = cpas_[i]->domain().join(x.part(i), y.part(i));
    if (!j) return nullptr;
    parts.push_back(std::move(j));
  }
  return std::make_shared<CompositeState>(std::move(parts));
}

}  // namespace argus::cpa
