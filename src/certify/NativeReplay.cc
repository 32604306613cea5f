// The one place certify calls the C front end's native replay: the trace's nondet inputs, in order and
// as C values, are fed to the compiled program, which must reach the error function. Memory the trace
// read uninitialised (malloc's blocks, and what pointers found there point to) is given the trace's
// contents. A run that ends without the error refutes the trace; one that cannot be built or does not
// end in time decides nothing.
#include <algorithm>
#include <map>

#include "certify/Checks.h"
#include "frontend/c/Replay.h"

namespace argus::certify {
namespace {

/// A numeral as the bit pattern of its low `bits` bits (Int numerals may be negative or wide).
std::optional<uint64_t> bitPattern(const z3::expr& value, unsigned bits) {
  uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  int64_t signedValue = 0;
  uint64_t unsignedValue = 0;
  if (value.is_numeral_u64(unsignedValue)) return unsignedValue & mask;
  if (value.is_numeral_i64(signedValue)) return static_cast<uint64_t>(signedValue) & mask;
  if (value.is_bool()) return value.is_true() ? 1 : 0;
  return std::nullopt;
}

/// The blocks of the native replay's heap, rebuilt from a trace over the front end's program: where each
/// allocation of the trace lies (the bump pointer's values and the blocks' sizes), the contents the
/// trace read from malloc's blocks before writing them, and memory outside every block that the trace
/// reads through pointers found there.
class ReplayHeap {
 public:
  ReplayHeap(const ir::Program& program, const ir::Trace& trace)
      : program_(program), trace_(trace), pointerBits_(program.origin().ilp32 ? 32 : 64) {
    for (auto& [var, value] : trace.initial) initial_.emplace(var, value);
  }

  std::vector<frontend::ReplayBlock> blocks() {
    locateAllocations();
    for (const Located& block : located_)
      if (block.harnessIndex >= 0) addPromotedFields(block);
    for (const ir::Trace::MemoryRead& read : trace_.memoryReads) addRead(read);
    // Pointers found in uninitialised memory that point to no block: memory of the harness's own,
    // holding what the trace reads there (such cells may point further).
    for (size_t next = 0; next < garbage_.size(); ++next) {
      Pending pending = garbage_[next];
      int foreign = foreignBlockAt(pending.value);
      std::vector<frontend::ReplayCell>& cells = blocks_[pending.block].cells;
      cells[pending.cell].target = foreign;
      cells[pending.cell].value = pending.value - foreignStart_[foreign];
    }
    for (size_t b = 0; b < blocks_.size(); ++b)
      if (!blocks_[b].fromMalloc) blocks_[b].size = std::max<uint64_t>(blocks_[b].size, 1);
    return std::move(blocks_);
  }

 private:
  struct Located {
    uint64_t start = 0, size = 0;
    int harnessIndex = -1;  // the malloc block's index, or -1 (calloc, alloca: not the harness's)
    const ir::Allocation* allocation = nullptr;
  };
  struct Pending {
    size_t block, cell;
    uint64_t value;
  };
  static constexpr uint64_t kForeignSpan = 4096;  // bytes of a foreign block from the pointer into it

  std::optional<uint64_t> numeral(const z3::expr& value) const { return bitPattern(value, pointerBits_); }

  void locateAllocations() {
    const ir::Origin& origin = program_.origin();
    if (origin.heapTop.empty()) return;
    std::optional<uint64_t> top;
    for (auto& [var, value] : trace_.initial)
      if (program_.var(var).name == origin.heapTop) top = numeral(value);
    bool inStep = true;  // false once a malloc block could not be placed: the harness would be out of step
    for (const ir::TraceStep& step : trace_.steps) {
      std::optional<uint64_t> after;
      for (auto& [var, value] : step.values)
        if (program_.var(var).name == origin.heapTop) after = numeral(value);
      auto it = step.kind == ir::TraceStep::Kind::Edge ? origin.allocations.find(step.edge) : origin.allocations.end();
      if (it != origin.allocations.end()) {
        std::optional<uint64_t> at = top;
        const std::vector<ir::Allocation>& allocations = it->second;
        for (size_t i = 0; i < allocations.size(); ++i) {
          const ir::Allocation& allocation = allocations[i];
          std::optional<uint64_t> size = allocation.bytes;
          if (!size && at && after && i + 1 == allocations.size() && *after >= *at + ir::kAllocationGap)
            size = *after - *at - ir::kAllocationGap;
          if (!at || !size) {
            if (allocation.fromMalloc) inStep = false;
            at.reset();
            continue;
          }
          Located block{*at, *size, -1, &allocation};
          if (allocation.fromMalloc && inStep) {
            block.harnessIndex = static_cast<int>(blocks_.size());
            blocks_.push_back({true, *size, {}});
          }
          located_.push_back(block);
          *at += *size + ir::kAllocationGap;
        }
      }
      if (after) top = after;
    }
  }

  /// The located block holding `address` (one past the end included), if any.
  const Located* blockAt(uint64_t address) const {
    for (const Located& block : located_)
      if (address >= block.start && address - block.start <= block.size) return &block;
    return nullptr;
  }

  void addCell(size_t block, uint64_t offset, unsigned bits, bool pointer, const z3::expr& value) {
    std::optional<uint64_t> pattern = bitPattern(value, pointer ? pointerBits_ : bits);
    if (!pattern) return;
    frontend::ReplayCell cell{offset, pointer ? pointerBits_ / 8 : std::max(1u, (bits + 7) / 8), *pattern, -1};
    std::vector<frontend::ReplayCell>& cells = blocks_[block].cells;
    if (std::any_of(cells.begin(), cells.end(), [&](const frontend::ReplayCell& c) { return c.offset == offset; })) return;
    if (pointer && *pattern != 0) {
      if (const Located* target = blockAt(*pattern)) {
        if (target->harnessIndex < 0) return;  // into a block the harness does not own: left zero
        cell.target = target->harnessIndex;
        cell.value = *pattern - target->start;
      } else {
        garbage_.push_back({block, cells.size(), *pattern});
      }
    }
    cells.push_back(cell);
  }

  void addPromotedFields(const Located& block) {
    for (auto& [offset, var] : block.allocation->promotedFields) {
      auto it = initial_.find(var);
      if (it == initial_.end()) continue;
      const ir::ValueType& type = program_.var(var).type;
      addCell(static_cast<size_t>(block.harnessIndex), offset, type.bits, type.pointer, it->second);
    }
  }

  void addRead(const ir::Trace::MemoryRead& read) {
    auto region = std::find_if(program_.origin().regions.begin(), program_.origin().regions.end(),
                               [&](const ir::MemoryRegion& r) { return r.array == read.region; });
    std::optional<uint64_t> address = numeral(read.address);
    if (region == program_.origin().regions.end() || !address) return;
    if (const Located* block = blockAt(*address)) {
      if (block->harnessIndex >= 0)
        addCell(static_cast<size_t>(block->harnessIndex), *address - block->start, region->bits, region->pointer, read.initial);
      return;
    }
    outside_.push_back({read.address, read.initial, &*region});
  }

  /// The foreign block holding `address`, made (with what the trace reads in it) on first use.
  int foreignBlockAt(uint64_t address) {
    for (auto& [index, start] : foreignStart_)
      if (address >= start && address - start < kForeignSpan) return index;
    int index = static_cast<int>(blocks_.size());
    blocks_.push_back({false, kForeignSpan + 16, {}});
    foreignStart_[index] = address;
    for (const Outside& read : outside_) {
      std::optional<uint64_t> at = numeral(read.address);
      if (at && *at >= address && *at - address < kForeignSpan)
        addCell(static_cast<size_t>(index), *at - address, read.region->bits, read.region->pointer, read.initial);
    }
    return index;
  }

  struct Outside {
    z3::expr address, initial;
    const ir::MemoryRegion* region;
  };

  const ir::Program& program_;
  const ir::Trace& trace_;
  unsigned pointerBits_;
  std::map<ir::VarId, z3::expr> initial_;
  std::vector<Located> located_;
  std::vector<frontend::ReplayBlock> blocks_;
  std::vector<Pending> garbage_;
  std::vector<Outside> outside_;
  std::map<int, uint64_t> foreignStart_;
};

}  // namespace

CheckOutcome replayTrace(const ir::Program& program, ir::Trace& trace, const CertifyOptions& options) {
  trace.replayed = false;
  const ir::Origin& origin = program.origin();
  if (origin.language != ir::Language::C)
    return CheckOutcome::undecided(trace.replayDetail = "native replay needs a C program");
  if (!trace.pathChecked)
    return CheckOutcome::undecided(trace.replayDetail = "the trace's path was not checked, nothing to replay");
  frontend::ReplaySpec spec;
  spec.cFile = origin.file;
  spec.errorFunction = origin.errorFunction;
  spec.ilp32 = origin.ilp32;
  spec.timeoutSeconds = options.replayTimeout;
  if (origin.property == "no-overflow") {
    // The trace ends on the failed check's edge into the error location, which stands at the check's line.
    spec.checkOverflow = true;
    if (!trace.steps.empty()) spec.violationLine = program.edge(trace.steps.back().edge).loc.line;
  }
  for (const ir::TraceStep& step : trace.steps) {
    const auto& declared = program.edge(step.edge).inputs;
    for (size_t i = 0; i < step.inputs.size(); ++i)
      spec.inputs.push_back({declared[i].function, cValueText(step.inputs[i], declared[i].type)});
  }
  spec.blocks = ReplayHeap(program, trace).blocks();
  frontend::ReplayOutcome outcome = frontend::replayNatively(spec);
  trace.replayed = outcome.reachedError;
  trace.replayDetail = outcome.detail;
  if (outcome.reachedError) return CheckOutcome::accept(outcome.detail);
  // A native run that ended without the error contradicts the trace; one that never ran to an end
  // (build failure, time limit) tells nothing.
  return outcome.contradicted ? CheckOutcome::refute(outcome.detail) : CheckOutcome::undecided(outcome.detail);
}

}  // namespace argus::certify
