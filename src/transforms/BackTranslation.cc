// Composition of back-translators.
#include "transforms/BackTranslation.h"

namespace argus::transforms {

ir::Certificate ChainedBackTranslator::certificate(const ir::Certificate& onResult) const {
  ir::Certificate c = onResult;
  for (auto it = steps_.rbegin(); it != steps_.rend(); ++it) c = (*it)->certificate(c);
  return c;
}

std::optional<ir::Trace> ChainedBackTranslator::trace(const ir::Trace& onResult, const smt::SolverConfig& solver) const {
  std::optional<ir::Trace> t = onResult;
  for (auto it = steps_.rbegin(); it != steps_.rend() && t; ++it) t = (*it)->trace(*t, solver);
  return t;
}

}  // namespace argus::transforms
