// The points-to analysis behind the promotion of singleton objects' fields (see PointsTo.h).
#include "frontend/c/PointsTo.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <numeric>
#include <tuple>

namespace argus::frontend {

namespace {

/// The constant byte offset a GEP adds, if all its indices are constants.
std::optional<int64_t> constantOffset(const llvm::GEPOperator& gep, const llvm::DataLayout& layout) {
  llvm::APInt offset(layout.getIndexTypeSizeInBits(gep.getType()), 0);
  if (!gep.accumulateConstantOffset(layout, offset)) return std::nullopt;
  return offset.getSExtValue();
}

int64_t floorMod(int64_t value, int64_t modulus) {
  int64_t rest = value % modulus;
  return rest < 0 ? rest + modulus : rest;
}

int64_t floorDivide(int64_t value, int64_t divisor) {
  int64_t quotient = value / divisor;
  return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient;
}

}  // namespace

PointsTo::PointsTo(const std::vector<const llvm::Function*>& functions, const llvm::Function& main, MemoryModel& memory,
                   const std::function<bool(const llvm::CallInst&)>& isAllocation,
                   const std::function<std::vector<const llvm::Function*>(const llvm::CallInst&)>& candidates)
    : memory_(&memory), layout_(&main.getParent()->getDataLayout()), isAllocation_(isAllocation), candidates_(candidates) {
  for (const llvm::Argument& argument : main.args())
    if (argument.getType()->isPointerTy()) values_[&argument] = {{0, kAnyOffset}};
  // Initial contents: the pointers in globals' initialisers; external globals hold unknown pointers.
  for (const llvm::GlobalVariable& global : main.getParent()->globals()) {
    uint32_t object = objectOf(&global);
    std::vector<MemoryLeaf> leaves;
    if (!global.hasInitializer() || !constantLeaves(global.getInitializer(), 0, *layout_, leaves)) {
      contents_[{object, kAnyOffset}].insert({0, kAnyOffset});
      continue;
    }
    for (const MemoryLeaf& leaf : leaves)
      if (leaf.type->isPointerTy())
        addTo(contents_[{object, static_cast<int64_t>(leaf.offset)}], targets(leaf.value));
  }
  // An address converted to an integer inside a constant expression (`(unsigned)&g + 4`, which the
  // translator computes over g's fixed address) exposes its object as a ptrtoint instruction does.
  std::function<void(const llvm::Value*)> exposeConversions = [&](const llvm::Value* value) {
    auto* expression = llvm::dyn_cast<llvm::ConstantExpr>(value);
    if (!expression) return;
    if (expression->getOpcode() == llvm::Instruction::PtrToInt)
      for (auto [object, offset] : targets(expression->getOperand(0))) exposed_.insert(object);
    for (const llvm::Value* operand : expression->operands()) exposeConversions(operand);
  };
  for (const llvm::Function* function : functions)
    for (const llvm::BasicBlock& block : *function)
      for (const llvm::Instruction& instruction : block)
        for (const llvm::Value* operand : instruction.operands()) exposeConversions(operand);
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::Function* function : functions)
      for (const llvm::BasicBlock& block : *function)
        for (const llvm::Instruction& instruction : block) changed |= transfer(instruction);
  }
  decide(functions, main);
  findCharacterMixing(functions);
}

uint32_t PointsTo::objectOf(const llvm::Value* base) {
  auto [it, inserted] = objectIds_.emplace(base, static_cast<uint32_t>(objects_.size()));
  if (inserted) objects_.push_back(base);
  return it->second;
}

PointsTo::Targets PointsTo::shifted(const Targets& in, int64_t offset) {
  Targets out;
  for (auto [object, at] : in)
    out.insert({object, at == kAnyOffset || offset == kAnyOffset || object == 0 ? kAnyOffset : at + offset});
  return out;
}

bool PointsTo::addTo(Targets& into, const Targets& from) {
  // An object's unknown offset subsumes its known ones, and an object reached at more than kMaxOffsets
  // offsets is reached at an unknown one: pointer arithmetic in a loop (`for (p = a; ...; p++)`) would
  // otherwise add offsets without end.
  bool changed = false;
  for (const Target& target : from) {
    auto [object, offset] = target;
    if (offset != kAnyOffset && into.count({object, kAnyOffset})) continue;
    if (!into.insert(target).second) continue;
    changed = true;
    auto first = into.lower_bound({object, kAnyOffset});
    auto last = into.upper_bound({object, INT64_MAX});
    if (offset == kAnyOffset || static_cast<size_t>(std::distance(first, last)) > kMaxOffsets) {
      into.erase(first, last);
      into.insert({object, kAnyOffset});
    }
  }
  return changed;
}

PointsTo::Targets PointsTo::targets(const llvm::Value* value) {
  if (llvm::isa<llvm::Instruction>(value) || llvm::isa<llvm::Argument>(value)) {
    auto it = values_.find(value);
    return it == values_.end() ? Targets{} : it->second;
  }
  if (llvm::isa<llvm::GlobalVariable>(value) || llvm::isa<llvm::Function>(value)) return {{objectOf(value), 0}};
  if (llvm::isa<llvm::ConstantPointerNull>(value)) return {};
  if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(value)) return targets(cast->getOperand(0));
  if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(value)) {
    auto offset = constantOffset(*gep, *layout_);
    return shifted(targets(gep->getPointerOperand()), offset ? *offset : kAnyOffset);
  }
  return {{0, kAnyOffset}};  // undef, integer-to-pointer constants, ...: unknown memory
}

PointsTo::Targets PointsTo::load(const Targets& from) {
  Targets out;
  for (auto [object, offset] : from) {
    if (object == 0) {
      addTo(out, contents_[{0, kAnyOffset}]);
      out.insert({0, kAnyOffset});
      continue;
    }
    if (offset == kAnyOffset) {
      for (auto it = contents_.lower_bound({object, INT64_MIN}); it != contents_.end() && it->first.first == object; ++it)
        addTo(out, it->second);
      continue;
    }
    addTo(out, contents_[{object, offset}]);
    addTo(out, contents_[{object, kAnyOffset}]);
  }
  return out;
}

bool PointsTo::store(const Targets& to, const Targets& value) {
  bool changed = false;
  for (auto [object, offset] : to) changed |= addTo(contents_[{object, object == 0 ? kAnyOffset : offset}], value);
  return changed;
}

bool PointsTo::call(const llvm::CallInst& site, const llvm::Function& callee) {
  bool changed = false;
  for (const llvm::Argument& parameter : callee.args())
    if (parameter.getType()->isPointerTy() && parameter.getArgNo() < site.arg_size())
      changed |= addTo(values_[&parameter], targets(site.getArgOperand(parameter.getArgNo())));
  if (site.getType()->isPointerTy()) changed |= addTo(values_[&site], returns_[&callee]);
  return changed;
}

bool PointsTo::transfer(const llvm::Instruction& instruction) {
  auto set = [&](const Targets& targets) { return addTo(values_[&instruction], targets); };
  if (llvm::isa<llvm::AllocaInst>(instruction)) return set({{objectOf(&instruction), 0}});
  if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&instruction)) {
    auto offset = constantOffset(*llvm::cast<llvm::GEPOperator>(gep), *layout_);
    return set(shifted(targets(gep->getPointerOperand()), offset ? *offset : kAnyOffset));
  }
  if (auto* cast = llvm::dyn_cast<llvm::CastInst>(&instruction)) {
    if (llvm::isa<llvm::PtrToIntInst>(cast)) {
      bool changed = false;
      for (auto [object, offset] : targets(cast->getOperand(0))) changed |= exposed_.insert(object).second;
      return changed;
    }
    if (llvm::isa<llvm::IntToPtrInst>(cast)) return set({{0, kAnyOffset}});
    if (cast->getType()->isPointerTy()) return set(targets(cast->getOperand(0)));
    return false;
  }
  if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&instruction)) {
    if (!phi->getType()->isPointerTy()) return false;
    bool changed = false;
    for (const llvm::Value* incoming : phi->incoming_values()) changed |= set(targets(incoming));
    return changed;
  }
  if (auto* select = llvm::dyn_cast<llvm::SelectInst>(&instruction)) {
    if (!select->getType()->isPointerTy()) return false;
    return set(targets(select->getTrueValue())) | set(targets(select->getFalseValue()));
  }
  if (auto* freeze = llvm::dyn_cast<llvm::FreezeInst>(&instruction))
    return freeze->getType()->isPointerTy() && set(targets(freeze->getOperand(0)));
  if (auto* loaded = llvm::dyn_cast<llvm::LoadInst>(&instruction))
    return loaded->getType()->isPointerTy() && set(load(targets(loaded->getPointerOperand())));
  if (auto* stored = llvm::dyn_cast<llvm::StoreInst>(&instruction)) {
    if (!stored->getValueOperand()->getType()->isPointerTy()) return false;
    return store(targets(stored->getPointerOperand()), targets(stored->getValueOperand()));
  }
  if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&instruction)) {
    const llvm::Value* value = ret->getReturnValue();
    return value && value->getType()->isPointerTy() && addTo(returns_[instruction.getFunction()], targets(value));
  }
  auto* site = llvm::dyn_cast<llvm::CallInst>(&instruction);
  if (!site) return false;
  if (auto operation = memOperation(*site)) {
    // Every pointer anywhere in the source may land anywhere in the destination; the library
    // functions return the destination.
    bool changed = site->getType()->isPointerTy() && set(targets(operation->dest));
    if (!operation->source) return changed;
    Targets copied = load(shifted(targets(operation->source), kAnyOffset));
    return store(shifted(targets(operation->dest), kAnyOffset), copied) || changed;
  }
  if (isAllocation_(*site)) return set({{objectOf(site), 0}});
  auto* callee = llvm::dyn_cast<llvm::Function>(site->getCalledOperand()->stripPointerCasts());
  if (callee && !callee->isDeclaration()) return call(*site, *callee);
  if (!callee) {
    bool changed = false;
    for (const llvm::Function* candidate : candidates_(*site)) changed |= call(*site, *candidate);
    return changed;
  }
  // Other external functions: a pointer they return is unknown (most of them are unsupported anyway).
  return site->getType()->isPointerTy() && set({{0, kAnyOffset}});
}

void PointsTo::forEachAccess(const std::vector<const llvm::Function*>& functions, const AccessVisitor& access,
                             const std::function<void(const MemOperation&)>& copied, const LeafVisitor& stored) {
  for (auto [base, object] : objectIds_)
    if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(base); global && global->hasInitializer()) {
      std::vector<MemoryLeaf> leaves;
      if (!constantLeaves(global->getInitializer(), 0, *layout_, leaves)) continue;
      for (const MemoryLeaf& leaf : leaves) stored(object, leaf);
    }
  for (const llvm::Function* function : functions)
    for (const llvm::BasicBlock& block : *function)
      for (const llvm::Instruction& instruction : block) {
        if (auto* loaded = llvm::dyn_cast<llvm::LoadInst>(&instruction)) {
          access(loaded->getPointerOperand(), loaded->getType());
        } else if (auto* stores = llvm::dyn_cast<llvm::StoreInst>(&instruction)) {
          access(stores->getPointerOperand(), stores->getValueOperand()->getType());
        } else if (auto* site = llvm::dyn_cast<llvm::CallInst>(&instruction)) {
          if (auto operation = memOperation(*site)) {
            copied(*operation);
            continue;
          }
          // calloc's zeros are stores of the leaves of the block's shape (a calloc without a shape is
          // unsupported anyway).
          auto* callee = site->getCalledFunction();
          if (!isAllocation_(*site) || !callee || callee->getName() != "calloc") continue;
          std::string why;
          auto leaves = allocationLeaves(*site, *layout_, why);
          if (!leaves) continue;
          for (const MemoryLeaf& leaf : *leaves) stored(objectOf(site), leaf);
        }
      }
}

void PointsTo::decide(const std::vector<const llvm::Function*>& functions, const llvm::Function& main) {
  // Objects that exist at most once: globals, and main's allocations outside its loops.
  std::set<uint32_t> singletons;
  llvm::DominatorTree dominators(const_cast<llvm::Function&>(main));
  llvm::LoopInfo loops(dominators);
  for (uint32_t object = 1; object < objects_.size(); ++object) {
    const llvm::Value* base = objects_[object];
    if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(base)) {
      if (global->hasInitializer() && memory_->inRegions(global)) singletons.insert(object);
    } else if (auto* instruction = llvm::dyn_cast<llvm::Instruction>(base)) {
      bool regionObject = !llvm::isa<llvm::AllocaInst>(instruction) || memory_->inRegions(instruction);
      if (regionObject && instruction->getFunction() == &main && !loops.getLoopFor(instruction->getParent()))
        singletons.insert(object);
    }
  }
  for (uint32_t object : exposed_) singletons.erase(object);

  // The accessed fields of each object: (offset, bytes, scalar type); an inexact access disqualifies.
  std::map<uint32_t, std::set<std::tuple<int64_t, uint64_t, const llvm::Type*>>> fields;
  auto addField = [&](uint32_t object, int64_t offset, const llvm::Type* type) {
    fields[object].insert({offset, layout_->getTypeStoreSize(const_cast<llvm::Type*>(type)), type->isPointerTy() ? nullptr : type});
  };
  auto access = [&](const llvm::Value* pointer, const llvm::Type* type) {
    Targets to = targets(pointer);
    bool exact = to.size() == 1 && to.begin()->first != 0 && to.begin()->second != kAnyOffset;
    for (auto [object, offset] : to) {
      if (!exact) {
        singletons.erase(object);
        continue;
      }
      addField(object, offset, type);
    }
  };
  auto copied = [&](const MemOperation& operation) {
    for (auto [object, offset] : targets(operation.dest)) singletons.erase(object);
    if (operation.source)
      for (auto [object, offset] : targets(operation.source)) singletons.erase(object);
  };
  auto stored = [&](uint32_t object, const MemoryLeaf& leaf) { addField(object, static_cast<int64_t>(leaf.offset), leaf.type); };
  forEachAccess(functions, access, copied, stored);

  for (uint32_t object : singletons) {
    // Two different fields must not share a byte.
    bool disjoint = true;
    int64_t end = INT64_MIN;
    int64_t lastOffset = INT64_MIN;
    const llvm::Type* lastType = nullptr;
    uint64_t lastBytes = 0;
    for (auto [offset, bytes, type] : fields[object]) {
      if (offset == lastOffset && bytes == lastBytes && type == lastType) continue;
      if (offset < end) disjoint = false;
      end = std::max(end, offset + static_cast<int64_t>(bytes));
      lastOffset = offset, lastBytes = bytes, lastType = type;
    }
    if (disjoint) promoted_.insert(objects_[object]);
  }
}

std::optional<PointsTo::Field> PointsTo::promotedTarget(const llvm::Value* pointer) const {
  if (promoted_.empty()) return std::nullopt;
  return promotedSingleton(const_cast<PointsTo*>(this)->targets(pointer));
}

std::optional<PointsTo::Field> PointsTo::promotedContent(const llvm::Value* object, int64_t offset) const {
  auto id = objectIds_.find(object);
  if (id == objectIds_.end() || !promoted_.count(object)) return std::nullopt;
  Targets held;
  for (int64_t at : {offset, kAnyOffset})
    if (auto it = contents_.find({id->second, at}); it != contents_.end()) held.insert(it->second.begin(), it->second.end());
  return promotedSingleton(held);
}

std::optional<PointsTo::Field> PointsTo::promotedSingleton(const Targets& to) const {
  if (to.size() != 1 || to.begin()->first == 0 || to.begin()->second == kAnyOffset) return std::nullopt;
  const llvm::Value* object = objects_[to.begin()->first];
  if (!promoted_.count(object)) return std::nullopt;
  return Field{object, to.begin()->second};
}

bool PointsTo::ByteSpan::overlaps(const ByteSpan& other) const {
  // Starts x = k * period + j here and y = l * other.period + i there share a byte iff
  // -width < x - y < other.width. x - y = m + d: m a multiple of the periods' gcd g (0 when both are 0),
  // d = j - i in [low - other.high, high - other.low] and congruent to low - other.low modulo the steps'
  // gcd h. Few values of d: try each; many: only their residue modulo gcd(g, h) is kept.
  const int64_t from = 1 - width, to = other.width - 1;
  int64_t g = std::gcd(period, other.period), h = std::gcd(step, other.step);
  int64_t first = low - other.high, last = high - other.low, residue = low - other.low;
  auto hasMultipleIn = [](int64_t modulus, int64_t lowest, int64_t highest) {
    return modulus == 0 ? lowest <= 0 && 0 <= highest : floorDivide(highest, modulus) * modulus >= lowest;
  };
  if (h == 0) return hasMultipleIn(g, from - residue, to - residue);  // j and i are one start each
  first += floorMod(residue - first, h);  // the smallest d >= first in d's class
  if (g == 0) return first <= to && std::max(first, from + floorMod(residue - from, h)) <= std::min(last, to);
  if ((last - first) / h < 4096) {
    for (int64_t d = first; d <= last; d += h)
      if (hasMultipleIn(g, from - d, to - d)) return true;
    return false;
  }
  int64_t coarse = std::gcd(g, h);
  return hasMultipleIn(coarse, from - residue, to - residue);
}

/// The offsets a GEP may add to its base: the constant part, each variable index within the bounds of
/// the array it selects in (a window whose starts repeat by the element's size), and any number of whole
/// elements for the first index (pointer arithmetic) and for arrays without a length (a period).
PointsTo::ByteSpan PointsTo::gepSpan(const llvm::GEPOperator& gep, const llvm::DataLayout& layout) {
  GepParts parts = splitGep(gep, layout);
  ByteSpan span{parts.constantBytes, parts.constantBytes, 0, 0, 0};
  for (const ScaledIndex& index : parts.scaled) {
    if (index.arrayLength > 0) {
      span.high += (index.arrayLength - 1) * index.elementBytes;
      span.step = std::gcd(span.step, index.elementBytes);
    } else {
      span.period = std::gcd(span.period, index.elementBytes);
    }
  }
  return span;
}

std::vector<std::pair<uint32_t, PointsTo::ByteSpan>> PointsTo::spans(const llvm::Value* pointer, int64_t width) {
  // The offsets of a chain of GEPs add up (`&a[k].name[i]` is one GEP to the element, one to the field's
  // array and one into it), and C keeps each index within its array.
  ByteSpan local{0, 0, 0, 0, width};
  for (;;) {
    if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) {
      pointer = cast->getOperand(0);
    } else if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer)) {
      ByteSpan step = gepSpan(*gep, *layout_);
      local = ByteSpan{local.low + step.low, local.high + step.high, std::gcd(local.step, step.step),
                       std::gcd(local.period, step.period), width};
      pointer = gep->getPointerOperand();
    } else {
      break;
    }
  }
  std::vector<std::pair<uint32_t, ByteSpan>> out;
  for (auto [object, offset] : targets(pointer)) {
    if (object == 0 || offset == kAnyOffset) {
      out.push_back({object, ByteSpan{0, 0, 0, 1, width}});
      continue;
    }
    out.push_back({object, ByteSpan{local.low + offset, local.high + offset, local.step, local.period, width}});
  }
  return out;
}

void PointsTo::findCharacterMixing(const std::vector<const llvm::Function*>& functions) {
  // The spans of every access that is not of characters, per object (0: unknown memory, which a
  // pointer made from an integer shares with the objects whose address became an integer), and of
  // every character access (a load's or store's pointer, or a memset/memcpy call of bytes).
  using Spans = std::vector<std::pair<uint32_t, ByteSpan>>;
  std::map<uint32_t, std::vector<ByteSpan>> wide;
  std::vector<std::pair<const llvm::Value*, Spans>> characterAccesses;
  auto bytesOf = [&](const llvm::Type* type) {
    return static_cast<int64_t>(layout_->getTypeStoreSize(const_cast<llvm::Type*>(type)));
  };
  auto record = [&](const llvm::Value* access, bool characters, const Spans& touched) {
    if (characters) {
      characterAccesses.push_back({access, touched});
      return;
    }
    for (auto& [object, span] : touched) wide[object].push_back(span);
  };
  auto access = [&](const llvm::Value* pointer, const llvm::Type* type) {
    if (type->isIntegerTy() || type->isPointerTy()) record(pointer, type->isIntegerTy(8), spans(pointer, bytesOf(type)));
  };
  // memset/memcpy act on the scalars the translator chooses for them (memOperationShape), all bytes or
  // none; an operation it cannot type, or of a length that is not a constant, is unsupported anyway.
  auto copied = [&](const MemOperation& operation) {
    auto* length = llvm::dyn_cast<llvm::ConstantInt>(operation.length);
    llvm::Type* shape = memOperationShape(operation, *layout_, isAllocation_);
    std::vector<MemoryLeaf> leaves;
    if (!length || !shape || !shape->isSized() || !typeLeaves(shape, 0, *layout_, leaves)) return;
    bool characters = std::all_of(leaves.begin(), leaves.end(), [](const MemoryLeaf& leaf) { return leaf.type->isIntegerTy(8); });
    auto bytes = static_cast<int64_t>(length->getZExtValue());
    Spans touched = spans(operation.dest, bytes);
    if (operation.source) {
      Spans read = spans(operation.source, bytes);
      touched.insert(touched.end(), read.begin(), read.end());
    }
    record(operation.call, characters, touched);
  };
  auto stored = [&](uint32_t object, const MemoryLeaf& leaf) {
    auto offset = static_cast<int64_t>(leaf.offset);
    if (!leaf.type->isIntegerTy(8)) wide[object].push_back(ByteSpan{offset, offset, 0, 0, bytesOf(leaf.type)});
  };
  forEachAccess(functions, access, copied, stored);

  auto touchesWide = [&](uint32_t object, const ByteSpan& span) {
    auto it = wide.find(object);
    if (it == wide.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(), [&](const ByteSpan& other) { return span.overlaps(other); });
  };
  // Unknown memory may be any object whose address became an integer, and each of them unknown memory.
  bool exposedWide = std::any_of(exposed_.begin(), exposed_.end(), [&](uint32_t other) { return wide.count(other) > 0; });
  for (auto& [access, touched] : characterAccesses)
    for (auto& [object, span] : touched) {
      bool mixes = touchesWide(object, span) || (exposed_.count(object) > 0 && touchesWide(0, span)) ||
                   (object == 0 && exposedWide);
      if (mixes) mixingCharacterAccesses_.insert(access);
    }
}

}  // namespace argus::frontend
