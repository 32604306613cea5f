// Predicate normal forms, atom extraction and the per-location precision.
#include "engines/predabs/Predicates.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

namespace argus::engines::predabs {
namespace {

z3::expr stripNegations(z3::expr e) {
  while (e.is_app() && e.decl().decl_kind() == Z3_OP_NOT) e = e.arg(0);
  return e;
}

bool isConnective(const z3::expr& e) {
  if (!e.is_app() || !e.is_bool()) return false;
  switch (e.decl().decl_kind()) {
    case Z3_OP_AND:
    case Z3_OP_OR:
    case Z3_OP_NOT:
    case Z3_OP_IMPLIES:
    case Z3_OP_XOR:
    case Z3_OP_ITE:
      return true;
    case Z3_OP_EQ:
    case Z3_OP_IFF:
      return e.arg(0).is_bool();
    default:
      return false;
  }
}

bool insertSorted(std::vector<PredicateId>& list, PredicateId p) {
  auto it = std::lower_bound(list.begin(), list.end(), p);
  if (it != list.end() && *it == p) return false;
  list.insert(it, p);
  return true;
}

}  // namespace

std::optional<PredicateId> PredicateStore::intern(const z3::expr& atom) {
  z3::expr normal = stripNegations(stripNegations(atom).simplify());
  if (normal.is_true() || normal.is_false()) return std::nullopt;
  auto it = byTerm_.find(normal.id());
  if (it != byTerm_.end()) return it->second;
  PredicateId id = static_cast<PredicateId>(formulas_.size());
  formulas_.push_back(normal);
  byTerm_.emplace(normal.id(), id);
  parent_.push_back(id);
  return id;
}

PredicateId PredicateStore::cluster(PredicateId id) const {
  while (parent_.at(id) != id) id = parent_[id] = parent_[parent_[id]];
  return id;
}

std::vector<PredicateId> PredicateStore::relate(const std::vector<PredicateId>& together) {
  std::set<PredicateId> roots;
  for (PredicateId p : together) roots.insert(cluster(p));
  if (roots.size() < 2) return {};
  PredicateId root = *roots.begin();
  for (PredicateId r : roots) parent_[r] = root;
  std::vector<PredicateId> members;
  for (PredicateId p = 0; p < formulas_.size(); ++p)
    if (cluster(p) == root) members.push_back(p);
  return members;
}

std::vector<std::vector<size_t>> PredicateStore::groupByCluster(const std::vector<PredicateId>& ids) const {
  std::vector<std::vector<size_t>> groups;
  std::unordered_map<PredicateId, size_t> groupOf;
  for (size_t i = 0; i < ids.size(); ++i) {
    auto [it, fresh] = groupOf.emplace(cluster(ids[i]), groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  return groups;
}

std::vector<z3::expr> atomsOf(const z3::expr& formula) {
  std::vector<z3::expr> out, stack{formula};
  std::unordered_set<unsigned> seen;
  while (!stack.empty()) {
    z3::expr e = stack.back();
    stack.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (isConnective(e)) {
      // An if-then-else's condition is an atom position too.
      for (unsigned i = 0; i < e.num_args(); ++i) stack.push_back(e.arg(i));
    } else if (e.is_bool() && !e.is_true() && !e.is_false()) {
      out.push_back(e);
    }
  }
  return out;
}

PrecisionScope parsePrecisionScope(const std::string& name) {
  if (name == "location") return PrecisionScope::Location;
  if (name == "global") return PrecisionScope::Global;
  throw std::invalid_argument("unknown precision '" + name + "' (location or global)");
}

bool PredicatePrecision::add(ir::LocId loc, PredicateId p) {
  if (!insertSorted(scope_ == PrecisionScope::Global ? global_ : byLoc_.at(loc), p)) return false;
  ++(scope_ == PrecisionScope::Global ? globalVersion_ : versions_[loc]);
  return true;
}

void PredicatePrecision::touch(const std::vector<PredicateId>& predicates) {
  auto uses = [&](const std::vector<PredicateId>& list) {
    for (PredicateId p : predicates)
      if (std::binary_search(list.begin(), list.end(), p)) return true;
    return false;
  };
  if (scope_ == PrecisionScope::Global) {
    if (uses(global_)) ++globalVersion_;
    return;
  }
  for (size_t l = 0; l < byLoc_.size(); ++l)
    if (uses(byLoc_[l])) ++versions_[l];
}

size_t PredicatePrecision::total() const {
  if (scope_ == PrecisionScope::Global) return global_.size();
  std::set<PredicateId> all;
  for (auto& l : byLoc_) all.insert(l.begin(), l.end());
  return all.size();
}

double PredicatePrecision::averagePerLocation() const {
  if (scope_ == PrecisionScope::Global) return static_cast<double>(global_.size());
  size_t locs = 0, sum = 0;
  for (auto& l : byLoc_)
    if (!l.empty()) {
      ++locs;
      sum += l.size();
    }
  return locs ? static_cast<double>(sum) / static_cast<double>(locs) : 0.0;
}

size_t PredicatePrecision::maxPerLocation() const {
  if (scope_ == PrecisionScope::Global) return global_.size();
  size_t best = 0;
  for (auto& l : byLoc_) best = std::max(best, l.size());
  return best;
}

}  // namespace argus::engines::predabs
