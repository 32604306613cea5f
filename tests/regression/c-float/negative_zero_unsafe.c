// @expect unsafe
// A float input of -0.0 passes the test x == 0 but divides to -infinity.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x == 0.0f) {
    float r = 1.0f / x;
    if (r < 0.0f) reach_error();
  }
  return 0;
}
