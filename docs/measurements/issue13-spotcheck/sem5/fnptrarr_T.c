#include "../prelude.h"
static int one(int x) { return x + 1; }
static int two(int x) { return x + 2; }
int main(void) {
  int (*table[2])(int) = {one, two};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 2);
  int r = table[i](4);
  if (r != 5 && r != 6) reach_error();
  return 0;
}
