#include "../prelude.h"
int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i == 3) continue;
    if (i == 7) break;
    s += i;
  }
  if (s > 18) reach_error();
  return 0;
}
