#include "../prelude.h"
int main(void) {
  unsigned char c = 200;
  c += 100;
  if (c == 44) reach_error();
  return 0;
}
