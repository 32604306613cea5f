; expect: unsat
; Two predicates joined in one body: even(4) and odd(3) make 7.
(set-logic HORN)
(declare-fun even (Int) Bool)
(declare-fun odd (Int) Bool)
(assert (even 0))
(assert (forall ((x Int)) (=> (even x) (odd (+ x 1)))))
(assert (forall ((x Int)) (=> (odd x) (even (+ x 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (even x) (odd y) (= (+ x y) 7) (> x 3)) false)))
(check-sat)
(exit)
