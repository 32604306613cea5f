// @expect unsafe
// memcpy of a length known only at run time (a byte loop): with two ints copied, b[1] is a's second.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void *memcpy(void *, const void *, unsigned long);
extern void *memset(void *, int, unsigned long);
int main(void) {
  int a[3] = {7, 8, 9};
  int b[3];
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 3) return 0;
  memset(b, 0, sizeof b);
  memcpy(b, a, n * sizeof(int));
  if (b[1] == 8 && b[2] == 0) reach_error();
  return 0;
}
