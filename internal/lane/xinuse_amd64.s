//go:build ingot_denormcensus

#include "textflag.h"

// func xinuse() uint64
//
// XGETBV with ECX=1: the XINUSE bitmap of the state components that are
// not in their initial state (bit 2: the upper halves of YMM0-15; bits 5-7:
// AVX-512 opmask, ZMM0-15 upper halves, ZMM16-31).
TEXT ·xinuse(SB), NOSPLIT, $0-8
	MOVL $1, CX
	XGETBV
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func cpuidXGETBV1() bool
//
// CPUID.(EAX=0DH,ECX=1):EAX bit 2: XGETBV with ECX=1 is supported.
TEXT ·cpuidXGETBV1(SB), NOSPLIT, $0-1
	MOVL $0xd, AX
	MOVL $1, CX
	CPUID
	SHRL $2, AX
	ANDL $1, AX
	MOVB AX, ret+0(FP)
	RET
