#include "../prelude.h"
struct M { int len; char data[8]; }; int main(){ struct M *m = malloc(sizeof *m); m->len = 0; for (int i = 0; i < 8; i++) { m->data[i] = 'x'; m->len++; } if (m->len != 8 || m->data[7] != 'x') reach_error(); return 0; }
