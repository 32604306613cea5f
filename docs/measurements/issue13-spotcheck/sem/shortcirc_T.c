#include "../prelude.h"
int main(){ int i = 0; if (0 && (i = 1)) {} if (i == 1) reach_error(); return 0; }
