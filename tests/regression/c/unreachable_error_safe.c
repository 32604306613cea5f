// @expect safe
// reach_error() appears twice but can never run: a contradictory condition and an uncalled procedure.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void never_called(void) { reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5 && x < 3) reach_error();
  return 0;
}
