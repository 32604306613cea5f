// @expect unsafe
// The accumulated rounding error makes the sum differ from 1.0 after ten additions of 0.1.
extern void reach_error(void);
int main(void) {
  double sum = 0.0;
  for (int i = 0; i < 10; i++) sum += 0.1;
  if (sum != 1.0) reach_error();
  return 0;
}
