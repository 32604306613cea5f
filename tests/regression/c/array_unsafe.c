// @expect unsafe
// A write at a nondet index can hit the element that is checked.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5] = {0};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5);
  a[i] = 9;
  if (a[3] == 9) reach_error();
  return 0;
}
