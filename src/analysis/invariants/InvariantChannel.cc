// The invariant channel and the text form of invariants.
#include "analysis/invariants/InvariantChannel.h"

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::analysis {

void InvariantChannel::post(InvariantBatch batch) {
  std::lock_guard<std::mutex> lock(mutex_);
  pending_.push_back(std::move(batch));
}

std::vector<InvariantBatch> InvariantChannel::take() {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::exchange(pending_, {});
}

void InvariantChannel::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  finished_ = true;
}

bool InvariantChannel::finished() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return finished_;
}

void InvariantChannel::fail(std::string why) {
  std::lock_guard<std::mutex> lock(mutex_);
  failure_ = std::move(why);
}

std::string InvariantChannel::failure() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return failure_;
}

std::string toSmtText(const z3::expr& formula) { return formula.to_string(); }

z3::expr fromSmtText(const ir::Program& program, const std::string& text) {
  z3::context& c = program.ctx();
  z3::sort_vector sorts(c);
  z3::func_decl_vector decls(c);
  for (auto& v : program.vars()) decls.push_back(v.cur.decl());
  try {
    z3::expr_vector parsed = c.parse_string(("(assert " + text + ")").c_str(), sorts, decls);
    std::vector<z3::expr> parts;
    for (auto e : parsed) parts.push_back(e);
    return smt::mkAnd(c, parts);
  } catch (const z3::exception& e) {
    throw InternalError("invariant text does not parse: " + std::string(e.msg()) + " in " + text);
  }
}

}  // namespace argus::analysis
