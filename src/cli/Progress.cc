// The progress line (see Progress.h).
#include "cli/Progress.h"

#include <fmt/format.h>

#include <chrono>

#include "util/Stats.h"

namespace argus::cli {
namespace {

constexpr double kQuietSeconds = 3;      // short runs show nothing
constexpr double kTerminalPeriod = 1;    // seconds between rewrites of the terminal line
constexpr double kVerbosePeriod = 10;    // seconds between whole lines with -v

/// The statistics that say how far an engine has got, and how to name them.
constexpr std::pair<const char*, const char*> kProgressKeys[] = {
    {"bmc.bound", "bound"},
    {"kind.k", "k"},
    {"recmc.bound", "bound"},
    {"predabs.path_checks", "counterexamples checked"},
    {"impact.path_checks", "counterexamples checked"}};

}  // namespace

ProgressLine::ProgressLine(std::ostream& err, std::string label, const Stats* stats, bool terminal, bool verbose)
    : err_(err), label_(std::move(label)), stats_(stats), terminal_(terminal), verbose_(verbose) {}

ProgressLine::~ProgressLine() { stop(); }

std::string ProgressLine::text(double seconds) const {
  std::string out = "[progress] " + label_;
  std::string facts;
  if (stats_)
    for (auto [key, name] : kProgressKeys)
      if (stats_->has(key)) facts += fmt::format("{}{} = {}", facts.empty() ? ": " : ", ", name, stats_->getInt(key));
  return out + facts + fmt::format(", {:.0f} s", seconds);
}

void ProgressLine::tick(double seconds) {
  if ((!terminal_ && !verbose_) || seconds < kQuietSeconds) return;
  double period = terminal_ ? kTerminalPeriod : kVerbosePeriod;
  if (lastPrinted_ >= 0 && seconds - lastPrinted_ < period) return;
  lastPrinted_ = seconds;
  if (terminal_) {
    err_ << "\r\033[K" << text(seconds) << std::flush;
    lineShown_ = true;
  } else {
    err_ << text(seconds) << std::endl;
  }
}

void ProgressLine::startTicking() {
  if ((!terminal_ && !verbose_) || ticker_.joinable()) return;
  ticker_ = std::thread([this] {
    auto start = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; }))
      tick(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  });
}

void ProgressLine::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  if (lineShown_) err_ << "\r\033[K" << std::flush;
  lineShown_ = false;
}

}  // namespace argus::cli
