// @expect unsafe
// A switch with fall-through: case 2 falls into case 3.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  switch (x) {
    case 1: y = 1; break;
    case 2: y = 10;
    case 3: y += 5; break;
    default: y = -1;
  }
  if (y == 15) reach_error();
  return 0;
}
