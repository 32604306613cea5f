// Named statistics of a run: counters, maxima, accumulated times and free-form values.
//
// Keys are dotted ("bmc.bound", "smt.check_time"); the order of first insertion is kept so that the
// printed table reads in the order an engine produced it. Thread-safe: the portfolio and the
// invariant generator write from their own threads.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <variant>
#include <vector>

namespace argus {

class Stats {
 public:
  using Value = std::variant<int64_t, double, std::string>;

  void add(const std::string& key, int64_t delta = 1);
  void addTime(const std::string& key, double seconds);
  void setMax(const std::string& key, int64_t value);
  void set(const std::string& key, Value value);

  /// Current value, or the default of the key's kind when absent.
  int64_t getInt(const std::string& key) const;
  double getDouble(const std::string& key) const;
  std::string getString(const std::string& key) const;
  bool has(const std::string& key) const;

  /// Copies every entry of `other`, prefixing keys with `prefix` (may be empty).
  void merge(const Stats& other, const std::string& prefix = "");

  std::vector<std::pair<std::string, Value>> entries() const;
  nlohmann::json toJson() const;
  /// "key: value" lines, times with millisecond precision.
  std::string toText() const;

 private:
  Value* find(const std::string& key);
  const Value* find(const std::string& key) const;
  Value& slot(const std::string& key, Value init);

  mutable std::mutex mutex_;
  std::vector<std::pair<std::string, Value>> entries_;
};

/// Adds the wall time of its scope to a Stats key (in seconds).
class ScopedTimer {
 public:
  ScopedTimer(Stats& stats, std::string key)
      : stats_(stats), key_(std::move(key)), start_(std::chrono::steady_clock::now()) {}
  ~ScopedTimer() { stats_.addTime(key_, elapsed()); }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  Stats& stats_;
  std::string key_;
  std::chrono::steady_clock::time_point start_;
};

/// Seconds since construction; for progress lines and budgets.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace argus
