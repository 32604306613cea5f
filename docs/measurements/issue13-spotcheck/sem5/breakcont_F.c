#include "../prelude.h"
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) {
    if (i == 3) continue;
    if (i == 7) break;
    s += i;
  }
  if (s == 18) reach_error();
  return 0;
}
