#include "../prelude.h"
int main(){ char *b = malloc(8); for (int i = 0; i < 8; i++) b[i] = i; int s = 0; for (char *p = b; p < b + 8; p++) s += *p; if (s == 28) reach_error(); return 0; }
