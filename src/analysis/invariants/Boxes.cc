// Box and BoxSet lattice operations.
#include "analysis/invariants/Boxes.h"

#include <algorithm>
#include <limits>

#include "util/Error.h"

namespace argus::analysis {

bool Box::includes(const Box& other) const {
  for (size_t i = 0; i < dims_.size(); ++i)
    if (!dims_[i].includes(other.dims_[i])) return false;
  return true;
}

Box Box::join(const Box& other) const {
  Box out(dims_.size());
  for (size_t i = 0; i < dims_.size(); ++i) out.dims_[i] = dims_[i].join(other.dims_[i]);
  return out;
}

Box Box::widen(const Box& next, const std::vector<int64_t>& thresholds) const {
  Box out(dims_.size());
  for (size_t i = 0; i < dims_.size(); ++i) out.dims_[i] = dims_[i].widen(next.dims_[i], thresholds);
  return out;
}

double Box::joinCost(const Box& other) const {
  double cost = 0;
  for (size_t i = 0; i < dims_.size(); ++i) {
    double hull = dims_[i].join(other.dims_[i]).width();
    cost += hull - std::max(dims_[i].width(), other.dims_[i].width());
  }
  return cost;
}

bool sameKey(const Box& a, const Box& b, const PartitionKey& key) {
  for (size_t v : key)
    if (a[v] != b[v]) return false;
  return true;
}

bool BoxSet::includes(const BoxSet& other) const {
  for (const Box& b : other.boxes_) {
    bool inside = false;
    for (const Box& mine : boxes_) inside = inside || mine.includes(b);
    if (!inside) return false;
  }
  return true;
}

Box BoxSet::hull() const {
  INVARIANT(!boxes_.empty(), "hull of bottom");
  Box out = boxes_[0];
  for (size_t i = 1; i < boxes_.size(); ++i) out = out.join(boxes_[i]);
  return out;
}

void BoxSet::add(Box box) {
  for (const Box& b : boxes_)
    if (b.includes(box)) return;
  std::erase_if(boxes_, [&](const Box& b) { return box.includes(b); });
  boxes_.push_back(std::move(box));
}

void BoxSet::reduceTo(size_t maxBoxes) {
  INVARIANT(maxBoxes >= 1, "a box set needs room for one box");
  while (boxes_.size() > maxBoxes) {
    size_t bi = 0, bj = 1;
    double best = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < boxes_.size(); ++i)
      for (size_t j = i + 1; j < boxes_.size(); ++j) {
        double c = boxes_[i].joinCost(boxes_[j]);
        if (c < best) best = c, bi = i, bj = j;
      }
    Box merged = boxes_[bi].join(boxes_[bj]);
    boxes_.erase(boxes_.begin() + bj);
    boxes_.erase(boxes_.begin() + bi);
    add(std::move(merged));
  }
}

void BoxSet::joinSameKeys(const PartitionKey& key) {
  if (key.empty()) return;
  std::vector<Box> merged;
  for (Box& b : boxes_) {
    auto same = std::find_if(merged.begin(), merged.end(), [&](const Box& m) { return sameKey(m, b, key); });
    if (same == merged.end()) merged.push_back(std::move(b));
    else *same = same->join(b);
  }
  boxes_.clear();
  for (Box& b : merged) add(std::move(b));
}

BoxSet BoxSet::join(const BoxSet& other, size_t maxBoxes, const PartitionKey& key) const {
  BoxSet out = *this;
  for (const Box& b : other.boxes_) out.add(b);
  out.joinSameKeys(key);
  out.reduceTo(maxBoxes);
  return out;
}

BoxSet BoxSet::widen(const BoxSet& next, size_t maxBoxes, const std::vector<int64_t>& thresholds,
                     const PartitionKey& key) const {
  if (isBottom()) return next;
  BoxSet out;
  for (const Box& nb : next.boxes_) {
    if (!key.empty()) {
      auto same = std::find_if(boxes_.begin(), boxes_.end(), [&](const Box& ob) { return sameKey(ob, nb, key); });
      out.add(same == boxes_.end() ? nb : same->widen(nb, thresholds));
      continue;
    }
    const Box* closest = &boxes_[0];
    double best = std::numeric_limits<double>::infinity();
    for (const Box& ob : boxes_) {
      double c = ob.joinCost(nb);
      if (c < best) best = c, closest = &ob;
    }
    out.add(closest->widen(nb, thresholds));
  }
  out.joinSameKeys(key);
  out.reduceTo(maxBoxes);
  return out;
}

BoxSet BoxSet::hullWiden(const BoxSet& next, const std::vector<int64_t>& thresholds) const {
  if (isBottom()) return next.isBottom() ? next : BoxSet({next.hull()});
  if (next.isBottom()) return BoxSet({hull()});
  return BoxSet({hull().widen(next.hull(), thresholds)});
}

}  // namespace argus::analysis
