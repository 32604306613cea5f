#include "../prelude.h"
struct P { int x; int *q; }; int main(){ int t = 1; struct P *a = malloc(sizeof *a), *b = malloc(sizeof *b); a->x = 3; a->q = &t; memcpy(b, a, sizeof *a); a->x = 4; *b->q = 7; if (b->x != 3 || t != 7) reach_error(); return 0; }
