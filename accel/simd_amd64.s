//go:build !goexperiment.simd

#include "textflag.h"

// Assembly forms of the archsimd node and leaf tests (fast_simd.go,
// leaf4_simd.go) for builds without GOEXPERIMENT=simd: the same float32
// operations in the same order on the same values, so the results are
// bit-identical. 128-bit VEX instructions only (they leave the AVX upper
// state as they find it). See simd_asm_amd64.go.

// slabScalars layout (bytes): o[3]float32 @0, fo @12, inv @24, tminb @36,
// tmaxb @40 (int32), plane byte offsets nx, ny, nz, fx, fy, fz @56..96
// (streamSlot has the same layout). The kernel broadcasts the scalars
// itself: 16-byte loads of vectors written one float at a time would stall
// on store forwarding.

// func slab4Node(nb unsafe.Pointer, ss *slabScalars, t0 *[4]int32) uint32
TEXT ·slab4Node(SB), NOSPLIT, $0-28
	MOVQ nb+0(FP), SI
	MOVQ ss+8(FP), DI
	MOVQ t0+16(FP), R8
	VBROADCASTSS 24(DI), X6 // ix
	VBROADCASTSS 28(DI), X7 // iy
	VBROADCASTSS 32(DI), X8 // iz
	// t0 = max(max(max((lx-ox)*ix, (ly-oy)*iy), (lz-oz)*iz), tmin) as ints
	MOVQ 56(DI), AX
	VMOVUPS (SI)(AX*1), X0
	VBROADCASTSS 0(DI), X4
	VSUBPS X4, X0, X0
	VMULPS X6, X0, X0
	MOVQ 64(DI), AX
	VMOVUPS (SI)(AX*1), X1
	VBROADCASTSS 4(DI), X4
	VSUBPS X4, X1, X1
	VMULPS X7, X1, X1
	VPMAXSD X1, X0, X0
	MOVQ 72(DI), AX
	VMOVUPS (SI)(AX*1), X1
	VBROADCASTSS 8(DI), X4
	VSUBPS X4, X1, X1
	VMULPS X8, X1, X1
	VPMAXSD X1, X0, X0
	VPBROADCASTD 36(DI), X4
	VPMAXSD X4, X0, X0
	// t1 = min(min(min((hx-fox)*ix, (hy-foy)*iy), (hz-foz)*iz) + rob, tmax+1)
	MOVQ 80(DI), AX
	VMOVUPS (SI)(AX*1), X2
	VBROADCASTSS 12(DI), X4
	VSUBPS X4, X2, X2
	VMULPS X6, X2, X2
	MOVQ 88(DI), AX
	VMOVUPS (SI)(AX*1), X3
	VBROADCASTSS 16(DI), X4
	VSUBPS X4, X3, X3
	VMULPS X7, X3, X3
	VPMINSD X3, X2, X2
	MOVQ 96(DI), AX
	VMOVUPS (SI)(AX*1), X3
	VBROADCASTSS 20(DI), X4
	VSUBPS X4, X3, X3
	VMULPS X8, X3, X3
	VPMINSD X3, X2, X2
	VMOVDQU robULPs1<>(SB), X5
	VPADDD X5, X2, X2
	VPBROADCASTD 40(DI), X4
	VPADDD ones4<>(SB), X4, X4
	VPMINSD X4, X2, X2
	// mask of t0 < t1
	VPCMPGTD X0, X2, X2
	VMOVMSKPS X2, AX
	VMOVUPS X0, (R8)
	MOVL AX, ret+24(FP)
	RET

// func slab4NodeRay(nb unsafe.Pointer, r *levelRay, tb *[2]int32, t0 *[4]int32) uint32
//
// slab4Node reading levelRay's fields (o @0, fo @24, inv @36, plane
// offsets in floats @48..88) and the interval bits from tb.
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

// fastTri layout (bytes): kx @0, ky @8, kz @16 (int), pox @24, poy @28,
// poz @32, shx @36, shy @40, shz @44, tmin @48, tmax @52 (float32),
// cull @56 (int8). Scalars are broadcast here (see slab4Node).

// func leaf4Group(gp unsafe.Pointer, f *fastTri, valid uint32, out *[4][4]float32) uint32
//
// Returns the lanes that pass (bits 0-3: t, u, v, det in out), 0 when
// none does, or 256 when leaf must take the group over (a zero edge
// function or a NaN distance on a live lane).
TEXT ·leaf4Group(SB), NOSPLIT, $0-36
	MOVQ gp+0(FP), SI
	MOVQ f+8(FP), DI
	MOVL valid+16(FP), R11
	MOVQ out+24(FP), DX
	MOVQ 0(DI), R8
	ANDQ $3, R8
	SHLQ $4, R8
	MOVQ 8(DI), R9
	ANDQ $3, R9
	SHLQ $4, R9
	MOVQ 16(DI), R10
	ANDQ $3, R10
	SHLQ $4, R10
	// az, bz, cz
	VBROADCASTSS 32(DI), X12 // poz
	VMOVUPS (SI)(R10*1), X0
	VSUBPS X12, X0, X0
	VMOVUPS 48(SI)(R10*1), X1
	VSUBPS X12, X1, X1
	VMOVUPS 96(SI)(R10*1), X2
	VSUBPS X12, X2, X2
	// ax, bx, cx = (p.x - pox) - shx*(a|b|c)z
	VBROADCASTSS 24(DI), X12 // pox
	VBROADCASTSS 36(DI), X13 // shx
	VMOVUPS (SI)(R8*1), X3
	VSUBPS X12, X3, X3
	VMULPS X13, X0, X15
	VSUBPS X15, X3, X3
	VMOVUPS 48(SI)(R8*1), X5
	VSUBPS X12, X5, X5
	VMULPS X13, X1, X15
	VSUBPS X15, X5, X5
	VMOVUPS 96(SI)(R8*1), X7
	VSUBPS X12, X7, X7
	VMULPS X13, X2, X15
	VSUBPS X15, X7, X7
	// ay, by, cy
	VBROADCASTSS 28(DI), X12 // poy
	VBROADCASTSS 40(DI), X13 // shy
	VMOVUPS (SI)(R9*1), X4
	VSUBPS X12, X4, X4
	VMULPS X13, X0, X15
	VSUBPS X15, X4, X4
	VMOVUPS 48(SI)(R9*1), X6
	VSUBPS X12, X6, X6
	VMULPS X13, X1, X15
	VSUBPS X15, X6, X6
	VMOVUPS 96(SI)(R9*1), X8
	VSUBPS X12, X8, X8
	VMULPS X13, X2, X15
	VSUBPS X15, X8, X8
	// u = cx*by - cy*bx (X9), w = bx*ay - by*ax (X10), v = ax*cy - ay*cx (X11)
	VMULPS X6, X7, X9
	VMULPS X5, X8, X15
	VSUBPS X15, X9, X9
	VMULPS X4, X5, X10
	VMULPS X3, X6, X15
	VSUBPS X15, X10, X10
	VMULPS X8, X3, X11
	VMULPS X7, X4, X15
	VSUBPS X15, X11, X11
	VXORPS X14, X14, X14
	// live = valid &^ (u*w < 0)
	VMULPS X10, X9, X15
	VCMPPS $1, X14, X15, X15
	VMOVMSKPS X15, BX
	NOTL BX
	MOVL R11, AX
	ANDL BX, AX
	JZ none
	// a zero edge function on a live lane: leaf decides
	VCMPPS $0, X14, X9, X12
	VCMPPS $0, X14, X11, X13
	VORPS X13, X12, X12
	VCMPPS $0, X14, X10, X13
	VORPS X13, X12, X12
	VMOVMSKPS X12, BX
	TESTL AX, BX
	JNZ rest
	// mixed signs: (u<0|v<0|w<0) & (u>0|v>0|w>0)
	VCMPPS $1, X14, X9, X12
	VCMPPS $1, X14, X11, X13
	VORPS X13, X12, X12
	VCMPPS $1, X14, X10, X13
	VORPS X13, X12, X12
	VCMPPS $1, X9, X14, X13
	VCMPPS $1, X11, X14, X15
	VORPS X15, X13, X13
	VCMPPS $1, X10, X14, X15
	VORPS X15, X13, X13
	VANDPS X13, X12, X12
	VMOVMSKPS X12, BX
	NOTL BX
	ANDL BX, AX
	JZ none
	// det = (u + v) + w (X12); drop det == 0 and culled signs
	VADDPS X11, X9, X12
	VADDPS X10, X12, X12
	VCMPPS $0, X14, X12, X13
	VMOVMSKPS X13, BX
	NOTL BX
	ANDL BX, AX
	MOVBQSX 56(DI), CX
	CMPQ CX, $0
	JEQ nocull
	JLT cullneg
	VCMPPS $1, X12, X14, X13 // det > 0
	JMP cullmask
cullneg:
	VCMPPS $1, X14, X12, X13 // det < 0
cullmask:
	VMOVMSKPS X13, BX
	NOTL BX
	ANDL BX, AX
nocull:
	// rcp = 1/det (X13); t = ((u*(shz*az) + v*(shz*bz)) + w*(shz*cz)) * rcp
	VMOVUPS one4<>(SB), X13
	VDIVPS X12, X13, X13
	VBROADCASTSS 44(DI), X15 // shz
	VMULPS X15, X0, X0
	VMULPS X0, X9, X0
	VMULPS X15, X1, X1
	VMULPS X1, X11, X1
	VMULPS X15, X2, X2
	VMULPS X2, X10, X2
	VADDPS X1, X0, X0
	VADDPS X2, X0, X0
	VMULPS X13, X0, X0
	// drop t < tmin or t > tmax
	VBROADCASTSS 48(DI), X1
	VCMPPS $1, X1, X0, X1
	VBROADCASTSS 52(DI), X2
	VCMPPS $1, X0, X2, X2
	VORPS X2, X1, X1
	VMOVMSKPS X1, BX
	NOTL BX
	ANDL BX, AX
	JZ none
	// a NaN distance on a live lane: leaf decides
	VCMPPS $0, X0, X0, X1
	VMOVMSKPS X1, BX
	NOTL BX
	TESTL AX, BX
	JNZ rest
	VMOVUPS X0, 0(DX)
	VMULPS X13, X11, X1
	VMOVUPS X1, 16(DX)
	VMULPS X13, X10, X1
	VMOVUPS X1, 32(DX)
	VMOVUPS X12, 48(DX)
	ANDL $15, AX
	MOVL AX, ret+32(FP)
	RET
none:
	MOVL $0, ret+32(FP)
	RET
rest:
	MOVL $256, ret+32(FP)
	RET

DATA one4<>+0(SB)/4, $0x3f800000
DATA one4<>+4(SB)/4, $0x3f800000
DATA one4<>+8(SB)/4, $0x3f800000
DATA one4<>+12(SB)/4, $0x3f800000
GLOBL one4<>(SB), RODATA|NOPTR, $16
