#include "../prelude.h"
struct M { int len; char data[8]; }; int main(){ struct M *m = malloc(sizeof *m); m->len = 5; char *p = m->data; for (int i = 0; i < 8; i++) *p++ = 0; if (m->len != 5) reach_error(); return 0; }
