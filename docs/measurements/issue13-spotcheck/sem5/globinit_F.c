#include "../prelude.h"
int g[5] = {1, 2};
int main(void) {
  if (g[4] == 0 && g[1] == 2) reach_error();
  return 0;
}
