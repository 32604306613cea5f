// @expect unsafe
// sqrt rounds: for some float x, sqrtf(x) * sqrtf(x) differs from x.
#include <math.h>
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (!(x >= 1.0f && x <= 4.0f)) abort();
  float r = sqrtf(x);
  if (r * r != x) reach_error();
  return 0;
}
