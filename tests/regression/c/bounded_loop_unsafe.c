// @expect unsafe
// The error needs the third iteration of a short loop with nondet input in every iteration.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int hits = 0;
  for (int i = 0; i < 4; i++) {
    if (__VERIFIER_nondet_int() == i) hits++;
  }
  if (hits == 3) reach_error();
  return 0;
}
