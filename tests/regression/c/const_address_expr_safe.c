// @expect safe
// Constant expressions over addresses (clang folds them when an operand is a global's address): the
// difference of two converted addresses, a pointer made from a converted address plus a constant, and
// the comparison of two converted addresses. Globals have fixed addresses in the model.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct S { int a; int b[4]; } s;
int g[8];
int h;
int main(void) {
  unsigned long base = (unsigned long)&s;
  unsigned long offset = (unsigned long)&s.b[2] - base;
  if (offset != 12) reach_error();
  int *p = (int *)((unsigned long)&g + 8);
  *p = __VERIFIER_nondet_int();
  if (*p != g[2]) reach_error();
  if ((unsigned long)&g[1] == (unsigned long)&h) reach_error();
  return 0;
}
