// @expect safe
// A NaN compares unequal to everything, itself included, and every ordered comparison with it is false.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x != x) {
    if (x == x || x < 1.0f || x >= 1.0f || x == 0.0f) reach_error();
  } else {
    if (!(x == x)) reach_error();
  }
  return 0;
}
