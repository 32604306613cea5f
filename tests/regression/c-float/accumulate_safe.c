// @expect safe
// Adding 0.1f ten times does not give exactly 1.0f, but stays within a small error of it.
extern void reach_error(void);
int main(void) {
  float sum = 0.0f;
  for (int i = 0; i < 10; i++) sum += 0.1f;
  if (sum == 1.0f) reach_error();
  if (sum < 0.9999f || sum > 1.0001f) reach_error();
  return 0;
}
