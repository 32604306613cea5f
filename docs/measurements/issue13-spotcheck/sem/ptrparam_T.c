#include "../prelude.h"
void f(int *p){ *p = 3; } int main(){ int x = 0; f(&x); if (x != 3) reach_error(); return 0; }
