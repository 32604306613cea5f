// A search over the distinct sub-terms of a term (iterative, since terms from long paths are deep),
// for the syntactic checks of smt/ (foreign symbols, unsupported features).
#pragma once

#include <z3++.h>

#include <unordered_set>
#include <vector>

namespace argus::smt {

/// True iff `found` holds for some sub-term of `root` (root included, binder bodies included); each
/// distinct sub-term is tested once.
template <typename Predicate>
bool anySubterm(const z3::expr& root, Predicate&& found) {
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> stack{root};
  while (!stack.empty()) {
    z3::expr e = stack.back();
    stack.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (found(e)) return true;
    if (e.is_app()) {
      for (unsigned i = 0, n = e.num_args(); i < n; ++i) stack.push_back(e.arg(i));
    } else if (e.is_quantifier() || e.is_lambda()) {
      stack.push_back(e.body());
    }
  }
  return false;
}

}  // namespace argus::smt
