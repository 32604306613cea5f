; expect: unsat
; The system of linear-reals-safe.smt2 with a state it reaches: y = 3/2 x grows by at most 3/4 a step,
; so y >= 2 is reached in three steps (never in two: a question over the reals, with strict steps).
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (d Real) (x1 Real) (y1 Real))
  (=> (and (inv x y) (> d 0.0) (<= d (/ 1.0 2.0)) (= x1 (+ x d)) (= y1 (+ y (* (/ 3.0 2.0) d)))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (>= y 2.0)) false)))
(check-sat)
(exit)
