#include "../prelude.h"
void set(int **pp, int *t){ *pp = t; } int main(){ int x = 3, *p = 0; set(&p, &x); *p = 4; if (x == 4) reach_error(); return 0; }
