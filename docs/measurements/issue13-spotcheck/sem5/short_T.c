#include "../prelude.h"
extern short __VERIFIER_nondet_short(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  int x = s;
  if (x < -32768 || x > 32767) reach_error();
  return 0;
}
