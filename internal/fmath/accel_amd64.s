//go:build !goexperiment.simd

#include "textflag.h"

// func sqrt8(dst, x *float32, n int)
// dst[i] = sqrt(x[i]) for i < n (n a multiple of 8).
TEXT ·sqrt8(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
sqloop:
	VSQRTPS (SI), Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ sqloop
	VZEROUPPER
	RET

// func rsqrt8(dst, x *float32, n int)
// dst[i] = 1 / sqrt(x[i]) for i < n (n a multiple of 8), two roundings.
TEXT ·rsqrt8(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	MOVL $0x3f800000, AX
	VMOVQ AX, X1
	VBROADCASTSS X1, Y1
rsloop:
	VSQRTPS (SI), Y0
	VDIVPS Y0, Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ rsloop
	VZEROUPPER
	RET
