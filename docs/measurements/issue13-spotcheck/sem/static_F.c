#include "../prelude.h"
int counter(void){ static int c = 0; return ++c; } int main(){ counter(); counter(); if (counter() == 3) reach_error(); return 0; }
