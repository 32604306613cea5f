/* The declarations every spot-check program uses: the SV-COMP functions and the library they call. */
extern void abort(void);
extern void exit(int);
extern void *malloc(unsigned long);
extern void free(void *);
extern void *memset(void *, int, unsigned long);
extern void *memcpy(void *, const void *, unsigned long);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { abort(); }
