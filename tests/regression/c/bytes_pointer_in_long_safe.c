// @expect safe
// A pointer stored into a long cell (through a cast of the cell's address) and read back as a pointer.
extern void reach_error(void);
int target = 7;
int main(void) {
  long cell = 0;
  *(int **)&cell = &target;
  if (cell == 0) reach_error();
  int *back = (int *)cell;
  if (*back != 7) reach_error();
  return 0;
}
