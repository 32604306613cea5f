// The live progress of a long `argus verify` run on stderr: on a terminal one line rewritten in place
// ("[progress] kind: k = 7, 12.4 s"), with -v a full line every 10 s instead; nothing in the first
// 3 s, nothing on stdout, and the line is cleared before the verdict is printed. What an engine has got
// to comes from its statistics (bmc.bound, kind.k, recmc.bound, the refinements of predabs and impact).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "util/Stats.h"

namespace argus::cli {

class ProgressLine {
 public:
  /// `label`: what runs ("kind", "portfolio: kind, recmc"); `stats`: where the engine counts (may be
  /// null); `terminal`: rewrite one line in place; `verbose`: print whole lines now and then. Neither:
  /// the object stays silent.
  ProgressLine(std::ostream& err, std::string label, const Stats* stats, bool terminal, bool verbose);
  ~ProgressLine();

  /// Prints what is due at `seconds` since the start (call it as often as you like).
  void tick(double seconds);
  /// A thread that ticks every 250 ms until stop().
  void startTicking();
  /// Ends the ticking and clears the terminal line; idempotent.
  void stop();

  /// The text of the line at `seconds` (for tests).
  std::string text(double seconds) const;

 private:
  std::ostream& err_;
  std::string label_;
  const Stats* stats_;
  bool terminal_, verbose_;
  double lastPrinted_ = -1;
  bool lineShown_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread ticker_;
};

}  // namespace argus::cli
