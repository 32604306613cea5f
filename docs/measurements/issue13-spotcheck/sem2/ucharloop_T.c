#include "../prelude.h"
int main(){ unsigned char c = 0; int n = 0; do { c++; n++; } while (c != 0); if (n != 256) reach_error(); return 0; }
