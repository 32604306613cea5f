#include "../prelude.h"
int main(){ int x = 0x01020304; unsigned char *b = (unsigned char *)&x; b[1] = 0; if (x == 0x01020004) reach_error(); return 0; }
