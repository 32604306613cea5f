#include "../prelude.h"
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if ((x & 0xF0u) == 0x30u && (x | 1u) == x && x < 256u) reach_error();
  return 0;
}
