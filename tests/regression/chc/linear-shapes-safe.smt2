; expect: sat
; Input shapes the reader normalises: a plain fact with term arguments, a repeated variable, a query
; written as (not (and ...)), a clause as a disjunction, an existential body, Bool arguments, an unused
; predicate and a nullary one.
(set-logic HORN)
(declare-fun P (Int Int Bool) Bool)
(declare-fun Q (Int) Bool)
(declare-fun |never used| (Int) Bool)
(declare-fun Bad () Bool)
(assert (P 0 0 true))
(assert (forall ((x Int) (b Bool)) (=> (and (P x x b) b) (P (+ x 1) (+ x 1) (not b)))))
(assert (forall ((x Int) (y Int) (b Bool)) (or (not (P x y b)) (Q (- x y)))))
(assert (forall ((z Int)) (=> (exists ((x Int) (y Int)) (and (P x y false) (= z (+ x y)))) (Q (- z z)))))
(assert (forall ((d Int)) (=> (and (Q d) (not (= d 0))) Bad)))
(assert (not Bad))
(assert (forall ((x Int) (y Int) (b Bool)) (not (and (P x y b) (> x 1)))))
(check-sat)
(exit)
