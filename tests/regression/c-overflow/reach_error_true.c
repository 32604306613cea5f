// reach_error is reachable, but the property is no-overflow: calling it is no violation.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100 && x < 200) reach_error();
  return x > 0 ? x - 1 : 0;
}
