#include "../prelude.h"
void inc(int *p, int n){ if (n > 0) { (*p)++; inc(p, n - 1); } } int main(){ int x = 0; inc(&x, 5); if (x != 5) reach_error(); return 0; }
