#include "../prelude.h"
static int one(int x) { return x + 1; }
static int two(int x) { return x + 2; }
static int three(int x) { return x * 3; }
int main(void) {
  int (*table[3])(int) = {one, two, three};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3);
  if (table[i](4) == 12) reach_error();
  return 0;
}
