// @expect unsafe
// A nondet loop that can run five times before reaching the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) x += 2;
  if (x == 10) reach_error();
  return 0;
}
