#include "../prelude.h"
int main(){ int a[4] = {0}; int *p = a + 2; p[-1] = 7; if (a[1] != 7) reach_error(); return 0; }
