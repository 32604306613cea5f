// @expect safe
// C division truncates toward zero; the remainder has the sign of the dividend.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a > -1000 && a < 1000);
  if (a / 3 * 3 + a % 3 != a) reach_error();
  if (a < 0 && a % 3 > 0) reach_error();
  if (-7 / 2 != -3 || -7 % 2 != -1) reach_error();
  return 0;
}
