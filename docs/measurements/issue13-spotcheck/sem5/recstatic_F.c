#include "../prelude.h"
static int calls(int n) {
  static int count = 0;
  count++;
  if (n > 0) calls(n - 1);
  return count;
}
int main(void) {
  if (calls(4) == 5) reach_error();
  return 0;
}
