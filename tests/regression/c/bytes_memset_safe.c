// @expect safe
// memset of a non-zero byte over an int array: every int reads as the byte repeated.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *memset(void *, int, unsigned long);
int main(void) {
  int a[3];
  memset(a, 1, sizeof a);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  if (a[i] != 0x01010101) reach_error();
  memset(a, 0xff, sizeof a);
  if (a[i] != -1) reach_error();
  return 0;
}
