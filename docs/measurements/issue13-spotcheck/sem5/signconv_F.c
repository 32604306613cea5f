#include "../prelude.h"
int main(void) {
  int x = -1;
  unsigned y = 1;
  if (x > y) reach_error();
  return 0;
}
