// @expect safe
// Several procedures sharing a global: the balance never goes negative.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int balance = 0;
void deposit(int amount) {
  if (amount > 0 && amount < 1000) balance += amount;
}
int withdraw(int amount) {
  if (amount <= 0 || amount > balance) return 0;
  balance -= amount;
  return 1;
}
int main(void) {
  for (int i = 0; i < 3; i++) {
    deposit(__VERIFIER_nondet_int());
    withdraw(__VERIFIER_nondet_int());
    if (balance < 0) reach_error();
  }
  return 0;
}
