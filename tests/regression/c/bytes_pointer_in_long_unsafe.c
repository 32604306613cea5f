// @expect unsafe
// A pointer stored into a long cell and read back: it points to the int it was taken from.
extern void reach_error(void);
int target = 7;
int main(void) {
  long cell = 0;
  *(int **)&cell = &target;
  int *back = *(int **)&cell;
  *back = 8;
  if (target == 8) reach_error();
  return 0;
}
