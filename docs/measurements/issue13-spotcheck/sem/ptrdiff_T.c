#include "../prelude.h"
int main(){ int a[4]; int *p = &a[3]; if (p - a != 3) reach_error(); return 0; }
