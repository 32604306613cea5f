#include "../prelude.h"
int main(){ int x = 0x01020304; unsigned char *b = (unsigned char *)&x; if (b[0] != 4 || b[3] != 1) reach_error(); return 0; }
