#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x < 0);
  if ((x >> 31) != -1) reach_error();
  return 0;
}
