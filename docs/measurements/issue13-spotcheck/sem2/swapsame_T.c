#include "../prelude.h"
void swap(int *a, int *b){ int t = *a; *a = *b; *b = t; } int main(){ int x = 1; swap(&x, &x); if (x != 1) reach_error(); return 0; }
