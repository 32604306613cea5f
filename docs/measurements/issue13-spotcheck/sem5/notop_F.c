#include "../prelude.h"
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (~x == 5u) reach_error();  /* x = 0xFFFFFFFA */
  return 0;
}
