#include "../prelude.h"
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = __VERIFIER_nondet_uint();
  __VERIFIER_assume(y > 0);
  if (x / y * y + x % y != x) reach_error();
  return 0;
}
