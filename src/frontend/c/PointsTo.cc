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
  // Byte memory changes what loads of pointers from it may give, and so the accesses' targets: the
  // points-to fixpoint and the classification alternate until the bytes objects no longer grow.
  analyzed_.insert(functions.begin(), functions.end());
  do {
    for (const llvm::Function* function : functions)
      for (const llvm::BasicBlock& block : *function)
        for (const llvm::Instruction& instruction : block) push(&instruction);
    while (!work_.empty()) {
      current_ = work_.back();
      work_.pop_back();
      queued_.erase(current_);
      if (transfer(*current_)) pushUsers(current_);
    }
    current_ = nullptr;
  } while (classifyBytes(functions));
  decide(functions, main);
  partition(functions);
}

void PointsTo::partition(const std::vector<const llvm::Function*>& functions) {
  partition_.resize(objects_.size());
  std::iota(partition_.begin(), partition_.end(), 0u);
  auto find = [&](uint32_t x) {
    // targets() may meet objects for the first time (objectOf): the classes grow with them.
    for (auto next = static_cast<uint32_t>(partition_.size()); next <= x; ++next) partition_.push_back(next);
    while (partition_[x] != x) x = partition_[x] = partition_[partition_[x]];
    return x;
  };
  // The smaller object names the class, so that names do not depend on the order of the unions.
  auto unite = [&](uint32_t a, uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) partition_[std::max(a, b)] = std::min(a, b);
  };
  auto uniteTargets = [&](const llvm::Value* pointer) {
    std::optional<uint32_t> first;
    for (auto [object, offset] : targets(pointer)) {
      if (object != 0 && llvm::isa<llvm::Function>(objects_[object])) continue;
      if (first) unite(*first, object);
      else first = object;
    }
  };
  forEachAccess(
      functions, [&](const llvm::Value* pointer, const llvm::Type*) { uniteTargets(pointer); },
      [&](const MemOperation& operation) {
        uniteTargets(operation.dest);
        if (operation.source) uniteTargets(operation.source);
      },
      [](uint32_t, const MemoryLeaf&) {});
  for (uint32_t object : exposed_) unite(0, object);
  for (uint32_t object = 0; object < partition_.size(); ++object) find(object);
}

const llvm::Value* PointsTo::partitionOfId(uint32_t object) const {
  // An object met after the analysis (a function named by a later targets()) is alone.
  return objects_[object < partition_.size() ? partition_[object] : object];
}

const llvm::Value* PointsTo::partitionOf(const llvm::Value* pointer) const {
  for (auto [object, offset] : const_cast<PointsTo*>(this)->targets(pointer))
    if (object == 0 || !llvm::isa<llvm::Function>(objects_[object])) return partitionOfId(object);
  return nullptr;
}

std::map<const llvm::Value*, std::vector<const llvm::Value*>> PointsTo::partitionMembers() const {
  std::map<const llvm::Value*, std::vector<const llvm::Value*>> members;
  for (uint32_t object = 1; object < objects_.size(); ++object)
    if (!llvm::isa<llvm::Function>(objects_[object])) members[partitionOfId(object)].push_back(objects_[object]);
  return members;
}

const llvm::Value* PointsTo::partitionOfObject(const llvm::Value* base) const {
  auto id = objectIds_.find(base);
  return id == objectIds_.end() ? nullptr : partitionOfId(id->second);
}

bool PointsTo::onlyCompared(const llvm::Value* integer) {
  // CIL writes a null test as `(unsigned int)p != (unsigned int)0`: the integer (or its truncation or
  // extension) only decides a comparison and never becomes a pointer again.
  return std::all_of(integer->user_begin(), integer->user_end(), [](const llvm::User* user) {
    if (llvm::isa<llvm::ICmpInst>(user)) return true;
    auto* cast = llvm::dyn_cast<llvm::CastInst>(user);
    return cast && (llvm::isa<llvm::TruncInst>(cast) || llvm::isa<llvm::ZExtInst>(cast) || llvm::isa<llvm::SExtInst>(cast)) &&
           onlyCompared(cast);
  });
}

void PointsTo::push(const llvm::Instruction* instruction) {
  if (queued_.insert(instruction).second) work_.push_back(instruction);
}

void PointsTo::pushUsers(const llvm::Value* value) {
  for (const llvm::User* user : value->users())
    if (auto* instruction = llvm::dyn_cast<llvm::Instruction>(user); instruction && analyzed_.count(instruction->getFunction()))
      push(instruction);
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

bool PointsTo::addTo(Targets& into, const Targets& from, size_t maxOffsets) {
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
    if (offset == kAnyOffset || static_cast<size_t>(std::distance(first, last)) > maxOffsets) {
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

bool PointsTo::loadInto(const Targets& from, Targets& into) {
  // Straight into the loading value's set (no intermediate set per load and pass), and the pool of
  // pointers made of bytes once, however many targets hold data.
  bool changed = false, data = false;
  for (auto [object, offset] : from) {
    if (current_) readers_[object].insert(current_);
    data = data || holdsData(object, offset);
    if (object == 0) {
      if (auto it = contents_.find({0, kAnyOffset}); it != contents_.end()) changed |= addTo(into, it->second);
      changed |= addTo(into, {{0, kAnyOffset}});
      continue;
    }
    if (offset == kAnyOffset) {
      for (auto it = contents_.lower_bound({object, INT64_MIN}); it != contents_.end() && it->first.first == object; ++it)
        changed |= addTo(into, it->second);
      continue;
    }
    for (int64_t at : {offset, kAnyOffset})
      if (auto it = contents_.find({object, at}); it != contents_.end()) changed |= addTo(into, it->second);
  }
  if (data) {
    if (current_) poolReaders_.insert(current_);
    changed |= addTo(into, bytesPointers_);
  }
  return changed;
}

bool PointsTo::store(const Targets& to, const Targets& value) {
  bool changed = false;
  for (auto [object, offset] : to) {
    if (addTo(contents_[{object, object == 0 ? kAnyOffset : offset}], value)) {
      changed = true;
      if (auto readers = readers_.find(object); readers != readers_.end())
        for (const llvm::Instruction* reader : readers->second) push(reader);
    }
    if (holdsData(object, offset) && addTo(bytesPointers_, value, kMaxBytesPointerOffsets)) {
      changed = true;
      for (const llvm::Instruction* reader : poolReaders_) push(reader);
    }
  }
  return changed;
}

bool PointsTo::call(const llvm::CallInst& site, const llvm::Function& callee) {
  bool changed = false;
  callers_[&callee].insert(&site);
  for (const llvm::Argument& parameter : callee.args())
    if (parameter.getType()->isPointerTy() && parameter.getArgNo() < site.arg_size() &&
        addTo(values_[&parameter], targets(site.getArgOperand(parameter.getArgNo())))) {
      changed = true;
      pushUsers(&parameter);
    }
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
      if (onlyCompared(cast)) return false;
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
    bool changed = set(targets(select->getTrueValue()));
    return set(targets(select->getFalseValue())) || changed;
  }
  if (auto* freeze = llvm::dyn_cast<llvm::FreezeInst>(&instruction))
    return freeze->getType()->isPointerTy() && set(targets(freeze->getOperand(0)));
  if (auto* loaded = llvm::dyn_cast<llvm::LoadInst>(&instruction))
    return loaded->getType()->isPointerTy() && loadInto(targets(loaded->getPointerOperand()), values_[&instruction]);
  if (auto* stored = llvm::dyn_cast<llvm::StoreInst>(&instruction)) {
    if (!stored->getValueOperand()->getType()->isPointerTy()) return false;
    return store(targets(stored->getPointerOperand()), targets(stored->getValueOperand()));
  }
  if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&instruction)) {
    const llvm::Value* value = ret->getReturnValue();
    if (!value || !value->getType()->isPointerTy() || !addTo(returns_[instruction.getFunction()], targets(value))) return false;
    for (const llvm::Instruction* site : callers_[instruction.getFunction()]) push(site);
    return true;
  }
  auto* site = llvm::dyn_cast<llvm::CallInst>(&instruction);
  if (!site) return false;
  if (auto operation = memOperation(*site)) {
    // Every pointer anywhere in the source may land anywhere in the destination; the library
    // functions return the destination.
    bool changed = site->getType()->isPointerTy() && set(targets(operation->dest));
    if (!operation->source) return changed;
    Targets copied;
    loadInto(shifted(targets(operation->source), kAnyOffset), copied);
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
  for (uint32_t object : bytes_) singletons.erase(object);

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

std::vector<std::pair<uint32_t, PointsTo::ByteSpan>> PointsTo::spans(const llvm::Value* pointer, int64_t width,
                                                                      int64_t shift) {
  // The offsets of a chain of GEPs add up (`&a[k].name[i]` is one GEP to the element, one to the field's
  // array and one into it), and C keeps each index within its array.
  ByteSpan local{shift, shift, 0, 0, width};
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

bool PointsTo::inBytes(const llvm::Value* pointer) const {
  if (bytes_.empty()) return false;
  for (auto [object, offset] : const_cast<PointsTo*>(this)->targets(pointer))
    if (bytes_.count(object)) return true;
  return false;
}

bool PointsTo::classifyBytes(const std::vector<const llvm::Function*>& functions) {
  // Every access's kind (a pointer: -1; an integer: its bits) and spans per object; an object is mixed
  // when spans of two kinds overlap in it (unknown memory, object 0, shares its spans with every object
  // whose address became an integer). Non-character accesses join their objects in one class.
  using Spans = std::vector<std::pair<uint32_t, ByteSpan>>;
  std::map<uint32_t, std::map<int, std::set<ByteSpan>>> kinds;  // object → kind → spans
  std::vector<uint32_t> parent(objects_.size());
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](uint32_t x) {
    // spans() may meet objects for the first time (objectOf): the classes grow with them.
    for (auto next = static_cast<uint32_t>(parent.size()); next <= x; ++next) parent.push_back(next);
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto unite = [&](uint32_t a, uint32_t b) { parent[find(a)] = find(b); };
  auto bytesOf = [&](const llvm::Type* type) {
    return static_cast<int64_t>(layout_->getTypeStoreSize(const_cast<llvm::Type*>(type)));
  };
  auto kindOf = [](const llvm::Type* type) { return type->isPointerTy() ? -1 : static_cast<int>(type->getIntegerBitWidth()); };
  auto record = [&](int kind, const Spans& all) {
    // A function is no object: a data access to it is undefined, so it adds no kinds.
    Spans touched;
    for (auto& [object, span] : all)
      if (object == 0 || !llvm::isa<llvm::Function>(objects_[object])) touched.push_back({object, span});
    for (auto& [object, span] : touched) {
      kinds[object][kind].insert(span);
      if (kind != 8) unite(object, touched.front().first);
    }
  };
  auto access = [&](const llvm::Value* pointer, const llvm::Type* type) {
    if (type->isIntegerTy() || type->isPointerTy()) record(kindOf(type), spans(pointer, bytesOf(type)));
  };
  // memset/memcpy act on the scalars memOperationLeaves gives, each a typed access, or else on bytes:
  // a character access of their length (of any length: one that may start anywhere in the object).
  auto copied = [&](const MemOperation& operation) {
    if (auto leaves = memOperationLeaves(operation, *layout_, isAllocation_)) {
      for (const MemoryLeaf& leaf : *leaves) {
        auto offset = static_cast<int64_t>(leaf.offset);
        record(kindOf(leaf.type), spans(operation.dest, bytesOf(leaf.type), offset));
        if (operation.source) record(kindOf(leaf.type), spans(operation.source, bytesOf(leaf.type), offset));
      }
      return;
    }
    for (const llvm::Value* pointer : {operation.dest, operation.source}) {
      if (!pointer) continue;
      Spans touched = spans(pointer, operation.bytes ? static_cast<int64_t>(*operation.bytes) : 1);
      if (!operation.bytes)
        for (auto& [object, span] : touched) span.period = 1;
      record(8, touched);
    }
  };
  auto stored = [&](uint32_t object, const MemoryLeaf& leaf) {
    auto offset = static_cast<int64_t>(leaf.offset);
    kinds[object][kindOf(leaf.type)].insert(ByteSpan{offset, offset, 0, 0, bytesOf(leaf.type)});
  };
  forEachAccess(functions, access, copied, stored);

  auto mixed = [&](const std::map<int, std::set<ByteSpan>>& byKind) {
    for (auto a = byKind.begin(); a != byKind.end(); ++a)
      for (auto b = std::next(a); b != byKind.end(); ++b)
        for (const ByteSpan& x : a->second)
          for (const ByteSpan& y : b->second)
            if (x.overlaps(y)) return true;
    return false;
  };
  auto unknown = kinds.find(0);
  std::set<uint32_t> mixedObjects;
  for (auto& [object, byKind] : kinds) {
    std::map<int, std::set<ByteSpan>> seen = byKind;
    if (object != 0 && exposed_.count(object) && unknown != kinds.end())
      for (auto& [kind, spans] : unknown->second) seen[kind].insert(spans.begin(), spans.end());
    if (object == 0)
      for (uint32_t other : exposed_)
        if (auto it = kinds.find(other); it != kinds.end())
          for (auto& [kind, spans] : it->second) seen[kind].insert(spans.begin(), spans.end());
    if (mixed(seen)) mixedObjects.insert(object);
  }
  // Unknown memory is every exposed object: one class with them once some access goes through it.
  if (unknown != kinds.end())
    for (uint32_t other : exposed_) unite(0, other);
  std::set<uint32_t> mixedClasses;
  for (uint32_t object : mixedObjects) mixedClasses.insert(find(object));
  std::set<uint32_t> bytes;
  for (uint32_t object = 0; object < parent.size(); ++object)
    if (mixedClasses.count(find(object))) bytes.insert(object);
  // The spans where integers or chars are read or written in each bytes object (through unknown memory
  // too, for the exposed objects): a pointer there may have been written or read as data. Both these and
  // the bytes objects only grow as the targets grow; the next round is needed when either did.
  std::map<uint32_t, std::set<ByteSpan>> data;
  auto addData = [&](uint32_t object, const std::map<int, std::set<ByteSpan>>& byKind) {
    for (auto& [kind, spans] : byKind)
      if (kind != -1) data[object].insert(spans.begin(), spans.end());
  };
  for (uint32_t object : bytes) {
    if (auto it = kinds.find(object); it != kinds.end()) addData(object, it->second);
    if (exposed_.count(object) && unknown != kinds.end()) addData(object, unknown->second);
  }
  if (bytes == bytes_ && data == dataSpans_) return false;
  bytes_ = std::move(bytes);
  dataSpans_ = std::move(data);
  dataAt_.clear();
  // What a pointer load from such a place may give: any pointer stored at such a place (its bytes may
  // have been copied from there one by one), also before this round, or one made from an integer.
  bytesPointers_.insert({0, kAnyOffset});
  for (auto& [at, held] : contents_)
    if (holdsData(at.first, at.second)) addTo(bytesPointers_, held, kMaxBytesPointerOffsets);
  return true;
}

bool PointsTo::holdsData(uint32_t object, int64_t offset) {
  if (!bytes_.count(object)) return false;
  auto [it, fresh] = dataAt_.emplace(Target{object, offset}, false);
  if (!fresh) return it->second;
  auto width = static_cast<int64_t>(layout_->getPointerSize());
  ByteSpan pointer = offset == kAnyOffset || object == 0 ? ByteSpan{0, 0, 0, 1, width} : ByteSpan{offset, offset, 0, 0, width};
  auto data = dataSpans_.find(object);
  if (data != dataSpans_.end())
    it->second = std::any_of(data->second.begin(), data->second.end(), [&](const ByteSpan& span) { return span.overlaps(pointer); });
  return it->second;
}

}  // namespace argus::frontend
