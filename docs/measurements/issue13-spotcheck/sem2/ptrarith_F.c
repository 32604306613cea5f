#include "../prelude.h"
int main(){ int a[5] = {1, 2, 3, 4, 5}; int s = 0; for (int *p = a; p < a + 5; p++) s += *p; if (s == 15) reach_error(); return 0; }
