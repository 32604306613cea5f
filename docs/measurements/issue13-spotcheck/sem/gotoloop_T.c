#include "../prelude.h"
int main(){ int i = 0; loop: if (i < 10) { i += 2; goto loop; } if (i != 10) reach_error(); return 0; }
