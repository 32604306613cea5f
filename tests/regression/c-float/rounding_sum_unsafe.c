// @expect unsafe
// Believing 0.1 + 0.2 == 0.3 in binary64 is wrong: the error is reached.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  double a = 0.1;
  if (__VERIFIER_nondet_int()) a = 0.1 * 1.0;
  if (a + 0.2 != 0.3) reach_error();
  return 0;
}
