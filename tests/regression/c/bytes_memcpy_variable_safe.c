// @expect safe
// memcpy and memset of a length known only at run time (byte loops): the copied prefix holds the source's
// ints, the rest keeps the zeros memset wrote.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void *memcpy(void *, const void *, unsigned long);
extern void *memset(void *, int, unsigned long);
int main(void) {
  int a[3] = {7, 8, 9};
  int b[3];
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 3) return 0;
  memset(b, 0, n * sizeof(int) + (3 - n) * sizeof(int));
  memcpy(b, a, n * sizeof(int));
  if (n >= 2 && b[1] != 8) reach_error();
  if (n < 3 && b[2] != 0) reach_error();
  return 0;
}
