// @expect unsafe
// Converting an int to short keeps the low 16 bits: 70000 becomes 4464.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  short s = (short)x;
  if (x > 65536 && s == 4464) reach_error();
  return 0;
}
