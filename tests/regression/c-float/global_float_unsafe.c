// @expect unsafe
// A global float halved in a loop: from 2^-140 it reaches the smallest subnormal, 2^-149, after nine
// halvings, and the tenth rounds 2^-150 to even, which is 0.
extern void reach_error(void);
float g = 0x1p-140f;
int main(void) {
  int steps = 0;
  while (g != 0.0f && steps < 20) {
    g = g / 2.0f;
    steps++;
  }
  if (steps == 10) reach_error();
  return 0;
}
