; expect: unsat
; fib(5) = 5.
(set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int))
  (=> (and (> n 1) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((r Int)) (=> (and (fib 5 r) (= r 5)) false)))
(check-sat)
(exit)
