#include "../prelude.h"
int main(){ int a[4] = {1,2,3,4}; int b[4]; int *p = a, *q = b; for (int i = 0; i < 4; i++) *q++ = *p++; if (b[3] != 4 || b[0] != 1) reach_error(); return 0; }
