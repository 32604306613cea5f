// @expect unsafe
// A char pointer over an int: the first byte is the low one, so the check that it is the high one fails.
extern void reach_error(void);
int main(void) {
  int x = 0x11223344;
  unsigned char *p = (unsigned char *)&x;
  int sum = 0;
  for (int k = 0; k < 4; k++) sum = sum * 256 + p[k];
  if (p[0] != 0x11 || sum != 0x11223344) reach_error();
  return 0;
}
