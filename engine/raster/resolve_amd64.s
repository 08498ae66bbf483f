#include "textflag.h"

// func resolveF32AVX(dst *byte, src *float32, n, ns int, inv float32)
//
// Per pixel: X0 = s0, then X0 = X0 + s_k for k = 1 … ns−1 (the running sum
// is the first operand, as in the Go loop), X0 · inv stored at dst.
TEXT ·resolveF32AVX(SB), NOSPLIT, $0-36
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ ns+24(FP), DX
	VBROADCASTSS inv+32(FP), X1
	MOVQ DX, R8
	SHLQ $4, R8 // bytes per pixel's samples
	CMPQ DX, $4
	JNE  general

four:
	TESTQ CX, CX
	JZ    done
	VMOVUPS (SI), X0
	VADDPS  16(SI), X0, X0
	VADDPS  32(SI), X0, X0
	VADDPS  48(SI), X0, X0
	VMULPS  X1, X0, X0
	VMOVUPS X0, (DI)
	ADDQ    $64, SI
	ADDQ    $16, DI
	DECQ    CX
	JMP     four

general:
	TESTQ CX, CX
	JZ    done
	VMOVUPS (SI), X0
	MOVQ    $16, AX

samples:
	CMPQ   AX, R8
	JGE    store
	VADDPS (SI)(AX*1), X0, X0
	ADDQ   $16, AX
	JMP    samples

store:
	VMULPS  X1, X0, X0
	VMOVUPS X0, (DI)
	ADDQ    R8, SI
	ADDQ    $16, DI
	DECQ    CX
	JMP     general

done:
	RET
