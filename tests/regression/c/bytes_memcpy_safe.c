// @expect safe
// memcpy of an int array into a char buffer and back: the bytes are the ints' little-endian bytes.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *memcpy(void *, const void *, unsigned long);
int main(void) {
  unsigned int a[2];
  a[0] = (unsigned int)__VERIFIER_nondet_int();
  a[1] = 0x0a0b0c0d;
  unsigned char buffer[8];
  memcpy(buffer, a, sizeof a);
  if (buffer[4] != 0x0d || buffer[7] != 0x0a) reach_error();
  buffer[0] = 7;
  unsigned int b[2];
  memcpy(b, buffer, sizeof b);
  if (b[0] / 256 != a[0] / 256 || b[0] % 256 != 7 || b[1] != a[1]) reach_error();
  return 0;
}
