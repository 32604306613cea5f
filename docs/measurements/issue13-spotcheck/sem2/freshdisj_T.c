#include "../prelude.h"
int main(){ int *a = malloc(sizeof(int)); int *b = malloc(sizeof(int)); *a = 1; *b = 2; if (*a != 1 || a == b) reach_error(); return 0; }
