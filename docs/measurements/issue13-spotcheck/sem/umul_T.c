#include "../prelude.h"
int main(){ unsigned x = 65536; if (x * x != 0) reach_error(); return 0; }
