// @expect safe
// Global arrays start with their initialisers and are shared with the procedures that change them.
extern void reach_error(void);
int table[4] = {1, 2, 3, 4};
int total;
void add_all(void) {
  for (int i = 0; i < 4; i++) total += table[i];
}
void double_first(void) { table[0] = table[0] * 2; }
int main(void) {
  double_first();
  add_all();
  if (total != 11) reach_error();
  return 0;
}
