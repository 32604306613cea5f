; expect: sat
; An even and an odd number never add up to an even number.
(set-logic HORN)
(declare-fun even (Int) Bool)
(declare-fun odd (Int) Bool)
(assert (even 0))
(assert (forall ((x Int)) (=> (even x) (odd (+ x 1)))))
(assert (forall ((x Int)) (=> (odd x) (even (+ x 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (even x) (odd y) (= (mod (+ x y) 2) 0)) false)))
(check-sat)
(exit)
