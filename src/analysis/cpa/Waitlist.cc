// Waitlist orders and the reverse post-order of CFA locations.
#include "analysis/cpa/Waitlist.h"

#include <stdexcept>

#include "util/Error.h"

namespace argus::cpa {

WaitlistOrder parseWaitlistOrder(const std::string& name) {
  if (name == "dfs") return WaitlistOrder::Dfs;
  if (name == "bfs") return WaitlistOrder::Bfs;
  if (name == "rpo") return WaitlistOrder::Rpo;
  throw std::invalid_argument("unknown waitlist order '" + name + "' (dfs, bfs or rpo)");
}

std::vector<uint32_t> reversePostorder(const ir::Program& program) {
  size_t n = program.numLocs();
  auto successors = [&](ir::LocId l) {
    std::vector<ir::LocId> out;
    for (ir::EdgeId e : program.loc(l).out) {
      const ir::Edge& edge = program.edge(e);
      out.push_back(edge.isCall() ? program.proc(edge.callee).entry : edge.to);
      if (edge.isCall()) out.push_back(edge.to);
    }
    return out;
  };
  std::vector<bool> seen(n, false);
  std::vector<ir::LocId> postorder;
  struct Frame {
    ir::LocId loc;
    std::vector<ir::LocId> next;
    size_t i;
  };
  ir::LocId entry = program.proc(program.mainProc()).entry;
  std::vector<Frame> stack{{entry, successors(entry), 0}};
  seen[entry] = true;
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.i < f.next.size()) {
      ir::LocId w = f.next[f.i++];
      if (!seen[w]) {
        seen[w] = true;
        stack.push_back({w, successors(w), 0});
      }
      continue;
    }
    postorder.push_back(f.loc);
    stack.pop_back();
  }
  std::vector<uint32_t> rank(n, static_cast<uint32_t>(n));
  for (size_t i = 0; i < postorder.size(); ++i) rank[postorder[postorder.size() - 1 - i]] = static_cast<uint32_t>(i);
  return rank;
}

Waitlist::Waitlist(WaitlistOrder order, std::vector<uint32_t> rpo,
                   std::function<ir::LocId(const ArgNode&)> locationOf)
    : order_(order), rpo_(std::move(rpo)), locationOf_(std::move(locationOf)) {
  INVARIANT(order != WaitlistOrder::Rpo || locationOf_, "an rpo waitlist needs the location of a node");
}

void Waitlist::push(ArgNode* node) {
  if (contains(node)) return;
  uint64_t stamp = nextStamp_++;
  stamp_[node] = stamp;
  if (order_ == WaitlistOrder::Rpo) {
    sorted_.insert(Entry{rpo_.at(locationOf_(*node)), stamp, node});
  } else {
    queue_.push_back(Entry{0, stamp, node});
  }
}

void Waitlist::remove(ArgNode* node) { stamp_.erase(node); }

ArgNode* Waitlist::pop() {
  while (true) {
    Entry e{};
    if (order_ == WaitlistOrder::Rpo) {
      INVARIANT(!sorted_.empty(), "pop from an empty waitlist");
      e = *sorted_.begin();
      sorted_.erase(sorted_.begin());
    } else {
      INVARIANT(!queue_.empty(), "pop from an empty waitlist");
      if (order_ == WaitlistOrder::Dfs) {
        e = queue_.back();
        queue_.pop_back();
      } else {
        e = queue_.front();
        queue_.pop_front();
      }
    }
    auto it = stamp_.find(e.node);
    if (it == stamp_.end() || it->second != e.stamp) continue;  // removed, or pushed again later
    stamp_.erase(it);
    return e.node;
  }
}

}  // namespace argus::cpa
