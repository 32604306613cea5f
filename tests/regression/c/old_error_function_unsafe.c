// @expect unsafe
// @error-function __VERIFIER_error
// @data-model ILP32
// The pre-2020 convention: the error function is declared, not defined.
extern void __VERIFIER_error(void) __attribute__((__noreturn__));
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x * 2 == 84) {
  ERROR:
    __VERIFIER_error();
  }
  return 0;
}
