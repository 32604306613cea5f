// One component analysis of the CPA framework: its domain, transfer relation and precision adjustment,
// and its initial state and precision. Components are combined by CompositeCpa, which adds the control
// flow (location and call stack), merge and stop.
#pragma once

#include <string>

#include "analysis/cpa/Operators.h"
#include "analysis/cpa/State.h"

namespace argus::cpa {

class Cpa {
 public:
  virtual ~Cpa() = default;
  virtual std::string name() const = 0;
  virtual StatePtr initialState(ir::LocId entry) = 0;
  virtual PrecisionPtr initialPrecision(ir::LocId entry) { return NoPrecision::instance(); }
  virtual const AbstractDomain& domain() const = 0;
  virtual TransferRelation& transfer() = 0;
  virtual PrecisionAdjustment& precisionAdjustment() { return static_; }

 private:
  StaticPrecisionAdjustment static_;
};

}  // namespace argus::cpa
