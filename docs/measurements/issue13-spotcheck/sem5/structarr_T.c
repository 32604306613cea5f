#include "../prelude.h"
struct S { int a[3]; };
int main(void) {
  struct S x, y;
  x.a[2] = 7;
  y = x;
  x.a[2] = 1;
  if (y.a[2] != 7 || x.a[2] != 1) reach_error();
  return 0;
}
