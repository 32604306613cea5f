// @expect safe
// 0.1 + 0.2 in binary64 is 0.30000000000000004, not 0.3; in binary32 the sum rounds to 0.3f exactly.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  double a = 0.1, b = 0.2;
  if (__VERIFIER_nondet_int()) { a = a * 1.0; }
  double sum = a + b;
  if (sum == 0.3) reach_error();
  if (sum != 0.30000000000000004) reach_error();
  float fa = 0.1f, fb = 0.2f;
  if (fa + fb != 0.3f) reach_error();
  return 0;
}
