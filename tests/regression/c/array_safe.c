// @expect safe
// A local array filled in a loop reads back what was written.
extern void reach_error(void);
int main(void) {
  int squares[8];
  for (int i = 0; i < 8; i++) squares[i] = i * i;
  int sum = 0;
  for (int i = 0; i < 8; i++) sum += squares[i];
  if (sum != 140) reach_error();
  return 0;
}
