#include "../prelude.h"
int main(void) {
  long long x = 1LL << 40;
  if (x / 1024 == 1LL << 30) reach_error();
  return 0;
}
