#include "../prelude.h"
int main(void) {
  signed char c = 127;
  c++;
  if (c < 0) reach_error();
  return 0;
}
