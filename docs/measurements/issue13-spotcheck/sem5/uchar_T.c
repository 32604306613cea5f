#include "../prelude.h"
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  int x = c;
  if (x > 255 || x < 0) reach_error();
  return 0;
}
