#include "../prelude.h"
int main(void) {
  unsigned long x = 4294967295UL;
  x++;
  if (x == 0 && sizeof(long) == 4) reach_error();
  return 0;
}
