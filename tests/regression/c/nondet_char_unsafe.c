// @expect unsafe
// char is signed on x86: -128 is a possible value.
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c == -128) reach_error();
  return 0;
}
