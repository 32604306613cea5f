#include "../prelude.h"
int main(){ unsigned char a = 255; unsigned short s = 65535; s++; if (a + 1 != 256 || s != 0) reach_error(); return 0; }
