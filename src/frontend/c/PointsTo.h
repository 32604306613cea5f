// Which objects of region memory can keep their fields in scalar variables: a flow-insensitive,
// field-sensitive, inclusion-based points-to analysis (Andersen's, with byte offsets) over the
// translated functions. An object's fields get variables of their own ("promotion") when
//  * the object exists at most once in every execution (a global, or an allocation in main outside
//    every loop),
//  * every access that may touch it is exact — its pointer points to this object alone, at a constant
//    offset — and the accessed fields do not overlap,
//  * its address never becomes an integer (a pointer made from an integer may only reach objects whose
//    address was exposed so: provenance as in C's PNVI-ae proposal; an address converted only to be
//    compared, as CIL's `(unsigned int)p != 0`, is not exposed), and no memset/memcpy touches it.
// Dereferencing a pointer that points to no object (null, uninitialised, freed) is undefined, so such
// pointers contribute no targets. For SSH's state machines this turns `s->state` into a scalar again.
// The same analysis decides which objects of region memory are bytes (inBytes): those whose bytes may be
// accessed as two different scalar types (a char and an int, an int and a long, a pointer and a long:
// unions, char pointers over ints, memcpy/memset of memory of unknown type), closed under "accessed by
// the same non-character access", since one access goes either to the typed regions or to bytes. Char
// accesses need no closure: their region is the byte memory itself. A pointer loaded from bytes that are
// also accessed as data (integers, chars) may be any pointer ever stored at such bytes (its bytes may
// have been copied there one by one), or one made from an integer; the analysis is iterated until the
// bytes objects no longer grow. (Pointers at bytes accessed only as pointers keep their precise targets:
// a pool for all of byte memory made linked structures' offsets grow round after round.)
// Last, the analysis splits region memory into partitions (regions in the sense of Steensgaard's analysis,
// SeaHorn's DSA or Frama-C's separation): the objects one access may touch are in one partition, and
// each partition has region arrays of its own. Accesses to different partitions then never meet in one
// array, so the solver need not tell their addresses apart (select over store needs a case split on
// every address pair of one array; the full drivers made millions of them).
#pragma once

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <compare>
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
  /// Whether the load or store through `pointer` (or the memset/memcpy with this destination or source,
  /// or the object allocated at `pointer`) goes to byte memory: some object it may touch is bytes (then
  /// all are).
  bool inBytes(const llvm::Value* pointer) const;
  size_t bytesObjects() const { return bytes_.size() - bytes_.count(0); }
  /// The partition of region memory the load or store through `pointer` (or the memset/memcpy with this
  /// destination or source) goes to, named by its first object; nullptr for the partition of unknown
  /// memory (the objects whose address became an integer), which also takes accesses through pointers
  /// that point to no object (undefined behaviour: they may read anything).
  const llvm::Value* partitionOf(const llvm::Value* pointer) const;
  /// The partition holding the object `base` (an alloca, a global or an allocation call).
  const llvm::Value* partitionOfObject(const llvm::Value* base) const;
  /// The objects of each partition (functions aside), by the partition's name (nullptr: unknown memory's).
  std::map<const llvm::Value*, std::vector<const llvm::Value*>> partitionMembers() const;

 private:
  static constexpr int64_t kAnyOffset = INT64_MIN;
  static constexpr size_t kMaxOffsets = 64;
  /// The same for the pointers made of bytes (bytesPointers_): they flow through every load of such
  /// bytes, and pointer arithmetic on them (`Irp->Tail.Overlay.CurrentStackLocation++`) would add an offset
  /// per round of the fixpoint to every object they reach.
  static constexpr size_t kMaxBytesPointerOffsets = 4;
  using Target = std::pair<uint32_t, int64_t>;  // object (0: unknown memory), offset
  using Targets = std::set<Target>;

  uint32_t objectOf(const llvm::Value* base);
  /// Whether an integer made from a pointer is only compared (through truncations and extensions): such
  /// a conversion exposes no object, since no pointer can be made from the integer again.
  static bool onlyCompared(const llvm::Value* integer);
  Targets targets(const llvm::Value* value);
  static Targets shifted(const Targets& in, int64_t offset);
  bool addTo(Targets& into, const Targets& from, size_t maxOffsets = kMaxOffsets);
  std::optional<Field> promotedSingleton(const Targets& to) const;
  /// Adds what loads through `from` may give to `into`; true if it grew.
  bool loadInto(const Targets& from, Targets& into);
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
  /// Computes partition_: the objects of each access (functions aside: a data access to one is
  /// undefined) in one class; unknown memory with every exposed object.
  void partition(const std::vector<const llvm::Function*>& functions);
  const llvm::Value* partitionOfId(uint32_t object) const;

  /// The bytes one access may touch within one object: it starts at an offset k * period + j, for any
  /// integer k (k = 0 when the period is 0) and some j in [low, high] that is low plus a multiple of
  /// `step` (j = low when the step is 0), and covers `width` bytes from there.
  struct ByteSpan {
    int64_t low, high, step, period, width;
    bool overlaps(const ByteSpan& other) const;
    auto operator<=>(const ByteSpan& other) const = default;
  };
  static ByteSpan gepSpan(const llvm::GEPOperator& gep, const llvm::DataLayout& layout);
  /// The spans an access of `width` bytes at `pointer` plus `shift` may touch, per object.
  std::vector<std::pair<uint32_t, ByteSpan>> spans(const llvm::Value* pointer, int64_t width, int64_t shift = 0);
  /// Computes bytes_; true if it grew.
  bool classifyBytes(const std::vector<const llvm::Function*>& functions);

  MemoryModel* memory_ = nullptr;
  const llvm::DataLayout* layout_ = nullptr;
  std::function<bool(const llvm::CallInst&)> isAllocation_;
  std::function<std::vector<const llvm::Function*>(const llvm::CallInst&)> candidates_;
  std::vector<const llvm::Value*> objects_{nullptr};  // index 0: unknown memory
  std::map<const llvm::Value*, uint32_t> objectIds_;
  std::map<const llvm::Value*, Targets> values_;        // pointer instructions and arguments

  // The fixpoint is a worklist: an instruction is evaluated again only when something it reads grew —
  // an operand's set (its users are queued), the contents of an object it loaded from (readers_), the
  // pool of pointers made of bytes (poolReaders_), or a callee's returns (callers_). Whole passes over a
  // driver's ten thousand instructions, most of them unchanged, made the analysis its front end's cost.
  void push(const llvm::Instruction* instruction);
  void pushUsers(const llvm::Value* value);
  std::vector<const llvm::Instruction*> work_;
  std::set<const llvm::Instruction*> queued_;
  std::set<const llvm::Function*> analyzed_;
  const llvm::Instruction* current_ = nullptr;  // the instruction being evaluated
  std::map<uint32_t, std::set<const llvm::Instruction*>> readers_;
  std::set<const llvm::Instruction*> poolReaders_;
  std::map<const llvm::Function*, std::set<const llvm::Instruction*>> callers_;
  std::map<const llvm::Function*, Targets> returns_;
  std::map<std::pair<uint32_t, int64_t>, Targets> contents_;  // (object, offset or kAnyOffset)
  std::set<uint32_t> exposed_;
  std::set<const llvm::Value*> promoted_;
  /// Whether a pointer at `offset` of `object` shares bytes with integer or char accesses of a bytes
  /// object: then its bytes may be copied as data, and a pointer read there may be made of such bytes.
  bool holdsData(uint32_t object, int64_t offset);
  std::set<uint32_t> bytes_;  // objects in byte memory (0: unknown memory, the exposed objects)
  std::map<uint32_t, std::set<ByteSpan>> dataSpans_;  // per bytes object: its integer and char accesses
  std::map<Target, bool> dataAt_;                        // holdsData, computed once per round
  Targets bytesPointers_;  // every pointer stored where it holdsData, and unknown memory
  std::vector<uint32_t> partition_;  // object → the smallest object of its partition (0: unknown memory's)
};

}  // namespace argus::frontend
