// The two control components of every composite analysis: the location in the CFA and the call stack.
// The location analysis also says which steps leave a location (edges, calls, and returns from a
// procedure's exit to every call site; the call stack keeps only the return that matches its top).
#pragma once

#include <unordered_map>
#include <vector>

#include "analysis/cpa/Cpa.h"
#include "ir/Program.h"

namespace argus::cpa {

class LocationState final : public AbstractState {
 public:
  explicit LocationState(ir::LocId loc) : loc_(loc) {}
  ir::LocId loc() const { return loc_; }
  std::string toString() const override { return "loc " + std::to_string(loc_); }

 private:
  ir::LocId loc_;
};

class LocationCpa final : public Cpa, private AbstractDomain, private TransferRelation {
 public:
  explicit LocationCpa(const ir::Program& program);
  std::string name() const override { return "location"; }
  StatePtr initialState(ir::LocId entry) override { return at(entry); }
  const AbstractDomain& domain() const override { return *this; }
  TransferRelation& transfer() override { return *this; }

  /// The steps that leave `loc`.
  const std::vector<Step>& steps(ir::LocId loc) const { return steps_.at(loc); }
  /// Where `step` leads.
  ir::LocId target(const Step& step) const;
  StatePtr at(ir::LocId loc) const { return states_.at(loc); }

 private:
  bool lessOrEqual(const AbstractState& a, const AbstractState& b) const override;
  StatePtr join(const AbstractState& a, const AbstractState& b) const override;
  std::vector<StatePtr> successors(const AbstractState& state, const Step& step, const Precision&) override;

  const ir::Program& program_;
  std::vector<std::vector<Step>> steps_;
  std::vector<StatePtr> states_;
};

/// A call stack, interned: equal stacks are the same id.
class CallstackState final : public AbstractState {
 public:
  CallstackState(uint32_t id, uint32_t depth, ir::EdgeId top) : id_(id), depth_(depth), top_(top) {}
  uint32_t id() const { return id_; }
  uint32_t depth() const { return depth_; }
  /// The call edge of the innermost call; kNone for the empty stack.
  ir::EdgeId top() const { return top_; }
  std::string toString() const override { return "stack " + std::to_string(id_); }

 private:
  uint32_t id_, depth_;
  ir::EdgeId top_;
};

class CallstackCpa final : public Cpa, private AbstractDomain, private TransferRelation {
 public:
  /// Deeper stacks than `maxDepth` throw UnsupportedError (recursion the analysis cannot bound).
  explicit CallstackCpa(uint32_t maxDepth = 10000);
  std::string name() const override { return "callstack"; }
  StatePtr initialState(ir::LocId) override { return stacks_.at(0).state; }
  const AbstractDomain& domain() const override { return *this; }
  TransferRelation& transfer() override { return *this; }

 private:
  struct Frame {
    uint32_t parent;
    StatePtr state;
  };
  bool lessOrEqual(const AbstractState& a, const AbstractState& b) const override;
  StatePtr join(const AbstractState& a, const AbstractState& b) const override;
  std::vector<StatePtr> successors(const AbstractState& state, const Step& step, const Precision&) override;
  StatePtr push(const CallstackState& below, ir::EdgeId call);

  uint32_t maxDepth_;
  std::vector<Frame> stacks_;
  std::unordered_map<uint64_t, uint32_t> interned_;  // (parent id, call edge) -> id
};

}  // namespace argus::cpa
