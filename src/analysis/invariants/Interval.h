// Integer intervals with infinite bounds: the value domain of the interval analysis.
//
// Bounds are int64 with INT64_MIN / INT64_MAX standing for -∞ / +∞. Arithmetic is exact on 128 bits and
// rounds outward when a result leaves the int64 range (a lower bound too large becomes INT64_MAX - 1, an
// upper bound too large becomes +∞, and symmetrically), so every operation over-approximates.
// Division and modulus follow SMT-LIB's Int semantics (Euclidean: the remainder is never negative).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::analysis {

class Interval {
 public:
  static constexpr int64_t kMinusInf = INT64_MIN;
  static constexpr int64_t kPlusInf = INT64_MAX;

  /// The whole line.
  Interval() = default;
  Interval(int64_t lo, int64_t hi) : lo_(lo), hi_(hi) {}
  static Interval top() { return {}; }
  static Interval empty() { return {kPlusInf, kMinusInf}; }
  static Interval point(int64_t v) { return {v, v}; }
  static Interval atLeast(int64_t lo) { return {lo, kPlusInf}; }
  static Interval atMost(int64_t hi) { return {kMinusInf, hi}; }
  static Interval boolean() { return {0, 1}; }

  int64_t lo() const { return lo_; }
  int64_t hi() const { return hi_; }
  bool hasLo() const { return lo_ != kMinusInf; }
  bool hasHi() const { return hi_ != kPlusInf; }
  bool isEmpty() const { return lo_ > hi_; }
  bool isTop() const { return !hasLo() && !hasHi(); }
  bool isPoint() const { return lo_ == hi_ && hasLo() && hasHi(); }
  bool contains(int64_t v) const { return lo_ <= v && v <= hi_; }
  /// Every value of `other` lies in this interval (the empty interval is included in everything).
  bool includes(const Interval& other) const;
  bool operator==(const Interval& o) const {
    return (isEmpty() && o.isEmpty()) || (lo_ == o.lo_ && hi_ == o.hi_);
  }
  bool operator!=(const Interval& o) const { return !(*this == o); }

  Interval join(const Interval& o) const;
  Interval meet(const Interval& o) const;
  /// Widening of this (older) interval by `next`: a bound that moved jumps to the nearest threshold
  /// beyond it (thresholds sorted ascending), or to infinity.
  Interval widen(const Interval& next, const std::vector<int64_t>& thresholds) const;
  /// A measure of size for choosing which boxes to merge (+∞ widths count as a large constant).
  double width() const;

  Interval operator-() const;
  Interval operator+(const Interval& o) const;
  Interval operator-(const Interval& o) const;
  Interval operator*(const Interval& o) const;
  /// SMT-LIB div and mod (divisor 0 leaves the result unconstrained).
  Interval div(const Interval& o) const;
  Interval mod(const Interval& o) const;
  /// The values x with x * c in this interval (c ≠ 0), rounded inward.
  Interval divideExact(int64_t c) const;

  std::string str() const;

 private:
  int64_t lo_ = kMinusInf, hi_ = kPlusInf;
};

}  // namespace argus::analysis
