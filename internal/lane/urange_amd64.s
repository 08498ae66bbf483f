#include "textflag.h"

// func urange8(w *uint32, n int, lo, hi *uint32)
//
// *lo = min(*lo, w[i]), *hi = max(*hi, w[i]+1) (wrapping) over the n (a
// multiple of 8) words at w.
TEXT ·urange8(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ lo+16(FP), DI
	MOVQ hi+24(FP), R8
	VPBROADCASTD (DI), Y0 // lo
	VPBROADCASTD (R8), Y1 // hi
	VPCMPEQD Y2, Y2, Y2
	VPSRLD   $31, Y2, Y2  // 1 in every lane
	XORQ AX, AX

loop:
	CMPQ CX, $8
	JL   fold
	VMOVDQU (SI)(AX*4), Y3
	VPMINUD Y3, Y0, Y0
	VPADDD  Y2, Y3, Y3
	VPMAXUD Y3, Y1, Y1
	ADDQ $8, AX
	SUBQ $8, CX
	JMP  loop

fold:
	VEXTRACTI128 $1, Y0, X3
	VPMINUD      X3, X0, X0
	VPSHUFD      $0x4e, X0, X3
	VPMINUD      X3, X0, X0
	VPSHUFD      $0xb1, X0, X3
	VPMINUD      X3, X0, X0
	VMOVD        X0, (DI)
	VEXTRACTI128 $1, Y1, X3
	VPMAXUD      X3, X1, X1
	VPSHUFD      $0x4e, X1, X3
	VPMAXUD      X3, X1, X1
	VPSHUFD      $0xb1, X1, X3
	VPMAXUD      X3, X1, X1
	VMOVD        X1, (R8)
	VZEROUPPER
	RET
