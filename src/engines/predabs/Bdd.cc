// BDD session: the process-wide lock around BuDDy and the translation of BDDs into formulas.
#include "engines/predabs/Bdd.h"

#include <atomic>
#include <chrono>
#include <stdexcept>

namespace argus::engines::predabs {
namespace {

std::timed_mutex sessionMutex;
bool initialised = false;             // guarded by sessionMutex
std::atomic<int> lastError{0};        // written by BuDDy's error callback

void recordError(int code) { lastError = code; }
void silentGc(int, bddGbcStat*) {}

}  // namespace

BddSession::BddSession(const ShutdownToken* shutdown) {
  while (!(acquired_ = sessionMutex.try_lock_for(std::chrono::milliseconds(50))))
    if (shutdown && shutdown->stopRequested()) return;
  if (!initialised) {
    bdd_init(1 << 20, 1 << 16);
    bdd_setmaxincrease(1 << 22);
    bdd_gbc_hook(silentGc);
    bdd_resize_hook(nullptr);
    bdd_error_hook(recordError);
    initialised = true;
  }
  lastError = 0;
}

BddSession::~BddSession() {
  if (acquired_) sessionMutex.unlock();
}

void BddSession::ensureVariables(int count) {
  if (bdd_varnum() < count) bdd_setvarnum(count);
  check();
}

bool BddSession::healthy() const { return lastError == 0; }

void BddSession::check() const {
  int code = lastError;
  if (code != 0) throw std::runtime_error(std::string("BDD package error: ") + bdd_errstring(code));
}

z3::expr RegionFormulas::formula(const bdd& region) {
  if (region == bddtrue) return ctx_.bool_val(true);
  if (region == bddfalse) return ctx_.bool_val(false);
  auto it = cache_.find(region.id());
  if (it != cache_.end()) return it->second;
  z3::expr p = predicate_(bdd_var(region));
  z3::expr hi = formula(bdd_high(region)), lo = formula(bdd_low(region));
  z3::expr f = hi.is_true() && lo.is_false() ? p
               : hi.is_false() && lo.is_true() ? !p
               : lo.is_false()                 ? (p && hi)
               : hi.is_false()                 ? (!p && lo)
               : hi.is_true()                  ? (p || lo)
               : lo.is_true()                  ? (!p || hi)
                                               : z3::ite(p, hi, lo);
  cache_.emplace(region.id(), f);
  pinned_.push_back(region);
  return f;
}

}  // namespace argus::engines::predabs
