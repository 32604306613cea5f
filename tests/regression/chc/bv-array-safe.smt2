; expect: sat
; Bit-vectors and arrays: a byte counter below 16 stored in an array cell.
(set-logic HORN)
(declare-fun I ((Array Int (_ BitVec 8)) (_ BitVec 8)) Bool)
(assert (forall ((a (Array Int (_ BitVec 8))) (b (_ BitVec 8)))
  (=> (and (= b #x00) (= (select a 0) b)) (I a b))))
(assert (forall ((a (Array Int (_ BitVec 8))) (b (_ BitVec 8)))
  (=> (and (I a b) (bvult b #x0f)) (I (store a 0 (bvadd b #x01)) (bvadd b #x01)))))
(assert (forall ((a (Array Int (_ BitVec 8))) (b (_ BitVec 8)))
  (=> (and (I a b) (not (= (select a 0) b))) false)))
(check-sat)
(exit)
