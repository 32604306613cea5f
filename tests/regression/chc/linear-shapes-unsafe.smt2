; expect: unsat
; The same shapes as linear-shapes-safe.smt2, but P reaches x = 2 because the flag is not required.
(set-logic HORN)
(declare-fun P (Int Int Bool) Bool)
(declare-fun Bad () Bool)
(assert (P 0 0 true))
(assert (forall ((x Int) (b Bool)) (=> (P x x b) (P (+ x 1) (+ x 1) (not b)))))
(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (P x y b) (> x 1)) Bad)))
(assert (=> Bad false))
(check-sat)
(exit)
