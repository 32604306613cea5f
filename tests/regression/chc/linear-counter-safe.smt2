; expect: sat
; A counter that steps by 2 from 0 never becomes odd.
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= (mod x 2) 1)) false)))
(check-sat)
(exit)
