// @expect safe
// sqrt, floor, ceil, trunc, round, fmin, fmax and isnan/isinf as IEEE and C define them.
#include <math.h>
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (!(x >= 0.0f && x <= 100.0f)) abort();
  if (sqrtf(x) > 10.0f) reach_error();
  if (floor(2.5) != 2.0 || ceil(2.5) != 3.0 || trunc(-2.5) != -2.0 || round(-2.5) != -3.0) reach_error();
  if (floorf(x) > x || ceilf(x) < x) reach_error();
  if (fminf(x, 2.0f) > 2.0f || fmaxf(x, 2.0f) < 2.0f) reach_error();
  if (isnan(x) || isinf(x)) reach_error();
  return 0;
}
