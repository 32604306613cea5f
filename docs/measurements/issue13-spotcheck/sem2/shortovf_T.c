#include "../prelude.h"
int main(){ short s = 32767; s = s + 1; if (s != -32768) reach_error(); return 0; }
