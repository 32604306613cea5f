#include "../prelude.h"
int main(){ unsigned x = 0x11223344; unsigned char *b = (unsigned char *)&x; unsigned char t = b[0]; b[0] = b[3]; b[3] = t; if (x == 0x44223311) reach_error(); return 0; }
