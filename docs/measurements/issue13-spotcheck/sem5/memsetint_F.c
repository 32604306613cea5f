#include "../prelude.h"
int main(void) {
  int a[2];
  memset(a, 1, sizeof a);
  if (a[1] == 0x01010101) reach_error();
  return 0;
}
