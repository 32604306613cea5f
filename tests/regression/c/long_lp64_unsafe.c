// @expect unsafe
// @data-model LP64
// long has 64 bits in LP64, so it can exceed INT_MAX.
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long l = __VERIFIER_nondet_long();
  if (l > 2147483647L) reach_error();
  return 0;
}
