// Interval arithmetic on 128-bit intermediates with outward rounding into int64 bounds.
#include "analysis/invariants/Interval.h"

#include <algorithm>
#include <cmath>

namespace argus::analysis {
namespace {

using Wide = __int128;
// Infinite bounds become ±2^100 on 128 bits: far beyond any int64 sum, still exact to compare.
constexpr Wide kWideInf = static_cast<Wide>(1) << 100;

Wide lowWide(int64_t lo) { return lo == Interval::kMinusInf ? -kWideInf : lo; }
Wide highWide(int64_t hi) { return hi == Interval::kPlusInf ? kWideInf : hi; }

int64_t toLow(Wide w) {
  if (w <= static_cast<Wide>(INT64_MIN)) return Interval::kMinusInf;
  if (w >= static_cast<Wide>(INT64_MAX)) return INT64_MAX - 1;
  return static_cast<int64_t>(w);
}

int64_t toHigh(Wide w) {
  if (w >= static_cast<Wide>(INT64_MAX)) return Interval::kPlusInf;
  if (w <= static_cast<Wide>(INT64_MIN)) return INT64_MIN + 1;
  return static_cast<int64_t>(w);
}

/// Product of two bounds where either may be ±2^100 (infinite): infinities keep their sign, 0 wins.
Wide mulWide(Wide a, Wide b) {
  if (a == 0 || b == 0) return 0;
  bool inf = a >= kWideInf || a <= -kWideInf || b >= kWideInf || b <= -kWideInf;
  if (inf) return ((a < 0) != (b < 0)) ? -kWideInf : kWideInf;
  return a * b;  // both magnitudes below 2^63: fits in 127 bits
}

Wide floorDiv(Wide a, Wide d) {  // d > 0
  if (a >= kWideInf) return kWideInf;
  if (a <= -kWideInf) return -kWideInf;
  Wide q = a / d;
  if ((a % d != 0) && (a < 0)) --q;
  return q;
}

Wide ceilDiv(Wide a, Wide d) {  // d > 0
  if (a >= kWideInf) return kWideInf;
  if (a <= -kWideInf) return -kWideInf;
  Wide q = a / d;
  if ((a % d != 0) && (a > 0)) ++q;
  return q;
}

}  // namespace

bool Interval::includes(const Interval& o) const {
  return o.isEmpty() || (lo_ <= o.lo_ && o.hi_ <= hi_);
}

Interval Interval::join(const Interval& o) const {
  if (isEmpty()) return o;
  if (o.isEmpty()) return *this;
  return {std::min(lo_, o.lo_), std::max(hi_, o.hi_)};
}

Interval Interval::meet(const Interval& o) const {
  Interval r{std::max(lo_, o.lo_), std::min(hi_, o.hi_)};
  return r.isEmpty() ? empty() : r;
}

Interval Interval::widen(const Interval& next, const std::vector<int64_t>& thresholds) const {
  if (isEmpty()) return next;
  if (next.isEmpty()) return *this;
  int64_t lo = lo_, hi = hi_;
  if (next.lo_ < lo_) {
    auto it = std::upper_bound(thresholds.begin(), thresholds.end(), next.lo_);
    lo = it == thresholds.begin() ? kMinusInf : *std::prev(it);
  }
  if (next.hi_ > hi_) {
    auto it = std::lower_bound(thresholds.begin(), thresholds.end(), next.hi_);
    hi = it == thresholds.end() ? kPlusInf : *it;
  }
  return {lo, hi};
}

double Interval::width() const {
  if (isEmpty()) return 0;
  constexpr double kLarge = 1e19;
  if (!hasLo() || !hasHi()) return kLarge;
  return static_cast<double>(hi_) - static_cast<double>(lo_);
}

Interval Interval::operator-() const {
  if (isEmpty()) return empty();
  return {toLow(-highWide(hi_)), toHigh(-lowWide(lo_))};
}

Interval Interval::operator+(const Interval& o) const {
  if (isEmpty() || o.isEmpty()) return empty();
  return {toLow(lowWide(lo_) + lowWide(o.lo_)), toHigh(highWide(hi_) + highWide(o.hi_))};
}

Interval Interval::operator-(const Interval& o) const { return *this + (-o); }

Interval Interval::operator*(const Interval& o) const {
  if (isEmpty() || o.isEmpty()) return empty();
  Wide a[2] = {lowWide(lo_), highWide(hi_)}, b[2] = {lowWide(o.lo_), highWide(o.hi_)};
  Wide lo = kWideInf, hi = -kWideInf;
  for (Wide x : a)
    for (Wide y : b) {
      Wide p = mulWide(x, y);
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
  return {toLow(lo), toHigh(hi)};
}

Interval Interval::div(const Interval& o) const {
  if (isEmpty() || o.isEmpty()) return empty();
  if (o.isPoint() && o.lo_ != 0) {
    // q = sign(d) * floor(a / |d|): monotone in a.
    Wide d = o.lo_ < 0 ? -static_cast<Wide>(o.lo_) : static_cast<Wide>(o.lo_);
    Wide lo = floorDiv(lowWide(lo_), d), hi = floorDiv(highWide(hi_), d);
    if (o.lo_ > 0) return {toLow(lo), toHigh(hi)};
    return {toLow(-hi), toHigh(-lo)};
  }
  if (o.contains(0)) return top();
  // |q| ≤ |a| whenever |d| ≥ 1.
  Wide m = std::max(lowWide(lo_) < 0 ? -lowWide(lo_) : lowWide(lo_),
                    highWide(hi_) < 0 ? -highWide(hi_) : highWide(hi_));
  return {toLow(-m), toHigh(m)};
}

Interval Interval::mod(const Interval& o) const {
  if (isEmpty() || o.isEmpty()) return empty();
  if (o.contains(0)) return top();
  Wide dmax = std::max(lowWide(o.lo_) < 0 ? -lowWide(o.lo_) : lowWide(o.lo_),
                       highWide(o.hi_) < 0 ? -highWide(o.hi_) : highWide(o.hi_));
  if (o.isPoint() && hasLo() && hasHi()) {
    // Inside one period the remainder is a translation of the dividend.
    Wide qlo = floorDiv(lo_, dmax), qhi = floorDiv(hi_, dmax);
    if (qlo == qhi) return {toLow(lo_ - qlo * dmax), toHigh(hi_ - qlo * dmax)};
  }
  return {0, toHigh(dmax - 1)};
}

Interval Interval::divideExact(int64_t c) const {
  if (isEmpty()) return empty();
  Wide d = c < 0 ? -static_cast<Wide>(c) : static_cast<Wide>(c);
  Interval base = c < 0 ? -*this : *this;
  return {toLow(ceilDiv(lowWide(base.lo_), d)), toHigh(floorDiv(highWide(base.hi_), d))};
}

std::string Interval::str() const {
  if (isEmpty()) return "empty";
  std::string lo = hasLo() ? std::to_string(lo_) : "-inf";
  std::string hi = hasHi() ? std::to_string(hi_) : "+inf";
  return "[" + lo + ", " + hi + "]";
}

}  // namespace argus::analysis
