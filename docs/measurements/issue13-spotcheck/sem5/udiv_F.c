#include "../prelude.h"
int main(void) {
  unsigned x = (unsigned)-8 / 2;
  if (x == 0x7FFFFFFCu) reach_error();
  return 0;
}
