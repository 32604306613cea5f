// @expect safe
// A pointer walks an array (`p++` in a loop); the points-to analysis once added one offset per round and
// never ended.
extern void reach_error(void);
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  for (int *p = a; p < a + 5; p++) s += *p;
  if (s != 15) reach_error();
  return 0;
}
