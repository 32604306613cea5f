#include "../prelude.h"
int my_strlen(const char *s){ int n = 0; while (*s++) n++; return n; } int main(){ char s[] = "hello"; if (my_strlen(s) == 5) reach_error(); return 0; }
