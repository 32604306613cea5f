; expect: sat
; Algebraic datatypes: a list built by consing the counter; the head is never above the count.
(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun inv (Lst Int) Bool)
(assert (forall ((l Lst) (n Int)) (=> (and (= l nil) (= n 0)) (inv l n))))
(assert (forall ((l Lst) (n Int) (l2 Lst) (n2 Int)) (=> (and (inv l n) (= l2 (cons n l)) (= n2 (+ n 1))) (inv l2 n2))))
(assert (forall ((l Lst) (n Int) (x Int) (r Lst)) (=> (and (inv l n) (= l (cons x r)) (> x n)) false)))
(check-sat)
