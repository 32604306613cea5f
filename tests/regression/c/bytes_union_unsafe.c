// @expect unsafe
// A union of an int and a char: the char member is the int's low byte, so a write to it changes the int
// (a global: SROA would turn a local union into shifts of one integer).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union word { int i; char c; };
union word w;
int main(void) {
  w.i = __VERIFIER_nondet_int();
  w.c = 5;
  if (w.i == 261) reach_error();
  return 0;
}
