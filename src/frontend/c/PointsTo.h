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
// The same analysis finds the character accesses that region memory cannot model: those that may touch
// bytes which an access of another scalar type touches too (mixesCharacters).
#pragma once

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

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
  /// Whether a character (8-bit) access may touch a byte that an access of another scalar type (an
  /// integer of other width, a pointer) also touches. `access`: the pointer of a load or store of chars,
  /// or a memset/memcpy call that acts on bytes. C permits character access to any object, but region
  /// memory keeps one array per scalar type: such an access would neither see nor change the bytes as
  /// the other type holds them.
  bool mixesCharacters(const llvm::Value* access) const { return mixingCharacterAccesses_.count(access) > 0; }

 private:
  static constexpr int64_t kAnyOffset = INT64_MIN;
  static constexpr size_t kMaxOffsets = 64;
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
  using AccessVisitor = std::function<void(const llvm::Value* pointer, const llvm::Type* type)>;
  using LeafVisitor = std::function<void(uint32_t object, const MemoryLeaf& leaf)>;
  /// Every load and store of `functions` (`access`), every memset/memcpy (`copied`), and the scalars that
  /// initialisers and calloc's zeros store (`stored`), as the translator emits them.
  void forEachAccess(const std::vector<const llvm::Function*>& functions, const AccessVisitor& access,
                     const std::function<void(const MemOperation&)>& copied, const LeafVisitor& stored);
  void decide(const std::vector<const llvm::Function*>& functions, const llvm::Function& main);

  /// The bytes one access may touch within one object: it starts at an offset k * period + j, for any
  /// integer k (k = 0 when the period is 0) and some j in [low, high] that is low plus a multiple of
  /// `step` (j = low when the step is 0), and covers `width` bytes from there.
  struct ByteSpan {
    int64_t low, high, step, period, width;
    bool overlaps(const ByteSpan& other) const;
  };
  static ByteSpan gepSpan(const llvm::GEPOperator& gep, const llvm::DataLayout& layout);
  std::vector<std::pair<uint32_t, ByteSpan>> spans(const llvm::Value* pointer, int64_t width);
  void findCharacterMixing(const std::vector<const llvm::Function*>& functions);

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
  std::set<const llvm::Value*> mixingCharacterAccesses_;
};

}  // namespace argus::frontend
