// @expect safe
// Nondet values stay within the ranges of their C types.
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  unsigned short s = __VERIFIER_nondet_ushort();
  int b = __VERIFIER_nondet_bool();
  unsigned int u = __VERIFIER_nondet_uint();
  if (c < -128 || c > 127) reach_error();
  if (s > 65535) reach_error();
  if (b != 0 && b != 1) reach_error();
  if (u < 0) reach_error();
  return 0;
}
