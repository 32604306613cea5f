// char and short arithmetic is done in int, where it cannot overflow; storing the result back into the
// narrow type is an implementation-defined conversion, not an overflow.
extern char __VERIFIER_nondet_char(void);
extern short __VERIFIER_nondet_short(void);
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  short s = __VERIFIER_nondet_short();
  c = c + 100;
  s++;
  s = s * 1000;
  c = -c;
  return c + s;
}
