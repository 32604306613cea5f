// @expect safe
// Unsigned arithmetic wraps around: 0 - 1 is UINT_MAX, and UINT_MAX + 1 is 0.
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  x--;
  if (x != 4294967295u) reach_error();
  x++;
  if (x != 0u) reach_error();
  return 0;
}
