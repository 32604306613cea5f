// Path formulas of ARG paths, for refiners and counterexample checks: one conjunct per step (the edge
// instantiated along an SSA chain of states), the states between the steps, and the translation of a
// formula over one of those states back to the variables' `cur` constants (how interpolants become
// predicates or node labels). Intraprocedural paths only (transition edges of one procedure).
#pragma once

#include <z3++.h>

#include <vector>

#include "analysis/cpa/Arg.h"
#include "ir/Evidence.h"
#include "ir/Instantiate.h"

namespace argus::cpa {

struct PathFormula {
  std::vector<z3::expr> parts;   // parts[k]: the (k+1)-th step
  std::vector<ir::State> states; // states[0]: fresh initial state; states[k]: after parts[k-1]
};

/// The path formula of transition steps through `proc` (calls and returns are rejected).
PathFormula pathFormula(const ir::Instantiator& instantiator, ir::ProcId proc, const std::vector<Step>& steps);
std::vector<Step> stepsOf(const std::vector<Arg::PathStep>& path);

/// `e`, a formula over the terms of `state` for the variables in `vars`, with those terms replaced by
/// the variables' `cur` constants.
z3::expr atCurrent(const ir::Program& program, const z3::expr& e, const ir::State& state,
                   const std::vector<ir::VarId>& vars);

/// A trace of the steps (values are filled in by certify).
ir::Trace traceOf(const std::vector<Step>& steps);

}  // namespace argus::cpa
