#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(y != 0 && !(x == -2147483647 - 1 && y == -1));
  int r = x % y;
  if (x >= 0 && r < 0) reach_error();
  if (x < 0 && r > 0) reach_error();
  return 0;
}
