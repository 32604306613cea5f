#include "../prelude.h"
int g[4]; void fill(int i){ if (i < 4) { g[i] = i * i; fill(i + 1); } } int main(){ fill(0); if (g[3] == 9) reach_error(); return 0; }
