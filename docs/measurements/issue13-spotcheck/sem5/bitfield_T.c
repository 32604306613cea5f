#include "../prelude.h"
struct flags { unsigned a : 3; unsigned b : 5; };
int main(void) {
  struct flags s;
  s.a = __VERIFIER_nondet_uint();
  s.b = 31;
  if (s.a > 7) reach_error();
  s.b++;
  if (s.b != 0) reach_error();
  return 0;
}
