#include "../prelude.h"
void swap(int *a, int *b){ int t = *a; *a = *b; *b = t; } int main(){ int x = 1, y = 2; swap(&x, &y); if (x == 2 && y == 1) reach_error(); return 0; }
