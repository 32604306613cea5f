// Which objects of region memory can keep their fields in scalar variables: a flow-insensitive,
// field-sensitive, inclusion-based points-to analysis (Andersen's, with byte offsets) over the
// translated functions. An object's fields get variables of their own ("promotion") when
//  * the object exists at most once in every execution (a global, or an allocation in main outside
//    every loop),
//  * every access that may touch it is exact — its pointer points to this object alone, at a constant
//    offset — and the accessed fields do not overlap,
//  * its address never becomes an integer (a pointer made from an integer may only reach objects whose
//    address was exposed so: provenance as in C's PNVI-ae proposal), and no memset/memcpy touches it.
// Dereferencing a pointer that points to no object (null, uninitialised, freed) is undefined, so such
// pointers contribute no targets. For SSH's state machines this turns `s->state` into a scalar again.
#pragma once

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/c/Memory.h"

namespace argus::frontend {

class PointsTo {
 public:
  /// `functions`: the translated functions; `isAllocation`: the calls that return fresh blocks.
  PointsTo(const std::vector<const llvm::Function*>& functions, const llvm::Function& main, MemoryModel& memory,
           const std::function<bool(const llvm::CallInst&)>& isAllocation,
           const std::function<std::vector<const llvm::Function*>(const llvm::CallInst&)>& candidates);
  PointsTo() = default;

  /// The promoted object `pointer` points to and the byte offset within it, if any.
  struct Field {
    const llvm::Value* object;
    int64_t offset;
  };
  std::optional<Field> promotedTarget(const llvm::Value* pointer) const;
  /// The promoted object that the pointer kept in field `offset` of `object` points to alone (with the
  /// byte offset within it), if any: flow-insensitive, so it says nothing of where the field is not yet set.
  std::optional<Field> promotedContent(const llvm::Value* object, int64_t offset) const;
  bool isPromoted(const llvm::Value* object) const { return promoted_.count(object) > 0; }
  size_t promotedObjects() const { return promoted_.size(); }

 private:
  static constexpr int64_t kAnyOffset = INT64_MIN;
  using Target = std::pair<uint32_t, int64_t>;  // object (0: unknown memory), offset
  using Targets = std::set<Target>;

  uint32_t objectOf(const llvm::Value* base);
  Targets targets(const llvm::Value* value);
  static Targets shifted(const Targets& in, int64_t offset);
  bool addTo(Targets& into, const Targets& from);
  std::optional<Field> promotedSingleton(const Targets& to) const;
  Targets load(const Targets& from);
  bool store(const Targets& to, const Targets& value);
  bool transfer(const llvm::Instruction& instruction);
  bool call(const llvm::CallInst& call, const llvm::Function& callee);
  void decide(const std::vector<const llvm::Function*>& functions, const llvm::Function& main);

  MemoryModel* memory_ = nullptr;
  const llvm::DataLayout* layout_ = nullptr;
  std::function<bool(const llvm::CallInst&)> isAllocation_;
  std::function<std::vector<const llvm::Function*>(const llvm::CallInst&)> candidates_;
  std::vector<const llvm::Value*> objects_{nullptr};  // index 0: unknown memory
  std::map<const llvm::Value*, uint32_t> objectIds_;
  std::map<const llvm::Value*, Targets> values_;        // pointer instructions and arguments
  std::map<const llvm::Function*, Targets> returns_;
  std::map<std::pair<uint32_t, int64_t>, Targets> contents_;  // (object, offset or kAnyOffset)
  std::set<uint32_t> exposed_;
  std::set<const llvm::Value*> promoted_;
};

}  // namespace argus::frontend
