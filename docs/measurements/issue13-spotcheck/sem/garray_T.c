#include "../prelude.h"
int a[5] = {1,2}; int main(){ if (a[4] != 0 || a[1] != 2) reach_error(); return 0; }
