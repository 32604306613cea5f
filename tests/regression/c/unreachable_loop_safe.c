// @expect safe
// Contradictory assumptions make everything after them unreachable, the loop included. kind states an
// invariant (false) at the unreachable loop head, in a calling context that certify's own unfolding never
// reaches: certify must take it as vacuous, not reject it. The generated program of differential seed 6891.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void __VERIFIER_assume(int);

int g1 = 19;
int g2 = (-7);

int f3(int p4) {
  if (((g2 + p4) == p4)) {
    int a5[5] = {6, -6, 0, 0};
  }
  return (((-8) - (-3)) - (2u > 2u));
}

int main(void) {
  int x6 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x6 >= -13 && x6 <= -3);
  __VERIFIER_assume(x6 > (-2));
  g2 = (g1 - (((9 - g1) <= (95 - g1)) ? (x6 & 3) : (x6 * (-4))));
  unsigned int u7 = 118u;
  u7 = u7;
  int x8 = (-(5 + g1));
  if (x8 != ((-(5 + g1)) + 1)) {
    reach_error();
  }
  for (int i9 = 0; i9 < 6; i9++) {
    if (x6 > 1000) break;
    f3((-51));
  }
  if (g1 <= 19) {
    reach_error();
  }
  return 0;
}
