// @expect safe
// sqrt, floor, ceil, trunc, round, fmin, fmax and isnan/isinf as IEEE and C define them.
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
extern void abort(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!(x >= 0.0 && x <= 1e6)) abort();
  double r = sqrt(x);
  if (r * r > x * (1 + 1e-15) + 1e-300 && r > 0) { if (r * r - x > x * 1e-15) reach_error(); }
  if (floor(2.5) != 2.0 || ceil(2.5) != 3.0 || trunc(-2.5) != -2.0 || round(-2.5) != -3.0) reach_error();
  if (floor(x) > x || ceil(x) < x) reach_error();
  if (fmin(x, 2.0) > 2.0 || fmax(x, 2.0) < 2.0) reach_error();
  if (isnan(x) || isinf(x)) reach_error();
  if (!isnan(NAN) || !isinf(INFINITY)) reach_error();
  return 0;
}
