#include "../prelude.h"
struct D { struct D *prev, *next; int v; }; int main(){ struct D *a = malloc(sizeof *a), *b = malloc(sizeof *b); a->next = b; b->prev = a; a->prev = 0; b->next = 0; a->v = 1; b->v = 2; if (a->next->prev != a || b->prev->v != 1) reach_error(); return 0; }
