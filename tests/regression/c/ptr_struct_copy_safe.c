// @expect safe
// Struct assignment copies an int and a pointer; later changes to the source do not affect the copy.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct S { int n; int *p; };
int main(void) {
  int a = 1, b = 2;
  struct S s1, s2;
  s1.n = __VERIFIER_nondet_int();
  s1.p = &a;
  s2 = s1;
  int old = s1.n;
  s1.n = 42;
  s1.p = &b;
  *s1.p = 7;
  if (s2.n != old || s2.p != &a || *s2.p != 1) reach_error();
  return 0;
}
