// @expect unsafe
// A global float in a loop: halving 1.0f underflows to 0 after 150 steps, not fewer.
extern void reach_error(void);
float g = 1.0f;
int main(void) {
  int steps = 0;
  while (g != 0.0f && steps < 200) {
    g = g / 2.0f;
    steps++;
  }
  if (steps == 150) reach_error();
  return 0;
}
