// Exact rationals over 128-bit integers for the own model-based projection (ArithProjection.cc).
// Projection multiplies coefficients (lcm normalisation, scaling by the chosen bound's coefficient), so
// every operation checks for overflow and throws ArithOverflow instead of wrapping: the projection then
// hands that variable to Z3, whose numbers are unbounded. 128 bits leave room for the products of the
// 32- and 64-bit constants that program encodings contain.
#pragma once

#include <string>

namespace argus::smt {

using BigInt = __int128;

/// Thrown when an exact computation leaves the 128-bit range.
struct ArithOverflow {};

namespace checked {

inline BigInt add(BigInt a, BigInt b) {
  BigInt r;
  if (__builtin_add_overflow(a, b, &r)) throw ArithOverflow{};
  return r;
}
inline BigInt sub(BigInt a, BigInt b) {
  BigInt r;
  if (__builtin_sub_overflow(a, b, &r)) throw ArithOverflow{};
  return r;
}
inline BigInt mul(BigInt a, BigInt b) {
  BigInt r;
  if (__builtin_mul_overflow(a, b, &r)) throw ArithOverflow{};
  return r;
}
inline BigInt neg(BigInt a) { return sub(0, a); }
inline BigInt abs(BigInt a) { return a < 0 ? neg(a) : a; }
inline BigInt gcd(BigInt a, BigInt b) {
  a = abs(a);
  b = abs(b);
  while (b != 0) {
    BigInt t = a % b;
    a = b;
    b = t;
  }
  return a;
}
/// Least common multiple of the absolute values; lcm(0, b) = |b|.
inline BigInt lcm(BigInt a, BigInt b) {
  if (a == 0) return abs(b);
  if (b == 0) return abs(a);
  return mul(abs(a) / gcd(a, b), abs(b));
}
/// ⌊a / b⌋ for b > 0.
inline BigInt floorDiv(BigInt a, BigInt b) {
  BigInt q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}
/// a mod b in [0, b) for b > 0 (SMT-LIB's mod).
inline BigInt mod(BigInt a, BigInt b) {
  BigInt r = a % b;
  return r < 0 ? r + b : r;
}

}  // namespace checked

/// Decimal text of a 128-bit integer.
inline std::string toDecimal(BigInt v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string digits;
  while (v != 0) {
    int d = static_cast<int>(v % 10);
    digits.insert(digits.begin(), static_cast<char>('0' + (d < 0 ? -d : d)));
    v /= 10;
  }
  return negative ? "-" + digits : digits;
}

/// A normalised fraction num/den (den > 0, gcd 1).
class Rational {
 public:
  Rational(BigInt num = 0, BigInt den = 1) : num_(num), den_(den) { normalise(); }

  BigInt num() const { return num_; }
  BigInt den() const { return den_; }
  bool isInt() const { return den_ == 1; }
  bool isZero() const { return num_ == 0; }
  int sign() const { return num_ < 0 ? -1 : num_ > 0 ? 1 : 0; }
  BigInt floor() const { return checked::floorDiv(num_, den_); }
  BigInt ceil() const { return checked::neg(checked::floorDiv(checked::neg(num_), den_)); }

  friend Rational operator+(const Rational& a, const Rational& b) {
    BigInt g = checked::gcd(a.den_, b.den_);
    BigInt den = checked::mul(a.den_ / g, b.den_);
    return {checked::add(checked::mul(a.num_, b.den_ / g), checked::mul(b.num_, a.den_ / g)), den};
  }
  friend Rational operator-(const Rational& a) { return {checked::neg(a.num_), a.den_}; }
  friend Rational operator-(const Rational& a, const Rational& b) { return a + (-b); }
  friend Rational operator*(const Rational& a, const Rational& b) {
    // Cross-cancel first so that intermediate products stay as small as the result.
    BigInt g1 = checked::gcd(a.num_, b.den_), g2 = checked::gcd(b.num_, a.den_);  // ≥ 1: den > 0
    return {checked::mul(a.num_ / g1, b.num_ / g2), checked::mul(a.den_ / g2, b.den_ / g1)};
  }
  friend Rational operator/(const Rational& a, const Rational& b) {
    return a * Rational(b.num_ < 0 ? checked::neg(b.den_) : b.den_, checked::abs(b.num_));
  }
  friend bool operator==(const Rational& a, const Rational& b) { return a.num_ == b.num_ && a.den_ == b.den_; }
  friend bool operator!=(const Rational& a, const Rational& b) { return !(a == b); }
  friend bool operator<(const Rational& a, const Rational& b) { return (a - b).sign() < 0; }
  friend bool operator<=(const Rational& a, const Rational& b) { return (a - b).sign() <= 0; }
  friend bool operator>(const Rational& a, const Rational& b) { return b < a; }
  friend bool operator>=(const Rational& a, const Rational& b) { return b <= a; }

  std::string toString() const { return isInt() ? toDecimal(num_) : toDecimal(num_) + "/" + toDecimal(den_); }

 private:
  void normalise() {
    if (den_ < 0) {
      num_ = checked::neg(num_);
      den_ = checked::neg(den_);
    }
    BigInt g = checked::gcd(num_, den_);
    if (g > 1) {
      num_ /= g;
      den_ /= g;
    }
    if (num_ == 0) den_ = 1;
  }

  BigInt num_, den_;
};

/// The value of a Z3 integer or rational numeral ("-12", "3/4"); throws ArithOverflow when it does not
/// fit.
inline Rational parseRational(const std::string& text) {
  auto parseInt = [](const std::string& s) {
    size_t i = 0;
    bool negative = !s.empty() && s[0] == '-';
    if (negative) i = 1;
    if (i >= s.size()) throw ArithOverflow{};
    BigInt v = 0;
    for (; i < s.size(); ++i) {
      if (s[i] < '0' || s[i] > '9') throw ArithOverflow{};
      v = checked::add(checked::mul(v, 10), s[i] - '0');
    }
    return negative ? checked::neg(v) : v;
  };
  size_t slash = text.find('/');
  if (slash == std::string::npos) return {parseInt(text), 1};
  BigInt den = parseInt(text.substr(slash + 1));
  if (den == 0) throw ArithOverflow{};
  return {parseInt(text.substr(0, slash)), den};
}

}  // namespace argus::smt
