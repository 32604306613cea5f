// Loads, stores and memset/memcpy on modelled memory objects, and the resolution of a pointer to its
// object and cell index. A pointer whose object is not statically known makes the access unsupported.
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include "frontend/c/Translator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

std::string unknownPointerFeature(const llvm::Value* pointer) {
  if (llvm::isa<llvm::ConstantPointerNull>(pointer)) return "access through a null pointer";
  if (llvm::isa<llvm::Argument>(pointer)) return "pointer parameter";
  if (llvm::isa<llvm::PHINode>(pointer) || llvm::isa<llvm::SelectInst>(pointer))
    return "pointer whose object is not statically known";
  if (llvm::isa<llvm::LoadInst>(pointer)) return "pointer loaded from memory";
  if (llvm::isa<llvm::CallInst>(pointer)) return "pointer returned by a call";
  if (llvm::isa<llvm::IntToPtrInst>(pointer)) return "integer-to-pointer conversion";
  if (llvm::isa<llvm::Function>(pointer)) return "function pointer";
  return "pointer whose object is not statically known";
}

/// A cell of `bits` whose every byte is `byte` (memset); `bits` is a multiple of 8 unless the byte is 0.
llvm::APInt filledCell(unsigned bits, uint8_t byte) {
  return byte == 0 ? llvm::APInt(bits, 0) : llvm::APInt::getSplat(bits, llvm::APInt(8, byte));
}

}  // namespace

Address FunctionTranslator::resolve(Segment& segment, const llvm::Value* pointer) {
  z3::context& ctx = program_.ctx();
  MemoryModel& memory = module_.memory;
  if (auto field = module_.pointsTo.promotedTarget(pointer))
    return Address{nullptr, pointerTerm(segment, pointer), field->object, field->offset};
  if (llvm::isa<llvm::GlobalVariable>(pointer) || llvm::isa<llvm::AllocaInst>(pointer)) {
    if (memory.inRegions(pointer)) return Address{nullptr, pointerTerm(segment, pointer)};
    std::string why;
    const MemoryObject* object = memory.object(pointer, proc_, debugNames_.lookup(pointer), why);
    if (!object) throw UnsupportedFeature(why);
    z3::expr zero = encoder_.isInt() ? ctx.int_val(0) : ctx.bv_val(0, memory.pointerBits());
    return Address{object, zero};
  }
  if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) return resolve(segment, cast->getOperand(0));
  auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer);
  if (!gep) return Address{nullptr, pointerTerm(segment, pointer)};

  Address base = resolve(segment, gep->getPointerOperand());
  if (base.inRegions()) return Address{nullptr, addressSum(base.index, gepOffset(segment, *gep)), nullptr, 0, base.base()};
  GepParts parts = splitGep(*gep, function_.getParent()->getDataLayout());
  int64_t cellBytes = static_cast<int64_t>(base.object->cellBytes());
  z3::expr index = base.index;
  for (auto& [operand, elementBytes, arrayLength] : parts.scaled) {
    if (elementBytes % cellBytes != 0) throw UnsupportedFeature("pointer arithmetic that does not step by whole cells");
    index = addressSum(index, scaledIndex(segment, operand, elementBytes / cellBytes));
  }
  if (parts.constantBytes % cellBytes != 0) throw UnsupportedFeature("access that does not start at a cell boundary");
  int64_t cells = parts.constantBytes / cellBytes;
  index = addressSum(index, encoder_.isInt() ? ctx.int_val(cells) : ctx.bv_val(cells, memory.pointerBits()));
  return Address{base.object, index};
}

z3::expr FunctionTranslator::scaledIndex(Segment& segment, const llvm::Value* operand, int64_t stride) {
  z3::context& ctx = program_.ctx();
  unsigned bits = bitsOf(operand->getType(), "array index");
  z3::expr value = term(segment, operand);
  if (encoder_.isInt()) return stride == 1 ? value : value * ctx.int_val(stride);
  unsigned pointerBits = module_.memory.pointerBits();
  z3::expr wide = bits == pointerBits ? value
                  : bits < pointerBits ? (bits == 1 ? encoder_.sext(value, 1, pointerBits) : z3::sext(value, pointerBits - bits))
                                       : value.extract(pointerBits - 1, 0);
  return stride == 1 ? wide : wide * ctx.bv_val(stride, pointerBits);
}

z3::expr FunctionTranslator::gepOffset(Segment& segment, const llvm::GEPOperator& gep) {
  GepParts parts = splitGep(gep, function_.getParent()->getDataLayout());
  z3::expr offset = module_.memory.address(0);
  for (auto& [operand, elementBytes, arrayLength] : parts.scaled)
    offset = addressSum(offset, scaledIndex(segment, operand, elementBytes));
  return module_.memory.offsetAddress(offset, parts.constantBytes);
}

z3::expr FunctionTranslator::pointerTerm(Segment& segment, const llvm::Value* pointer) {
  if (auto it = segment.values.find(pointer); it != segment.values.end()) return it->second;
  if (auto it = variables_.find(pointer); it != variables_.end()) return program_.var(it->second).cur;
  if (auto it = module_.parameters.find(pointer); it != module_.parameters.end()) return program_.var(it->second).cur;
  MemoryModel& memory = module_.memory;
  if (llvm::isa<llvm::UndefValue>(pointer)) {
    z3::expr value = smt::freshConst(program_.ctx(), program_.proc(proc_).name + "::undef", memory.indexSort());
    segment.aux.push_back(value);
    return value;
  }
  if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) return pointerTerm(segment, cast->getOperand(0));
  if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer))
    return addressSum(pointerTerm(segment, gep->getPointerOperand()), gepOffset(segment, *gep));
  if (auto* expression = llvm::dyn_cast<llvm::ConstantExpr>(pointer);
      expression && expression->getOpcode() == llvm::Instruction::IntToPtr)
    return integerToPointer(segment, expression->getOperand(0));
  if (auto* constant = llvm::dyn_cast<llvm::Constant>(pointer)) {
    std::string why;
    if (auto value = memory.constantPointer(constant, why)) return *value;
    throw UnsupportedFeature(why);
  }
  if (llvm::isa<llvm::AllocaInst>(pointer)) throw UnsupportedFeature("address of a local variable used across calls");
  throw UnsupportedFeature(unknownPointerFeature(pointer));
}

z3::expr FunctionTranslator::integerToPointer(Segment& segment, const llvm::Value* integer) {
  unsigned bits = bitsOf(integer->getType(), "integer-to-pointer conversion");
  unsigned pointerBits = module_.memory.pointerBits();
  z3::expr value = term(segment, integer);
  if (encoder_.isInt()) return encoder_.unsignedReading(value, bits);
  if (bits == pointerBits) return value;
  return bits < pointerBits ? z3::zext(value, pointerBits - bits) : value.extract(pointerBits - 1, 0);
}

z3::expr FunctionTranslator::pointerToInteger(const z3::expr& address, unsigned bits) {
  unsigned pointerBits = module_.memory.pointerBits();
  if (encoder_.isInt()) return encoder_.wrap(address, bits);
  if (bits == pointerBits) return address;
  return bits > pointerBits ? z3::zext(address, bits - pointerBits) : address.extract(bits - 1, 0);
}

Address FunctionTranslator::offsetBy(const Address& address, uint64_t bytes) {
  z3::context& ctx = program_.ctx();
  if (address.inRegions()) {
    Address further{nullptr, addressSum(address.index, module_.memory.address(bytes)), address.promoted,
                    address.promotedOffset + static_cast<int64_t>(bytes), address.base()};
    further.bytes = address.bytes;
    further.partition = address.partition;
    return further;
  }
  if (bytes % address.object->cellBytes() != 0) throw UnsupportedFeature("access that does not start at a cell boundary");
  uint64_t cells = bytes / address.object->cellBytes();
  return Address{address.object, addressSum(address.index, encoder_.isInt() ? ctx.int_val(cells)
                                                                      : ctx.bv_val(cells, module_.memory.pointerBits()))};
}

z3::expr FunctionTranslator::memoryContents(Segment& segment, const MemoryObject& object) {
  if (auto it = segment.assigned.find(object.var); it != segment.assigned.end()) return it->second;
  return program_.var(object.var).cur;
}

z3::expr FunctionTranslator::regionContents(Segment& segment, ir::VarId region) {
  if (auto it = segment.assigned.find(region); it != segment.assigned.end()) return it->second;
  return program_.var(region).cur;
}

z3::expr FunctionTranslator::inBounds(const Address& address) {
  // Z3's simplifier is not used on purpose: it introduces internal operators (bvsrem_i, ...) that
  // other consumers of the formulas (SMT-LIB and CHC output) cannot print.
  z3::context& ctx = program_.ctx();
  uint64_t cells = address.object->cells;
  int64_t constantIndex;
  if (address.index.is_numeral_i64(constantIndex))
    return ctx.bool_val(constantIndex >= 0 && static_cast<uint64_t>(constantIndex) < cells);
  if (encoder_.isInt()) return address.index >= 0 && address.index < ctx.int_val(cells);
  return z3::ult(address.index, ctx.bv_val(cells, module_.memory.pointerBits()));
}

/// Shared by loads and stores: the address, checked to hold cells of the accessed width. Accesses out
/// of the object's bounds are undefined behaviour and cut off like signed overflow.
static void checkCellWidth(const Address& address, const llvm::Type* type) {
  if (type->isFloatingPointTy() != address.object->floating)
    throw UnsupportedFeature(type->isFloatingPointTy() ? "floating-point value in memory of integer cells"
                                                       : "integer or pointer in memory of floating-point cells");
  if (type->isFloatingPointTy()) {
    if (type->getPrimitiveSizeInBits() != address.object->cellBits)
      throw UnsupportedFeature("floating-point access of another width than the memory's cells");
    return;
  }
  if (!type->isIntegerTy()) throw UnsupportedFeature("pointer stored in memory of integer cells");
  unsigned bits = type->getIntegerBitWidth();
  if (bits != address.object->cellBits)
    throw UnsupportedFeature("access of " + std::to_string(bits) + " bits to memory of " +
                             std::to_string(address.object->cellBits) + "-bit cells");
}

void FunctionTranslator::requireNonNull(Segment& segment, const z3::expr& address) {
  // A null dereference crashes the program, which then reaches no error: the path ends.
  int64_t constant = 0;
  if (address.is_numeral_i64(constant) && constant != 0) return;
  segment.constraints.push_back(address != module_.memory.address(0));
}

Address FunctionTranslator::accessAddress(Segment& segment, const llvm::Value* pointer) {
  Address address = resolve(segment, pointer);
  address.bytes = address.inRegions() && !address.promoted && module_.pointsTo.inBytes(pointer);
  if (address.inRegions()) address.partition = module_.pointsTo.partitionOf(pointer);
  return address;
}

/// The bytes of a scalar in byte memory: a pointer's or an integer's of whole bytes.
static unsigned bytesOfScalar(const llvm::Type* type, unsigned pointerBits) {
  unsigned bits = type->isPointerTy() ? pointerBits : type->getIntegerBitWidth();
  if (bits % 8 != 0) throw UnsupportedFeature("access of " + std::to_string(bits) + " bits to memory accessed as bytes");
  return bits / 8;
}

z3::expr FunctionTranslator::loadBytes(Segment& segment, const Address& address, const llvm::Type* type) {
  // Bytes nobody wrote are arbitrary; in the int encoding each is cut to the i8 range, and so the
  // composed scalar is in its range too.
  z3::expr contents = regionContents(segment, module_.memory.byteRegion(address.partition));
  std::vector<z3::expr> bytes;
  for (unsigned k = 0; k < bytesOfScalar(type, module_.memory.pointerBits()); ++k) {
    z3::expr byte = z3::select(contents, k == 0 ? address.index : module_.memory.offsetAddress(address.index, k));
    z3::expr range = encoder_.inRange(byte, 8);
    if (!smt::isTrue(range)) segment.constraints.push_back(range);
    bytes.push_back(byte);
  }
  return module_.memory.fromBytes(bytes, type);
}

void FunctionTranslator::storeBytes(Segment& segment, const Address& address, const llvm::Type* type, const z3::expr& value) {
  ir::VarId region = module_.memory.byteRegion(address.partition);
  z3::expr contents = regionContents(segment, region);
  std::vector<z3::expr> bytes;
  if (encoder_.isInt() && !value.is_numeral()) {
    // The bytes are fresh constants that compose to the value (each in the i8 range, so they are unique):
    // one linear equation, which the solver handles better than a division and a modulo per byte.
    for (unsigned k = 0; k < bytesOfScalar(type, module_.memory.pointerBits()); ++k) {
      z3::expr byte = smt::freshConst(program_.ctx(), program_.proc(proc_).name + "::byte", program_.ctx().int_sort());
      segment.aux.push_back(byte);
      segment.constraints.push_back(encoder_.inRange(byte, 8));
      bytes.push_back(byte);
    }
    segment.constraints.push_back(module_.memory.fromBytes(bytes, type) == value);
  } else {
    bytes = module_.memory.toBytes(value, type);
  }
  for (size_t k = 0; k < bytes.size(); ++k)
    contents = z3::store(contents, k == 0 ? address.index : module_.memory.offsetAddress(address.index, static_cast<int64_t>(k)),
                         bytes[k]);
  segment.assigned.insert_or_assign(region, contents);
}

z3::expr FunctionTranslator::loadAt(Segment& segment, const Address& address, llvm::Type* type) {
  z3::expr value = program_.ctx().bool_val(true);
  // Region memory has arrays of integers and pointers only: a float there would need its own arrays and,
  // in byte memory, its IEEE bit pattern.
  if (address.inRegions() && type->isFloatingPointTy()) throw UnsupportedFeature("floating-point value in region memory");
  if (address.inRegions()) {
    requireNonNull(segment, address.base());
    if (address.bytes && !type->isIntegerTy(8)) return loadBytes(segment, address, type);
    value = address.promoted
                ? regionContents(segment, module_.memory.promotedField(address.promoted, address.promotedOffset, type))
                : z3::select(regionContents(segment, module_.memory.region(type, address.partition)), address.index);
    if (type->isPointerTy()) return value;
  } else {
    checkCellWidth(address, type);
    z3::expr contents = memoryContents(segment, *address.object);
    if (address.object->scalar) return contents;
    z3::expr bounds = inBounds(address);
    if (!smt::isTrue(bounds)) segment.constraints.push_back(bounds);
    value = z3::select(contents, address.index);
    if (address.object->floating) return value;  // every bit pattern is a value of the format
  }
  // Cells nobody wrote (an uninitialised local array, fresh heap) are arbitrary terms of the cell sort;
  // in the int encoding only the values of the C type exist, so the others are cut off.
  z3::expr range = encoder_.inRange(value, type->getIntegerBitWidth());
  if (!smt::isTrue(range)) segment.constraints.push_back(range);
  return value;
}

void FunctionTranslator::storeAt(Segment& segment, const Address& address, llvm::Type* type, const z3::expr& value) {
  if (address.inRegions() && type->isFloatingPointTy()) throw UnsupportedFeature("floating-point value in region memory");
  if (address.inRegions()) requireNonNull(segment, address.base());
  if (address.promoted) {
    segment.assigned.insert_or_assign(module_.memory.promotedField(address.promoted, address.promotedOffset, type), value);
    return;
  }
  if (address.inRegions() && address.bytes && !type->isIntegerTy(8)) return storeBytes(segment, address, type, value);
  if (address.inRegions()) {
    ir::VarId region = module_.memory.region(type, address.partition);
    segment.assigned.insert_or_assign(region, z3::store(regionContents(segment, region), address.index, value));
    return;
  }
  checkCellWidth(address, type);
  if (address.object->scalar) {
    segment.assigned.insert_or_assign(address.object->var, value);
    return;
  }
  z3::expr bounds = inBounds(address);
  if (!smt::isTrue(bounds)) segment.constraints.push_back(bounds);
  z3::expr contents = memoryContents(segment, *address.object);
  segment.assigned.insert_or_assign(address.object->var, z3::store(contents, address.index, value));
}

void FunctionTranslator::translateLoad(Segment& segment, const llvm::LoadInst& load) {
  llvm::Type* type = load.getType();
  if (!type->isPointerTy() && !type->isFloatingPointTy()) bitsOf(type, "load");
  Address address = accessAddress(segment, load.getPointerOperand());
  define(segment, load, loadAt(segment, address, type));
}

void FunctionTranslator::translateStore(Segment& segment, const llvm::StoreInst& store) {
  const llvm::Value* value = store.getValueOperand();
  llvm::Type* type = value->getType();
  if (!type->isPointerTy() && !type->isFloatingPointTy()) bitsOf(type, "store");
  Address address = accessAddress(segment, store.getPointerOperand());
  z3::expr stored = term(segment, value);
  segment.label.push_back(text(store.getPointerOperand()) + " = " + text(value));
  storeAt(segment, address, type, stored);
}

z3::expr FunctionTranslator::allocate(Segment& segment, const z3::expr& size, const std::string& what,
                                      const llvm::Value& site, bool fromMalloc) {
  // Blocks come from a bump pointer that never goes back: fresh, non-null and disjoint from every other
  // object, with a gap between blocks. Allocation is assumed to succeed; executions that would exhaust
  // half of the address space are cut off.
  MemoryModel& memory = module_.memory;
  ir::VarId top = memory.heapTop();
  z3::expr current = program_.var(top).cur;
  if (auto it = segment.assigned.find(top); it != segment.assigned.end()) current = it->second;
  unsigned pointerBits = memory.pointerBits();
  z3::context& ctx = program_.ctx();
  z3::expr limit = encoder_.isInt() ? ctx.int_val(static_cast<uint64_t>(1) << (pointerBits - 2))
                                    : ctx.bv_val(static_cast<uint64_t>(1) << (pointerBits - 2), pointerBits);
  if (encoder_.isInt()) {
    segment.constraints.push_back(size >= 0 && size <= limit && current <= limit);
  } else {
    segment.constraints.push_back(z3::ule(size, limit) && z3::ule(current, limit));
  }
  segment.assigned.insert_or_assign(top, current + size + memory.address(ir::kAllocationGap));
  segment.label.push_back(what);
  uint64_t bytes = 0;
  segment.allocations.push_back({&site, fromMalloc, size.is_numeral_u64(bytes) ? std::optional<uint64_t>(bytes) : std::nullopt});
  return current;
}

void FunctionTranslator::translateAlloca(Segment& segment, const llvm::AllocaInst& alloca) {
  if (!module_.memory.inRegions(&alloca)) return;  // an object of its own, resolved where it is accessed
  const llvm::DataLayout& layout = function_.getParent()->getDataLayout();
  uint64_t elementBytes = layout.getTypeAllocSize(alloca.getAllocatedType());
  z3::expr size = module_.memory.address(elementBytes);
  if (alloca.isArrayAllocation() || !alloca.isStaticAlloca()) {
    const llvm::Value* count = alloca.getArraySize();
    z3::expr n = integerToPointer(segment, count);
    size = elementBytes == 1 ? n : n * module_.memory.address(elementBytes);
  }
  SourceVariable source = debugNames_.lookup(&alloca);
  define(segment, alloca,
         allocate(segment, size, "&" + (source.known ? source.name : std::string("mem")) + " = alloca", alloca, false),
         /*labelled=*/false);
}

void FunctionTranslator::translateMemOperation(Segment& segment, const MemOperation& call) {
  Address target = resolve(segment, call.dest);
  std::optional<Address> from;
  if (call.source) {
    auto* constant = llvm::dyn_cast<llvm::GlobalVariable>(call.source->stripPointerCasts());
    if (!(constant && constant->isConstant() && constant->hasInitializer() && !target.inRegions()))
      from = resolve(segment, call.source);
  }
  if (target.inRegions() || (from && from->inRegions())) return translateMemOperationByLeaves(segment, call);
  // Objects of their own: only whole-object operations, `int a[N] = {0}` (memset) and initialisation
  // from a constant or from another object of the same shape (memcpy/memmove); objects operated on
  // otherwise live in region memory (accessedAsCells).
  if (!call.bytes) throw UnsupportedFeature("memset/memcpy of a length that is not a constant");
  const MemoryObject& object = *target.object;
  int64_t startsAt = 1;
  bool whole = target.index.is_numeral_i64(startsAt) && startsAt == 0 && !object.scalar &&
               *call.bytes == object.cells * object.cellBytes();
  if (!whole) throw UnsupportedFeature("memset/memcpy of part of an object");
  z3::expr contents = program_.ctx().bool_val(true);
  if (!call.source) {
    auto* byte = llvm::dyn_cast<llvm::ConstantInt>(call.byte);
    if (!byte || !(byte->isZero() || object.cellBits % 8 == 0)) throw UnsupportedFeature("memset with a non-zero pattern");
    std::vector<llvm::APInt> cells(object.cells, filledCell(object.cellBits, static_cast<uint8_t>(byte->getZExtValue() & 0xff)));
    contents = module_.memory.constantTerm(object, cells);
  } else if (!from) {
    auto* constant = llvm::cast<llvm::GlobalVariable>(call.source->stripPointerCasts());
    auto cells = constantCells(constant->getInitializer(), object.cellBits, function_.getParent()->getDataLayout());
    // The copy starts at the constant's first byte and fills the object. It may take a prefix only: SROA
    // shrinks `char s[] = "abc"` to the bytes that are not known (its last one is 0) and copies those.
    if (!cells || cells->size() < object.cells) throw UnsupportedFeature("memcpy from a constant of another shape");
    cells->resize(object.cells, llvm::APInt(object.cellBits, 0));
    contents = module_.memory.constantTerm(object, *cells);
  } else {
    int64_t fromStart = 1;
    if (from->object->scalar || from->object->cellBits != object.cellBits || from->object->cells != object.cells ||
        !from->index.is_numeral_i64(fromStart) || fromStart != 0)
      throw UnsupportedFeature("memcpy between objects of different shapes");
    contents = memoryContents(segment, *from->object);
  }
  segment.label.push_back(text(call.dest) + " = {...}");
  segment.assigned.insert_or_assign(object.var, contents);
}

void FunctionTranslator::storeFilled(Segment& segment, const Address& block, const std::vector<MemoryLeaf>& leaves,
                                     uint8_t byte) {
  // Integer leaves get the byte in each of their bytes (callers allow a non-zero byte only for leaves of
  // whole bytes); pointers NULL (callers allow only a zero byte for them).
  for (const MemoryLeaf& leaf : leaves) {
    z3::expr value = leaf.type->isPointerTy() ? module_.memory.address(0)
                                              : encoder_.constant(filledCell(leaf.type->getIntegerBitWidth(), byte));
    storeAt(segment, offsetBy(block, leaf.offset), leaf.type, value);
  }
}

void FunctionTranslator::translateMemOperationByLeaves(Segment& segment, const MemOperation& call) {
  // The scalars of the shape memOperationShape gives (a copy's source type, else the destination's) are
  // copied or set one by one, each to the typed region of its type or to byte memory; an operation on memory of
  // unknown type, of chars, or of a length that is not a constant acts on the bytes themselves.
  const llvm::DataLayout& layout = function_.getParent()->getDataLayout();
  auto leaves = memOperationLeaves(call, layout, [&](const llvm::CallInst& c) { return module_.allocationKind(c).has_value(); });
  Address target = accessAddress(segment, call.dest);
  if (!leaves) return translateMemOperationByBytes(segment, call, target);
  if (!call.source) {
    auto byte = static_cast<uint8_t>(llvm::cast<llvm::ConstantInt>(call.byte)->getZExtValue() & 0xff);
    storeFilled(segment, target, *leaves, byte);
  } else {
    Address source = accessAddress(segment, call.source);
    // Every leaf is read before any is written: memmove's overlapping copies stay right.
    std::vector<z3::expr> values;
    for (const MemoryLeaf& leaf : *leaves) values.push_back(loadAt(segment, offsetBy(source, leaf.offset), leaf.type));
    for (size_t i = 0; i < leaves->size(); ++i) storeAt(segment, offsetBy(target, (*leaves)[i].offset), (*leaves)[i].type, values[i]);
  }
  segment.label.push_back(text(call.dest) + " = {...}");
}

void FunctionTranslator::translateMemOperationByBytes(Segment& segment, const MemOperation& call, const Address& target) {
  // The bytes go to the region of 8-bit cells, which is byte memory: the points-to analysis put every
  // object whose bytes other accesses read or write as wider scalars there (PointsTo::inBytes), so those
  // see them. Unrolled byte by byte. The intrinsics of a length that is not a constant are byte loops by now
  // (Passes.cc); a library call left as such would need a quantified (or lambda) array update, which the
  // engines' interpolation and projection do not handle.
  if (!call.bytes) throw UnsupportedFeature("memset/memcpy of a length that is not a constant");
  uint64_t bytes = *call.bytes;
  if (bytes > kMaxMemoryLeaves) throw UnsupportedFeature("memset/memcpy of more than " + std::to_string(kMaxMemoryLeaves) + " bytes");
  llvm::Type* byteType = llvm::Type::getInt8Ty(function_.getContext());
  std::vector<z3::expr> values;
  if (!call.source) {
    unsigned bits = bitsOf(call.byte->getType(), "memset");
    z3::expr value = term(segment, call.byte);
    values.assign(bytes, bits == 8 ? value : encoder_.trunc(value, bits, 8));
  } else {
    Address source = accessAddress(segment, call.source);
    for (uint64_t k = 0; k < bytes; ++k) values.push_back(loadAt(segment, offsetBy(source, k), byteType));
  }
  for (uint64_t k = 0; k < bytes; ++k) storeAt(segment, offsetBy(target, k), byteType, values[k]);
  segment.label.push_back(text(call.dest) + " = {...}");
}

}  // namespace argus::frontend
