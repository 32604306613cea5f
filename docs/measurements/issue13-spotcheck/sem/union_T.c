#include "../prelude.h"
union U { int i; unsigned char c[4]; }; int main(){ union U u; u.i = 1; if (u.c[0] != 1) reach_error(); return 0; }
