#include "../prelude.h"
int main(){ int i = -1; unsigned u = 1; if (i < u) reach_error(); return 0; }
