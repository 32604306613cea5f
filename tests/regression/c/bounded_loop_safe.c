// @expect safe
// A loop with a constant bound: a bounded model checker can exhaust it.
extern void reach_error(void);
int main(void) {
  int sum = 0;
  for (int i = 0; i < 10; i++) sum += i;
  if (sum != 45) reach_error();
  return 0;
}
