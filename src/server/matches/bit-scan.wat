;; The match index's scan (bit-scan.ts): for each listed row, what they give me, the bits of their free
;; doubles among the stickers I miss (gives & mask), and what I give them, the bits of my free doubles
;; among the stickers they miss (mine & ~owned), sixteen bytes at a time with WebAssembly SIMD's byte
;; popcount. Built into bit-scan.wasm by `npm run build:wasm` (scripts/build-wasm.ts); bit-scan.test.ts
;; checks that the two agree.
(module
  (memory (import "index" "memory") 1)
  ;; The sum of the eight 16-bit lanes of $sums.
  (func $total (param $sums v128) (result i32)
    (local.set $sums (i32x4.extadd_pairwise_i16x8_u (local.get $sums)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $sums)) (i32x4.extract_lane 1 (local.get $sums)))
      (i32.add (i32x4.extract_lane 2 (local.get $sums)) (i32x4.extract_lane 3 (local.get $sums)))))
  ;; $gives, $owned: rows of $vectors v128s each; $list: $count row numbers (i32); $mask, $mine: $vectors
  ;; v128s each; $theyGive, $iGive: one i32 per listed row.
  (func (export "countRows")
    (param $gives i32) (param $owned i32) (param $vectors i32) (param $list i32) (param $count i32)
    (param $mask i32) (param $mine i32) (param $theyGive i32) (param $iGive i32)
    (local $i i32) (local $row i32) (local $at i32) (local $rowBytes i32) (local $out i32)
    (local $theirs v128) (local $ours v128)
    (local.set $rowBytes (i32.shl (local.get $vectors) (i32.const 4)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $row
          (i32.mul (i32.load (i32.add (local.get $list) (i32.shl (local.get $i) (i32.const 2))))
                   (local.get $rowBytes)))
        ;; Eight 16-bit sums each, of two bytes' popcounts per vector: no overflow below 4,096 vectors.
        (local.set $theirs (v128.const i64x2 0 0))
        (local.set $ours (v128.const i64x2 0 0))
        (local.set $at (i32.const 0))
        (block $rowDone
          (loop $vector
            (br_if $rowDone (i32.ge_u (local.get $at) (local.get $rowBytes)))
            (local.set $theirs
              (i16x8.add (local.get $theirs)
                (i16x8.extadd_pairwise_i8x16_u
                  (i8x16.popcnt
                    (v128.and
                      (v128.load (i32.add (i32.add (local.get $gives) (local.get $row)) (local.get $at)))
                      (v128.load (i32.add (local.get $mask) (local.get $at))))))))
            (local.set $ours
              (i16x8.add (local.get $ours)
                (i16x8.extadd_pairwise_i8x16_u
                  (i8x16.popcnt
                    (v128.andnot
                      (v128.load (i32.add (local.get $mine) (local.get $at)))
                      (v128.load (i32.add (i32.add (local.get $owned) (local.get $row)) (local.get $at))))))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $vector)))
        (local.set $out (i32.shl (local.get $i) (i32.const 2)))
        (i32.store (i32.add (local.get $theyGive) (local.get $out)) (call $total (local.get $theirs)))
        (i32.store (i32.add (local.get $iGive) (local.get $out)) (call $total (local.get $ours)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))))
