// @expect unsafe
// A negative dividend gives a negative remainder (Euclidean mod would never give -3).
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a < 0 && a > -100);
  if (a % 4 == -3) reach_error();
  return 0;
}
