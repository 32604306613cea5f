// The points-to analysis behind the promotion of singleton objects' fields (see PointsTo.h).
#include "frontend/c/PointsTo.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <tuple>

namespace argus::frontend {

namespace {

/// The constant byte offset a GEP adds, if all its indices are constants.
std::optional<int64_t> constantOffset(const llvm::GEPOperator& gep, const llvm::DataLayout& layout) {
  llvm::APInt offset(layout.getIndexTypeSizeInBits(gep.getType()), 0);
  if (!gep.accumulateConstantOffset(layout, offset)) return std::nullopt;
  return offset.getSExtValue();
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
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::Function* function : functions)
      for (const llvm::BasicBlock& block : *function)
        for (const llvm::Instruction& instruction : block) changed |= transfer(instruction);
  }
  decide(functions, main);
}

uint32_t PointsTo::objectOf(const llvm::Value* base) {
  auto [it, inserted] = objectIds_.emplace(base, static_cast<uint32_t>(objects_.size()));
  if (inserted) objects_.push_back(base);
  return it->second;
}

PointsTo::Targets PointsTo::shifted(const Targets& in, int64_t offset) {
  Targets out;
  for (auto [object, at] : in) out.insert({object, at == kAnyOffset || object == 0 ? kAnyOffset : at + offset});
  return out;
}

bool PointsTo::addTo(Targets& into, const Targets& from) {
  size_t before = into.size();
  into.insert(from.begin(), from.end());
  return into.size() != before;
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
  auto access = [&](const llvm::Value* pointer, llvm::Type* type) {
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
  for (uint32_t object : singletons)
    if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(objects_[object])) {
      std::vector<MemoryLeaf> leaves;
      if (!constantLeaves(global->getInitializer(), 0, *layout_, leaves)) continue;
      for (const MemoryLeaf& leaf : leaves) addField(object, static_cast<int64_t>(leaf.offset), leaf.type);
    }
  for (const llvm::Function* function : functions)
    for (const llvm::BasicBlock& block : *function)
      for (const llvm::Instruction& instruction : block) {
        if (auto* loaded = llvm::dyn_cast<llvm::LoadInst>(&instruction)) {
          access(loaded->getPointerOperand(), loaded->getType());
        } else if (auto* stored = llvm::dyn_cast<llvm::StoreInst>(&instruction)) {
          access(stored->getPointerOperand(), stored->getValueOperand()->getType());
        } else if (auto* site = llvm::dyn_cast<llvm::CallInst>(&instruction); site && memOperation(*site)) {
          MemOperation operation = *memOperation(*site);
          for (auto [object, offset] : targets(operation.dest)) singletons.erase(object);
          if (operation.source)
            for (auto [object, offset] : targets(operation.source)) singletons.erase(object);
        } else if (auto* site = llvm::dyn_cast<llvm::CallInst>(&instruction); site && isAllocation_(*site)) {
          // calloc's zeros are stores of the leaves of the block's shape (as the translator emits them;
          // a calloc without a shape is unsupported anyway).
          auto* callee = site->getCalledFunction();
          if (!callee || callee->getName() != "calloc") continue;
          std::string why;
          auto leaves = allocationLeaves(*site, *layout_, why);
          if (!leaves) continue;
          for (const MemoryLeaf& leaf : *leaves) addField(objectOf(site), static_cast<int64_t>(leaf.offset), leaf.type);
        }
      }

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

}  // namespace argus::frontend
