#include "../prelude.h"
int main(void) {
  unsigned char hi = __VERIFIER_nondet_uint(), lo = __VERIFIER_nondet_uint();
  unsigned short w = (unsigned short)((hi << 8) | lo);
  if ((w >> 8) != hi || (w & 0xFF) != lo) reach_error();
  return 0;
}
