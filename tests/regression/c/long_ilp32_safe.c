// @expect safe
// @data-model ILP32
// long has 32 bits in ILP32, so it cannot exceed INT_MAX.
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long l = __VERIFIER_nondet_long();
  if (l > 2147483647L) reach_error();
  return 0;
}
