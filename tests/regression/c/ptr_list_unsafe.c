// @expect unsafe
// A malloc'd linked list of nondet length at most 3: the third node's value exceeds 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void free(void *);
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < 3 && i < n; i++) {
    struct node *nd = malloc(sizeof(struct node));
    if (!nd) return 0;
    nd->val = i + 1;
    nd->next = head;
    head = nd;
  }
  int len = 0;
  for (struct node *c = head; c; c = c->next) {
    if (c->val <= 0 || c->val > 2) reach_error();
    len++;
  }
  if (len > 3) reach_error();
  while (head) { struct node *t = head->next; free(head); head = t; }
  return 0;
}
