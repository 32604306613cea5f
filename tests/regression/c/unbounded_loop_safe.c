// @expect safe
// A loop with a nondet exit: no bound exhausts it, an invariant (x >= 0) proves it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    if (x < 1000000) x++;
  }
  if (x < 0) reach_error();
  return 0;
}
