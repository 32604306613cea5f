#include "../prelude.h"
int main(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  if (((a ^ b) ^ b) != a) reach_error();
  return 0;
}
