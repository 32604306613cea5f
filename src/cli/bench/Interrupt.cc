// The signal handler only stores to a lock-free atomic (async-signal-safe).
#include "cli/bench/Interrupt.h"

namespace argus::cli::bench {
namespace {

std::atomic<bool> interruptFlag{false};
void onInterrupt(int) { interruptFlag.store(true); }

}  // namespace

InterruptScope::InterruptScope() {
  interruptFlag.store(false);
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &oldInt_);
  sigaction(SIGTERM, &action, &oldTerm_);
}

InterruptScope::~InterruptScope() {
  sigaction(SIGINT, &oldInt_, nullptr);
  sigaction(SIGTERM, &oldTerm_, nullptr);
}

const std::atomic<bool>& InterruptScope::flag() { return interruptFlag; }
void InterruptScope::request() { interruptFlag.store(true); }

}  // namespace argus::cli::bench
