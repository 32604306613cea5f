// @expect safe
// Pointer arithmetic within an array writes exactly the element at the offset.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[6] = {0, 1, 2, 3, 4, 5};
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 1 && k < 6);
  int *p = a;
  p += k;
  *p = 100;
  p--;
  if (*p != k - 1) reach_error();
  if (a[k] != 100 || p - a != k - 1) reach_error();
  return 0;
}
