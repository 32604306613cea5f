// The memory the C front end models, in three parts.
//  * Objects of their own: globals and allocas that SROA could not split, whose address never becomes a
//    value and whose memory is a sequence of equal integer cells. A scalar global that is only loaded
//    and stored directly becomes an ordinary ir global; every other such object becomes an SMT array
//    from cell index (Int, or a pointer-wide bit-vector) to cell value.
//  * Region memory, for everything else (objects whose address escapes into values, structs holding
//    pointers or mixed types, variable-length arrays, the heap): pointers are byte addresses (Int, or a
//    pointer-wide bit-vector), and memory is split by the scalar type of the access — one SMT array per
//    integer width and one for pointers (the component-as-array model of Burstall and Bornat, as in
//    CPAchecker's predicate analysis), and again by partition (PointsTo::partitionOf: objects no access
//    touches together have separate arrays). The split is sound for objects whose bytes are accessed as one
//    scalar type only; the others are byte memory (below). Globals in regions get
//    fixed addresses after the functions' addresses; the heap, escaping allocas and VLAs are allocated
//    from a bump pointer (`__heap_top`), so every allocation is fresh, non-null and disjoint from all
//    others, and memory nobody wrote holds arbitrary values.
//  * Byte memory, for region objects whose bytes are accessed as different scalar types (unions, char
//    pointers over ints, memcpy/memset of unknown type, pointers stored in integer cells; the points-to
//    analysis decides which, PointsTo::inBytes): the region of 8-bit cells (`__mem_i8`, the same array
//    character accesses of typed objects use) holds all their bytes, and a wider scalar is composed from
//    and decomposed into its bytes, little-endian, on every access (as CBMC and ESBMC do for such
//    objects). Sharing the array with char accesses means a char access need not know which kind of
//    object it touches. Objects of their own accessed other than as their cells live in region memory.
// Anything else is not modelled, and the translator turns the instruction that needs it into an
// `unsupported` edge.
#pragma once

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "frontend/c/DebugInfo.h"
#include "frontend/c/IntEncoding.h"
#include "frontend/c/Names.h"
#include "ir/Program.h"

namespace argus::frontend {

struct MemoryObject {
  const llvm::Value* base = nullptr;  // the AllocaInst or GlobalVariable
  ir::VarId var = ir::kNone;
  bool scalar = false;                // var holds the value itself (a scalar global)
  unsigned cellBits = 0;              // width of one cell
  uint64_t cells = 0;                 // number of cells
  bool floating = false;              // cells are IEEE binary32 or binary64 values (cellBits 32 or 64)
  uint64_t cellBytes() const { return (cellBits + 7) / 8; }
};

/// The layout of a memory type as equal integer cells (or equal float or double cells), if it has one.
struct CellLayout {
  unsigned cellBits = 0;
  uint64_t cells = 0;
  bool floating = false;
};
std::optional<CellLayout> cellLayout(llvm::Type* type, const llvm::DataLayout& layout);

/// The cells of a constant initializer (zero, integers, floats as their bit patterns, arrays, structs, strings)
/// of width cellBits; nullopt if it contains anything else (pointers, ...).
std::optional<std::vector<llvm::APInt>> constantCells(const llvm::Constant* constant, unsigned cellBits,
                                                      const llvm::DataLayout& layout);

class MemoryModel {
 public:
  MemoryModel(ir::Program& program, const IntEncoder& encoder, const llvm::DataLayout& layout, NameTable& names)
      : program_(program), encoder_(encoder), layout_(layout), names_(names),
        pointerBits_(layout.getPointerSizeInBits()) {}

  /// The object for an alloca (in `proc`, described by `source`) or a global, created on first use;
  /// nullptr with `why` set if the object cannot be modelled.
  const MemoryObject* object(const llvm::Value* base, ir::ProcId proc, const SourceVariable& source,
                             std::string& why);
  /// Every global object created so far, in creation order.
  const std::vector<const MemoryObject*>& globals() const { return globalOrder_; }
  /// The value of a global object at program start (from its initializer; zero by default).
  z3::expr initialValue(const MemoryObject& object) const;
  /// The sort of the object's cells, and one cell's value (a float from its bit pattern).
  z3::sort cellSortOf(const MemoryObject& object) const;
  z3::expr cellConstant(const MemoryObject& object, const llvm::APInt& cell) const;
  /// A constant array (or scalar) term holding `cells`.
  z3::expr constantTerm(const MemoryObject& object, const std::vector<llvm::APInt>& cells) const;
  z3::sort indexSort() const { return encoder_.indexSort(pointerBits_); }
  unsigned pointerBits() const { return pointerBits_; }

  // --- region memory
  /// True iff the object `base` (an alloca or a global) lives in region memory.
  bool inRegions(const llvm::Value* base);
  /// The region array of `partition` (PointsTo::partitionOf; nullptr: unknown memory's) for accesses of
  /// `type` (an integer or pointer type), created on first use.
  ir::VarId region(const llvm::Type* type, const llvm::Value* partition);
  /// The region of 8-bit cells of `partition`: character accesses, and every byte of its objects in byte memory.
  ir::VarId byteRegion(const llvm::Value* partition);
  /// The partition of an object (decided by the points-to analysis).
  void setPartitions(std::function<const llvm::Value*(const llvm::Value*)> partitionOfObject) {
    partitionOfObject_ = std::move(partitionOfObject);
  }
  const llvm::Value* partitionOfObject(const llvm::Value* object) const {
    return partitionOfObject_ ? partitionOfObject_(object) : nullptr;
  }
  /// How many partitions have region arrays.
  size_t usedPartitions() const;
  bool hasRegions(const llvm::Value* partition) const;
  /// A readable name of an object: its source name, or heap@LINE for an allocation.
  std::string objectName(const llvm::Value* object) const;
  /// Objects in byte memory (decided by the points-to analysis).
  void setBytes(std::function<bool(const llvm::Value*)> inBytes) { inBytes_ = std::move(inBytes); }
  bool inBytes(const llvm::Value* object) const { return inBytes_ && inBytes_(object); }
  /// The bytes of a scalar of `type` (an integer of whole bytes or a pointer), lowest address first
  /// (little-endian), each an i8 value of the encoding; numerals are folded.
  std::vector<z3::expr> toBytes(const z3::expr& value, const llvm::Type* type) const;
  /// The scalar of `type` whose bytes these are (the inverse of toBytes).
  z3::expr fromBytes(const std::vector<z3::expr>& bytes, const llvm::Type* type) const;
  /// The cell sort of the region for `type`.
  z3::sort cellSort(const llvm::Type* type) const;
  /// The bump pointer of allocations.
  ir::VarId heapTop();
  /// A pointer-sorted numeral.
  z3::expr address(uint64_t value) const;
  /// base + bytes, folded when base is a numeral (addressSum).
  z3::expr offsetAddress(const z3::expr& base, int64_t bytes) const;
  /// The fixed address of a global in region memory (laid out on first use).
  z3::expr globalAddress(const llvm::GlobalVariable& global);
  /// The address of a function (distinct, non-null, laid out on first use).
  z3::expr functionAddress(const llvm::Function& function);
  /// The value of a constant pointer (null, globals in regions, functions, constant GEPs and casts);
  /// nullopt with `why` set for anything else.
  std::optional<z3::expr> constantPointer(const llvm::Constant* constant, std::string& why);
  /// Objects whose fields are scalar variables of their own (decided by the points-to analysis).
  void setPromoted(std::function<bool(const llvm::Value*)> isPromoted) { isPromoted_ = std::move(isPromoted); }
  bool isPromoted(const llvm::Value* object) const { return isPromoted_ && isPromoted_(object); }
  /// The variable holding the field of a promoted object at `offset` (created on first use).
  ir::VarId promotedField(const llvm::Value* object, int64_t offset, const llvm::Type* type);
  /// The fields of a promoted object created so far: byte offset and variable.
  std::vector<std::pair<uint64_t, ir::VarId>> promotedFieldsOf(const llvm::Value* object) const;
  /// main's initialisation of region memory: the stores of every region global's initialiser (of a promoted
  /// one, the fields some access uses; call after translating every function) and the
  /// heap's start; empty if region memory is not used. `why` names what could not be initialised.
  std::vector<std::pair<ir::VarId, z3::expr>> regionInitialisation(std::string& why);

 private:
  const MemoryObject* create(const llvm::Value* base, ir::ProcId proc, const SourceVariable& source,
                             std::string& why);
  const MemoryObject* add(MemoryObject object);

  ir::Program& program_;
  const IntEncoder& encoder_;
  const llvm::DataLayout& layout_;
  NameTable& names_;
  unsigned pointerBits_;
  std::map<const llvm::Value*, MemoryObject> objects_;
  std::map<const llvm::Value*, std::string> failures_;
  std::vector<const MemoryObject*> globalOrder_;
  // region memory
  std::map<const llvm::Value*, bool> inRegions_;
  std::map<std::tuple<const llvm::Value*, bool, unsigned>, ir::VarId> regions_;  // (partition, pointer?, bits) → array
  ir::VarId regionOf(const llvm::Value* partition, bool pointer, unsigned bits);
  std::function<const llvm::Value*(const llvm::Value*)> partitionOfObject_;
  ir::VarId heapTop_ = ir::kNone;
  uint64_t nextStaticAddress_ = 16;
  std::map<const llvm::Value*, uint64_t> staticAddresses_;  // globals and functions
  std::vector<const llvm::GlobalVariable*> regionGlobals_;
  std::function<bool(const llvm::Value*)> isPromoted_;
  std::function<bool(const llvm::Value*)> inBytes_;
  std::map<std::pair<const llvm::Value*, int64_t>, ir::VarId> promotedFields_;
};

/// True iff a pointer derived from `pointer` (through GEPs and casts) is used other than as the
/// address of a load, a store, a memset/memcpy or a lifetime marker: then the object's address is a
/// value, and the object must live in region memory.
bool addressEscapes(const llvm::Value* pointer);

/// True iff every access through `pointer` (derived through GEPs and casts) reads or writes whole cells
/// of the layout (integers of its width, or its floats), and every memset/memcpy of it covers the whole object of `bytes` bytes
/// (a memcpy from or to an object of the same cells): then the object can be an array of its cells.
/// Objects accessed otherwise (a char pointer over an int, a union) live in region memory.
bool accessedAsCells(const llvm::Value* pointer, const CellLayout& cells, uint64_t bytes, const llvm::DataLayout& layout);

/// A scalar piece of a memory type or constant: its byte offset, its type (an integer or a pointer
/// type) and, for constants, its value (nullptr: undefined, so left arbitrary).
struct MemoryLeaf {
  uint64_t offset = 0;
  llvm::Type* type = nullptr;
  const llvm::Constant* value = nullptr;
};
/// At most this many leaves are expanded for one initialiser, memset or memcpy.
constexpr size_t kMaxMemoryLeaves = 4096;
/// The scalar leaves of a type in layout order; false if it holds anything else (floats, vectors) or
/// more than kMaxMemoryLeaves leaves.
bool typeLeaves(llvm::Type* type, uint64_t offset, const llvm::DataLayout& layout, std::vector<MemoryLeaf>& out);
/// The scalar leaves of a constant, as typeLeaves.
bool constantLeaves(const llvm::Constant* constant, uint64_t offset, const llvm::DataLayout& layout,
                    std::vector<MemoryLeaf>& out);

/// The leaves of `shape` repeated to fill `bytes`: Size if the shape is unsized or does not divide
/// `bytes` (or too many leaves), Content if it holds anything but integers and pointers.
enum class LeavesFailure { None, Size, Content };
LeavesFailure repeatedLeaves(llvm::Type* shape, uint64_t bytes, const llvm::DataLayout& layout,
                             std::vector<MemoryLeaf>& out);

/// The one type the result of a malloc or calloc is cast to (char if it is not cast); nullptr with `why`
/// when it is cast to two.
llvm::Type* allocationShape(const llvm::CallInst& call, std::string& why);

/// The scalar leaves of a block from malloc or calloc of a constant size, laid out as the one type its
/// result is cast to (char if it is not cast) repeated to fill the block; nullopt with `why` otherwise.
std::optional<std::vector<MemoryLeaf>> allocationLeaves(const llvm::CallInst& call, const llvm::DataLayout& layout,
                                                        std::string& why);

/// a + b over addresses, folded when both are numerals (so that addresses stay readable without Z3's
/// simplifier).
z3::expr addressSum(const z3::expr& a, const z3::expr& b);

/// The byte offset a GEP adds: its constant part, and each variable index with its element size and the
/// length of the array it selects in (0 for the first index, which steps over whole objects, and for an
/// array without a length).
struct ScaledIndex {
  const llvm::Value* operand;
  int64_t elementBytes;
  int64_t arrayLength;
};
struct GepParts {
  int64_t constantBytes = 0;
  std::vector<ScaledIndex> scaled;
};
GepParts splitGep(const llvm::GEPOperator& gep, const llvm::DataLayout& layout);

/// A memset, memcpy or memmove, as an LLVM intrinsic or a call of the C library function.
struct MemOperation {
  const llvm::Value* dest = nullptr;
  const llvm::Value* source = nullptr;  // nullptr for memset
  const llvm::Value* length = nullptr;
  const llvm::Value* byte = nullptr;    // memset's value
  const llvm::CallInst* call = nullptr;
  /// The length when it is a constant: an integer, or `offsetof` written as the address of a field of
  /// a null pointer (`(long)&((T *)0)->f`, which clang leaves a constant expression).
  std::optional<uint64_t> bytes = std::nullopt;
};
std::optional<MemOperation> memOperation(const llvm::CallInst& call);

/// The type of the memory `pointer` points into, as memset/memcpy see it: the pointer's own type, or for
/// a char or void pointer the type an allocation's result is cast to, or char in an object made only of
/// chars; nullptr when it is not known. `isAllocation`: the calls that return fresh blocks.
llvm::Type* memoryTypeAt(const llvm::Value* pointer, const llvm::DataLayout& layout,
                         const std::function<bool(const llvm::CallInst&)>& isAllocation);
/// The scalars a memset/memcpy acts on: those of a copy's source type (the effective type it carries,
/// C11 6.5p6) unless that is chars or not known, else of the destination's; nullptr when not known.
llvm::Type* memOperationShape(const MemOperation& operation, const llvm::DataLayout& layout,
                              const std::function<bool(const llvm::CallInst&)>& isAllocation);
/// The scalars a memset/memcpy of region memory copies or sets one by one (each as its own type), or
/// nullopt when it acts on bytes: its length is not a constant, the memory's type is not known or not
/// made of integers and pointers, it is of chars, or a memset puts a non-zero or unknown byte into a
/// pointer. The translator and the points-to analysis both decide by this.
std::optional<std::vector<MemoryLeaf>> memOperationLeaves(const MemOperation& operation, const llvm::DataLayout& layout,
                                                          const std::function<bool(const llvm::CallInst&)>& isAllocation);

/// True iff every use of the global is a direct integer load or store of its value type.
bool isDirectScalarGlobal(const llvm::GlobalVariable& global);

}  // namespace argus::frontend
