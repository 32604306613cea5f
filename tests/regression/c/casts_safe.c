// @expect safe
// Truncation, sign extension and zero extension behave as in C on x86.
extern void reach_error(void);
int main(void) {
  int big = 300;
  unsigned char uc = (unsigned char)big;
  signed char sc = (signed char)200;
  unsigned int fromNegative = (unsigned int)(signed char)-1;
  long long wide = (long long)(unsigned int)4294967295u;
  if (uc != 44) reach_error();
  if (sc != -56) reach_error();
  if (fromNegative != 4294967295u) reach_error();
  if (wide != 4294967295LL) reach_error();
  return 0;
}
