// The waitlist of the reachability algorithm: the reached nodes not yet expanded, in one of three
// orders: depth-first, breadth-first, or by the reverse post-order of the CFA locations (a node whose
// location comes earlier in topological order first, depth-first among equals), which tends to finish
// a loop-free region before it enters the next.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/cpa/Arg.h"
#include "ir/Program.h"

namespace argus::cpa {

enum class WaitlistOrder { Dfs, Bfs, Rpo };
WaitlistOrder parseWaitlistOrder(const std::string& name);  // "dfs" | "bfs" | "rpo"

/// Reverse post-order numbers of every location (depth-first from main's entry; calls continue in the
/// callee's entry); unreachable locations come last.
std::vector<uint32_t> reversePostorder(const ir::Program& program);

class Waitlist {
 public:
  /// `rpo` (indexed by location, see reversePostorder) is needed for the Rpo order only; `locationOf`
  /// maps a node to its location.
  Waitlist(WaitlistOrder order, std::vector<uint32_t> rpo, std::function<ir::LocId(const ArgNode&)> locationOf);

  void push(ArgNode* node);
  /// Drops the node if it is waiting (O(1); the entry is skipped when popped).
  void remove(ArgNode* node);
  bool contains(const ArgNode* node) const { return stamp_.count(node) > 0; }
  ArgNode* pop();
  bool empty() const { return stamp_.empty(); }
  size_t size() const { return stamp_.size(); }

 private:
  struct Entry {
    uint64_t priority;  // Rpo: location rank; others unused
    uint64_t stamp;
    ArgNode* node;
    bool operator<(const Entry& o) const {
      return priority != o.priority ? priority < o.priority : stamp > o.stamp;
    }
  };

  WaitlistOrder order_;
  std::vector<uint32_t> rpo_;
  std::function<ir::LocId(const ArgNode&)> locationOf_;
  std::deque<Entry> queue_;  // Dfs, Bfs
  std::set<Entry> sorted_;   // Rpo
  std::unordered_map<const ArgNode*, uint64_t> stamp_;  // waiting nodes and their current entry
  uint64_t nextStamp_ = 1;
};

}  // namespace argus::cpa
