#include "../prelude.h"
extern unsigned short __VERIFIER_nondet_ushort(void);
int main(void) {
  unsigned short s = __VERIFIER_nondet_ushort();
  if (s == 65535) reach_error();
  return 0;
}
