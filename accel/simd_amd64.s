//go:build !goexperiment.simd

#include "textflag.h"

// Assembly forms of the archsimd node tests (fast_simd.go) for builds
// without GOEXPERIMENT=simd: the same float32 operations in the same order
// on the same values, so the results are bit-identical. 128-bit VEX
// instructions only (they leave the AVX upper state as they find it). See
// simd_asm_amd64.go. The leaf group test (leaf4Group) is generated with the
// traversal kernels, from the same text, in trace_amd64.s.

// func slab4NodeRay(nb unsafe.Pointer, r *levelRay, tb *[2]int32, t0 *[4]int32) uint32
//
// The slab test of a 4-wide node's children reading levelRay's fields
// (o @0, fo @24, inv @36, plane offsets in floats @48..88; broadcast here:
// 16-byte loads of vectors written one float at a time would stall on
// store forwarding) and the interval bits from tb.
TEXT ·slab4NodeRay(SB), NOSPLIT, $0-36
	MOVQ nb+0(FP), SI
	MOVQ r+8(FP), DI
	MOVQ tb+16(FP), R9
	MOVQ t0+24(FP), R8
	VBROADCASTSS 36(DI), X6 // ix
	VBROADCASTSS 40(DI), X7 // iy
	VBROADCASTSS 44(DI), X8 // iz
	// t0 = max(max(max((lx-ox)*ix, (ly-oy)*iy), (lz-oz)*iz), tmin) as ints
	MOVQ 48(DI), AX
	SHLQ $2, AX
	VMOVUPS (SI)(AX*1), X0
	VBROADCASTSS 0(DI), X4
	VSUBPS X4, X0, X0
	VMULPS X6, X0, X0
	MOVQ 56(DI), AX
	SHLQ $2, AX
	VMOVUPS (SI)(AX*1), X1
	VBROADCASTSS 4(DI), X4
	VSUBPS X4, X1, X1
	VMULPS X7, X1, X1
	VPMAXSD X1, X0, X0
	MOVQ 64(DI), AX
	SHLQ $2, AX
	VMOVUPS (SI)(AX*1), X1
	VBROADCASTSS 8(DI), X4
	VSUBPS X4, X1, X1
	VMULPS X8, X1, X1
	VPMAXSD X1, X0, X0
	VPBROADCASTD 0(R9), X4
	VPMAXSD X4, X0, X0
	// t1 = min(min(min((hx-fox)*ix, (hy-foy)*iy), (hz-foz)*iz) + rob, tmax+1)
	MOVQ 72(DI), AX
	SHLQ $2, AX
	VMOVUPS (SI)(AX*1), X2
	VBROADCASTSS 24(DI), X4
	VSUBPS X4, X2, X2
	VMULPS X6, X2, X2
	MOVQ 80(DI), AX
	SHLQ $2, AX
	VMOVUPS (SI)(AX*1), X3
	VBROADCASTSS 28(DI), X4
	VSUBPS X4, X3, X3
	VMULPS X7, X3, X3
	VPMINSD X3, X2, X2
	MOVQ 88(DI), AX
	SHLQ $2, AX
	VMOVUPS (SI)(AX*1), X3
	VBROADCASTSS 32(DI), X4
	VSUBPS X4, X3, X3
	VMULPS X8, X3, X3
	VPMINSD X3, X2, X2
	VMOVDQU robULPs1<>(SB), X5
	VPADDD X5, X2, X2
	VPBROADCASTD 4(R9), X4
	VPADDD ones4<>(SB), X4, X4
	VPMINSD X4, X2, X2
	// mask of t0 < t1
	VPCMPGTD X0, X2, X2
	VMOVMSKPS X2, AX
	VMOVUPS X0, (R8)
	MOVL AX, ret+32(FP)
	RET

DATA ones4<>+0(SB)/4, $1
DATA ones4<>+4(SB)/4, $1
DATA ones4<>+8(SB)/4, $1
DATA ones4<>+12(SB)/4, $1
GLOBL ones4<>(SB), RODATA|NOPTR, $16

// robustULPs + 1 (traverse.go), 4-wide.
DATA robULPs1<>+0(SB)/4, $9
DATA robULPs1<>+4(SB)/4, $9
DATA robULPs1<>+8(SB)/4, $9
DATA robULPs1<>+12(SB)/4, $9
GLOBL robULPs1<>(SB), RODATA|NOPTR, $16
