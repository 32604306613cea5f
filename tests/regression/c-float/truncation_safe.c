// @expect safe
// Conversion to an integer truncates toward zero; a value that does not fit would be undefined.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (!(x > -100.0f && x < 100.0f)) abort();
  int i = (int)x;
  if (i > 99 || i < -99) reach_error();
  if (x >= 0.0f && i < 0) reach_error();
  if ((int)2.99f != 2 || (int)-2.99f != -2 || (unsigned char)255.9f != 255) reach_error();
  return 0;
}
