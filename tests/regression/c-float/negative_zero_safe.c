// @expect safe
// -0.0 equals 0.0, yet its sign shows in a division (1/-0 is -infinity) and in signbit.
#include <math.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  double z = -0.0;
  if (__VERIFIER_nondet_int()) z = z * 1.0;
  if (z != 0.0) reach_error();
  if (1.0 / z >= 0.0) reach_error();
  if (!signbit(z)) reach_error();
  if (fabs(z) != 0.0 || signbit(fabs(z))) reach_error();
  return 0;
}
