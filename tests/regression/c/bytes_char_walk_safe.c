// @expect safe
// A char pointer walks the bytes of an int, low byte first (little-endian), and rebuilds it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char *p = (unsigned char *)&x;
  unsigned int rebuilt = 0;
  for (int k = 3; k >= 0; k--) rebuilt = rebuilt * 256 + p[k];
  if (rebuilt != (unsigned int)x) reach_error();
  int one = 1;
  if (*(char *)&one != 1) reach_error();
  return 0;
}
