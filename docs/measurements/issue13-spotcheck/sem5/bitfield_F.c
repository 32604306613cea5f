#include "../prelude.h"
struct flags { unsigned a : 3; unsigned b : 5; };
int main(void) {
  struct flags s;
  s.a = 7;
  s.b = 1;
  s.a++;
  if (s.a == 0 && s.b == 1) reach_error();
  return 0;
}
