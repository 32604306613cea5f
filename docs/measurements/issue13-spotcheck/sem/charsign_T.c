#include "../prelude.h"
int main(){ char c = 200; if (c > 0) reach_error(); return 0; }
