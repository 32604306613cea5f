// The translation of one LLVM function into an ir::Procedure. Each basic block becomes a location;
// its instructions are translated into "segments" — straight-line stretches between calls of user
// functions — and each segment becomes one transition edge whose formula conjoins the semantics of its
// instructions. SSA values used only inside their segment are plain sub-terms; values used elsewhere
// become procedure variables, written by the edge of the segment that defines them. Phi nodes are
// variables assigned on the branch edges of the predecessor.
#pragma once

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/c/AccessPaths.h"
#include "frontend/c/Builtins.h"
#include "frontend/c/CFrontend.h"
#include "frontend/c/DebugInfo.h"
#include "frontend/c/FloatEncoding.h"
#include "frontend/c/IntEncoding.h"
#include "frontend/c/Memory.h"
#include "frontend/c/Names.h"
#include "frontend/c/PointsTo.h"
#include "ir/Program.h"

namespace argus::frontend {

/// What all function translations of one module share.
/// A block a segment allocates, until the segment becomes an edge (see ir::Origin::allocations).
struct PendingAllocation {
  const llvm::Value* site = nullptr;  // the call or alloca
  bool fromMalloc = false;
  std::optional<uint64_t> bytes;
};

struct ModuleContext {
  const CTask& task;
  ir::Program& program;
  IntEncoder encoder;
  FloatEncoder floats;
  NameTable names;
  MemoryModel memory;
  std::map<const llvm::Function*, ir::ProcId> procs;
  /// For procedures whose LLVM signature has parameters we cannot pass (pointers, floats, ...): why.
  std::map<const llvm::Function*, std::string> unsupportedSignature;
  std::unordered_map<const llvm::Value*, ir::VarId> parameters;  // scalar arguments → param variables
  std::map<const llvm::Function*, ir::VarId> results;            // functions returning a scalar
  /// The sort of a value of an integer, pointer or floating-point type; nothing for any other type.
  std::optional<z3::sort> scalarSort(const llvm::Type* type) const;
  PointsTo pointsTo;                                             // which region objects are promoted
  int64_t unsupportedEdges = 0;
  std::map<ir::EdgeId, std::vector<PendingAllocation>> allocations;  // by the edge that allocates
  std::vector<PointerBinding> pointerBindings;  // named by access paths once translated (AccessPaths.h)
  int64_t accessPaths = 0;                       // how many of those paths name a field

  /// The functions a call through a pointer may reach: the translated functions of the call's type
  /// whose address is taken (calling through a pointer to anything else is undefined).
  std::vector<const llvm::Function*> indirectCallCandidates(const llvm::CallInst& call) const;
  /// The functions of the call's type that are only declared and whose address is taken (module order).
  std::vector<const llvm::Function*> undefinedCallCandidates(const llvm::CallInst& call) const;
  /// Malloc or Calloc when the call allocates a fresh block (the points-to analysis's objects), else none.
  std::optional<BuiltinKind> allocationKind(const llvm::CallInst& call) const;

  ModuleContext(const CTask& t, ir::Program& p, ir::Encoding encoding, const llvm::DataLayout& layout)
      : task(t), program(p), encoder(p.ctx(), encoding), floats(encoder), memory(p, encoder, layout, names) {}
};

/// Thrown inside the translation of one instruction when it uses a feature we do not model; caught by
/// the block loop, which turns it into an `unsupported` edge. Never leaves the front end.
class UnsupportedFeature : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Where an access goes: a cell index of a statically known object of its own, or (object == nullptr)
/// a byte address in region memory.
struct Address {
  const MemoryObject* object;
  z3::expr index;
  /// In region memory: the promoted object it points into (fields held in variables), and where.
  const llvm::Value* promoted = nullptr;
  int64_t promotedOffset = 0;
  /// In region memory: the pointer the address was computed from by field and element offsets (when it
  /// differs from `index`); an access through a null pointer plus an offset is a null dereference too.
  std::optional<z3::expr> root = std::nullopt;
  /// In region memory: the access goes to byte memory (PointsTo::inBytes), a wider scalar as its bytes.
  bool bytes = false;
  /// In region memory: the partition whose arrays hold what it touches (PointsTo::partitionOf).
  const llvm::Value* partition = nullptr;
  bool inRegions() const { return object == nullptr; }
  const z3::expr& base() const { return root ? *root : index; }
};

class FunctionTranslator {
 public:
  FunctionTranslator(ModuleContext& module, const llvm::Function& function, ir::ProcId proc);
  /// Translates every block. For main, `entryLoc` is where the first block starts (after the
  /// initialisation of the globals); for other procedures it is the procedure's entry.
  void translate(ir::LocId entryLoc);

 private:
  /// The pending straight-line part of a block.
  struct Segment {
    ir::LocId from = ir::kNone;
    std::unordered_map<const llvm::Value*, z3::expr> values;  // terms of values defined in it
    std::vector<std::pair<const llvm::Value*, z3::expr>> definitions;  // values with variables
    std::map<ir::VarId, z3::expr> assigned;  // memory contents and helper variables it wrote
    std::vector<z3::expr> constraints;
    std::vector<z3::expr> aux;
    std::vector<ir::NondetInput> inputs;
    std::vector<std::string> label;
    std::vector<PendingAllocation> allocations;  // in the order the segment allocates them
    std::vector<ir::NameBinding> names;  // debug records on the way (they alone make no edge)
    ir::SourceLoc loc;
    bool empty() const { return definitions.empty() && assigned.empty() && constraints.empty() && aux.empty(); }
  };
  struct PhiAssignment {
    ir::VarId var;
    z3::expr value;
    std::string text;
    const llvm::PHINode* phi = nullptr;  // the merged value (none: a returned value)
  };

  // --- structure (Translator.cc)
  void numberSegments();
  void markUse(const llvm::Value* value, unsigned useSegment);
  void decideVariables();
  ir::VarId makeVariable(const llvm::Value* value, ir::VarRole role, const std::string& fallback);
  void createLocations(ir::LocId entryLoc);
  /// Marks the locations of loop heads with the position of their loop statement (ir::Location::loopStart).
  void markLoopStarts();
  void translateBlock(const llvm::BasicBlock& block);
  void startSegment(Segment& segment, ir::LocId from);
  /// Which IR variable (if any) holds the C variable a debug record names from the record on; nothing for a
  /// record that names no variable of this function.
  std::optional<ir::NameBinding> bindingOf(const llvm::DbgValueInst& record) const;
  /// bindingOf's binding, and for a pointer variable the placeholder of its access paths (AccessPaths.h);
  /// false when the record binds nothing.
  bool appendBindings(std::vector<ir::NameBinding>& names, const llvm::DbgValueInst& record);
  void recordName(Segment& segment, const llvm::DbgValueInst& record);
  ir::EdgeId flush(Segment& segment, ir::LocId to, const z3::expr& condition, const std::vector<PhiAssignment>& phis,
                   const std::string& conditionText);
  /// Ends the segment by an edge to `to` when it has content; returns the location where the next
  /// step starts.
  ir::LocId flushToNewLocation(Segment& segment, const std::string& name);
  void emitUnsupported(Segment& segment, const std::string& feature, const llvm::Instruction& at);
  ir::LocId stopLocation();

  // --- values and instructions (Instructions.cc)
  z3::expr term(Segment& segment, const llvm::Value* value);
  z3::expr freshValue(Segment& segment, unsigned bits, const std::string& name);
  /// The value of an instruction; `labelled`: the edge label shows the assignment to its C variable.
  void define(Segment& segment, const llvm::Instruction& instruction, const z3::expr& value, bool labelled = true);
  /// Translates a non-terminator; false when the block ends here (error, stop, unsupported).
  bool translateInstruction(Segment& segment, const llvm::Instruction& instruction);
  /// Integer operations of an instruction or a constant expression (llvm::Operator covers both).
  z3::expr binaryTerm(Segment& segment, const llvm::Operator& operation);
  z3::expr compareTerm(Segment& segment, const llvm::Operator& compare);
  z3::expr selectTerm(Segment& segment, const llvm::Operator& select);
  /// A cast to an integer, or from an integer to a pointer.
  z3::expr castTerm(Segment& segment, const llvm::Operator& cast);
  /// An integer-valued constant expression: folded by LLVM, or computed over the model's addresses.
  z3::expr constantExpressionTerm(Segment& segment, const llvm::ConstantExpr& expression);
  void translateTerminator(Segment& segment, const llvm::Instruction& terminator);
  std::vector<PhiAssignment> phiAssignments(Segment& segment, const llvm::BasicBlock& from, const llvm::BasicBlock& to);
  unsigned bitsOf(const llvm::Type* type, const char* what) const;
  /// The format of a floating-point type argus models; unsupported otherwise.
  FloatFormat formatOf(const llvm::Type* type, const char* what) const;

  // --- floating point (Floats.cc)
  /// fadd/fsub/fmul/fdiv/fneg, fcmp and the conversions from, to and between floating-point types.
  z3::expr floatBinaryTerm(Segment& segment, const llvm::Operator& operation);
  z3::expr floatCompareTerm(Segment& segment, const llvm::Operator& compare);
  z3::expr floatCastTerm(Segment& segment, const llvm::Operator& cast);
  /// A float's bits read as an integer: a fresh integer whose pattern the float has (any NaN's for a NaN).
  z3::expr floatToBits(Segment& segment, const z3::expr& value, const FloatFormat& format, unsigned bits);
  /// The math.h functions and LLVM intrinsics over floats that argus models; false if `name` is none.
  bool translateFloatFunction(Segment& segment, const llvm::CallInst& call, const std::string& name);
  std::string where(const llvm::Instruction& instruction) const;

  // --- memory (MemoryAccess.cc)
  Address resolve(Segment& segment, const llvm::Value* pointer);
  /// The byte address a pointer value holds (region memory; functions and null too).
  z3::expr pointerTerm(Segment& segment, const llvm::Value* pointer);
  /// An index operand times a stride, as a pointer-sorted term.
  z3::expr scaledIndex(Segment& segment, const llvm::Value* operand, int64_t stride);
  z3::expr integerToPointer(Segment& segment, const llvm::Value* integer);
  z3::expr pointerToInteger(const z3::expr& address, unsigned bits);
  /// The byte offset a GEP adds to its base.
  z3::expr gepOffset(Segment& segment, const llvm::GEPOperator& gep);
  /// The address `bytes` further (for the leaves of memset/memcpy and initialisers).
  Address offsetBy(const Address& address, uint64_t bytes);
  z3::expr memoryContents(Segment& segment, const MemoryObject& object);
  z3::expr regionContents(Segment& segment, ir::VarId region);
  /// A load or store of a scalar type at an address, with its definedness conditions on the segment.
  z3::expr loadAt(Segment& segment, const Address& address, llvm::Type* type);
  void storeAt(Segment& segment, const Address& address, llvm::Type* type, const z3::expr& value);
  void requireNonNull(Segment& segment, const z3::expr& address);
  /// The address of a load, store or memset/memcpy through `pointer`, in byte memory if the points-to
  /// analysis put what it may touch there.
  Address accessAddress(Segment& segment, const llvm::Value* pointer);
  /// A scalar at an address in byte memory: its bytes, little-endian.
  z3::expr loadBytes(Segment& segment, const Address& address, const llvm::Type* type);
  void storeBytes(Segment& segment, const Address& address, const llvm::Type* type, const z3::expr& value);
  void translateLoad(Segment& segment, const llvm::LoadInst& load);
  void translateStore(Segment& segment, const llvm::StoreInst& store);
  void translateMemOperation(Segment& segment, const MemOperation& call);
  /// Stores `byte` into every leaf of a block (memset, calloc's zeros).
  void storeFilled(Segment& segment, const Address& block, const std::vector<MemoryLeaf>& leaves, uint8_t byte);
  /// memset/memcpy leaf by leaf (memOperationLeaves) or byte by byte, for accesses that involve region memory.
  void translateMemOperationByLeaves(Segment& segment, const MemOperation& call);
  void translateMemOperationByBytes(Segment& segment, const MemOperation& call, const Address& target);
  z3::expr inBounds(const Address& address);
  /// A fresh block of `size` bytes from the bump allocator (malloc, escaping allocas, VLAs).
  z3::expr allocate(Segment& segment, const z3::expr& size, const std::string& what, const llvm::Value& site,
                    bool fromMalloc);
  void translateAlloca(Segment& segment, const llvm::AllocaInst& alloca);

  // --- calls (Calls.cc)
  bool isCallEdge(const llvm::Instruction& instruction) const;
  z3::expr callArgument(Segment& segment, const llvm::Value* argument);
  bool translateCall(Segment& segment, const llvm::CallInst& call);
  /// A call of `callee`, written directly or as one target of a function pointer: the same translation
  /// either way. False when the block ends here (error, stop).
  bool translateCallOf(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee);
  /// A function the program does not define and argus does not know: any value of its result type
  /// (externalResultType), as a nondet input; unsupported when memory could pass in or out.
  void translateExternalCall(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee);
  void translateNondet(Segment& segment, const llvm::CallInst& call, const std::string& name, const Builtin& builtin);
  /// A call of a function outside the program through a pointer: a nondet result of `result`'s type.
  void translateUnknownCallee(Segment& segment, const llvm::CallInst& call, const ir::ValueType& result);
  void translateUserCall(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee);
  /// A call through a function pointer: one call edge per defined function of the call's type whose
  /// address is taken, and per such function the program only declares the translation of a direct call
  /// of it, each guarded by the pointer's value; any other value ends in an unsupported edge.
  void translateIndirectCall(Segment& segment, const llvm::CallInst& call);
  /// malloc, calloc, alloca, free.
  void translateAllocation(Segment& segment, const llvm::CallInst& call, BuiltinKind kind);
  /// The argument values of a call as terms readable at the call edge's location.
  std::vector<z3::expr> callArguments(Segment& segment, const llvm::CallInst& call, std::string& text);
  bool translateIntrinsic(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee);

  // --- the no-overflow property (Overflow.cc)
  /// llvm.s{add,sub,mul}.with.overflow in a no-overflow task: its values are computed at its extractvalues.
  bool isOverflowIntrinsic(const llvm::Value* value) const;
  void translateOverflowResult(Segment& segment, const llvm::ExtractValueInst& extract);
  /// A failed check (a call of `__argus_overflow_KIND`): the edge into the error location, named for the
  /// property, the check and the C expression.
  void translateOverflowCheck(Segment& segment, const llvm::CallInst& call, const std::string& kind);

  // --- label text (Instructions.cc)
  std::string text(const llvm::Value* value);
  std::string expressionText(const llvm::Value* value);
  std::string variableText(ir::VarId var) const;

  ModuleContext& module_;
  ir::Program& program_;
  const IntEncoder& encoder_;
  const FloatEncoder& floats_;
  const llvm::Function& function_;
  ir::ProcId proc_;
  FunctionDebugNames debugNames_;
  std::unordered_map<const llvm::Instruction*, unsigned> segmentOf_;
  std::unordered_set<const llvm::Value*> needsVariable_;
  std::unordered_map<const llvm::Value*, ir::VarId> variables_;
  std::unordered_map<const llvm::BasicBlock*, ir::LocId> blockLocs_;
  std::unordered_map<const llvm::Value*, std::string> texts_;
  ir::LocId stop_ = ir::kNone;
  unsigned temporaries_ = 0;
};

/// Creates the procedure (parameters, result) for a function; records unsupported signatures.
ir::ProcId declareProcedure(ModuleContext& module, const llvm::Function& function);
/// A function translated into a procedure of its own: defined, and not a builtin or the error function.
bool isUserFunction(const ModuleContext& module, const llvm::Function& function);

}  // namespace argus::frontend
