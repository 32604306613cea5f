// @expect safe
// A union of an int and its bytes: written through one member, read through the other (little-endian).
// A global: SROA would turn a local union into shifts of one integer.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union word { int i; unsigned char c[4]; };
union word w;
int main(void) {
  w.i = 0x01020304;
  if (w.c[0] != 4 || w.c[1] != 3 || w.c[2] != 2 || w.c[3] != 1) reach_error();
  w.c[3] = 0x7f;
  if (w.i != 0x7f020304) reach_error();
  unsigned int x = (unsigned int)__VERIFIER_nondet_int();
  w.i = (int)x;
  w.c[0] = 0;
  if ((unsigned int)w.i != x - x % 256) reach_error();
  return 0;
}
