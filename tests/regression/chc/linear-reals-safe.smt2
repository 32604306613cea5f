; expect: sat
; Linear real arithmetic: x and y start at 0; each step adds some d with 0 < d <= 1/2 to x and 3/2 d to y
; (the coefficients written as SMT-LIB writes rationals, (/ 3.0 2.0)). So 2y = 3x and x >= 0 hold
; throughout, and y <= x with x > 0 never does.
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (d Real) (x1 Real) (y1 Real))
  (=> (and (inv x y) (> d 0.0) (<= d (/ 1.0 2.0)) (= x1 (+ x d)) (= y1 (+ y (* (/ 3.0 2.0) d)))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (<= y x) (> x 0.0)) false)))
(check-sat)
(exit)
