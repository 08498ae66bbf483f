//go:build !goexperiment.simd

#include "textflag.h"

// Assembly forms of the archsimd node and leaf tests (fast_simd.go,
// leaf4_simd.go) for builds without GOEXPERIMENT=simd: the same float32
// operations in the same order on the same values, so the results are
// bit-identical. 128-bit VEX instructions only (they leave the AVX upper
// state as they find it). See simd_asm_amd64.go.

// slabVecs layout (bytes): o[3][4]float32 @0, fo @48, inv @96,
// t[0] (tmin bits) @144, t[1] (tmax bits + 1) @160.

// func slab4Node(nb unsafe.Pointer, off *[6]uintptr, v *slabVecs, t0 *[4]int32) uint32
TEXT ·slab4Node(SB), NOSPLIT, $0-36
	MOVQ nb+0(FP), SI
	MOVQ off+8(FP), DX
	MOVQ v+16(FP), DI
	MOVQ t0+24(FP), R8
	// t0 = max(max(max((lx-ox)*ix, (ly-oy)*iy), (lz-oz)*iz), tmin) as ints
	MOVQ 0(DX), AX
	VMOVUPS (SI)(AX*1), X0
	VSUBPS 0(DI), X0, X0
	VMULPS 96(DI), X0, X0
	MOVQ 8(DX), AX
	VMOVUPS (SI)(AX*1), X1
	VSUBPS 16(DI), X1, X1
	VMULPS 112(DI), X1, X1
	VPMAXSD X1, X0, X0
	MOVQ 16(DX), AX
	VMOVUPS (SI)(AX*1), X1
	VSUBPS 32(DI), X1, X1
	VMULPS 128(DI), X1, X1
	VPMAXSD X1, X0, X0
	VPMAXSD 144(DI), X0, X0
	// t1 = min(min(min((hx-fox)*ix, (hy-foy)*iy), (hz-foz)*iz) + rob, tmax+1)
	MOVQ 24(DX), AX
	VMOVUPS (SI)(AX*1), X2
	VSUBPS 48(DI), X2, X2
	VMULPS 96(DI), X2, X2
	MOVQ 32(DX), AX
	VMOVUPS (SI)(AX*1), X3
	VSUBPS 64(DI), X3, X3
	VMULPS 112(DI), X3, X3
	VPMINSD X3, X2, X2
	MOVQ 40(DX), AX
	VMOVUPS (SI)(AX*1), X3
	VSUBPS 80(DI), X3, X3
	VMULPS 128(DI), X3, X3
	VPMINSD X3, X2, X2
	VPADDD robULPs1<>(SB), X2, X2
	VPMINSD 160(DI), X2, X2
	// mask of t0 < t1
	VPCMPGTD X0, X2, X2
	VMOVMSKPS X2, AX
	VMOVUPS X0, (R8)
	MOVL AX, ret+32(FP)
	RET

// robustULPs + 1 (traverse.go), 4-wide.
DATA robULPs1<>+0(SB)/4, $9
DATA robULPs1<>+4(SB)/4, $9
DATA robULPs1<>+8(SB)/4, $9
DATA robULPs1<>+12(SB)/4, $9
GLOBL robULPs1<>(SB), RODATA|NOPTR, $16

// leaf4Consts layout (bytes): pox @0, poy @16, poz @32, shx @48, shy @64,
// shz @80, tmin @96, tmax @112 (each 4-wide), ox @128, oy @136, oz @144
// (byte offsets of the permuted components), valid @152 (int32),
// cull @156 (int32).

// func leaf4Group(gp unsafe.Pointer, c *leaf4Consts, out *[4][4]float32) uint32
//
// Returns the lanes that pass (bits 0-3: t, u, v, det in out), 0 when
// none does, or 256 when leaf must take the group over (a zero edge
// function or a NaN distance on a live lane).
TEXT ·leaf4Group(SB), NOSPLIT, $0-28
	MOVQ gp+0(FP), SI
	MOVQ c+8(FP), DI
	MOVQ out+16(FP), DX
	MOVQ 128(DI), R8
	MOVQ 136(DI), R9
	MOVQ 144(DI), R10
	MOVL 152(DI), R11
	// az, bz, cz
	VMOVUPS (SI)(R10*1), X0
	VSUBPS 32(DI), X0, X0
	VMOVUPS 48(SI)(R10*1), X1
	VSUBPS 32(DI), X1, X1
	VMOVUPS 96(SI)(R10*1), X2
	VSUBPS 32(DI), X2, X2
	// ax = (p0x - pox) - shx*az, ay likewise
	VMOVUPS (SI)(R8*1), X3
	VSUBPS 0(DI), X3, X3
	VMULPS 48(DI), X0, X15
	VSUBPS X15, X3, X3
	VMOVUPS (SI)(R9*1), X4
	VSUBPS 16(DI), X4, X4
	VMULPS 64(DI), X0, X15
	VSUBPS X15, X4, X4
	// bx, by
	VMOVUPS 48(SI)(R8*1), X5
	VSUBPS 0(DI), X5, X5
	VMULPS 48(DI), X1, X15
	VSUBPS X15, X5, X5
	VMOVUPS 48(SI)(R9*1), X6
	VSUBPS 16(DI), X6, X6
	VMULPS 64(DI), X1, X15
	VSUBPS X15, X6, X6
	// cx, cy
	VMOVUPS 96(SI)(R8*1), X7
	VSUBPS 0(DI), X7, X7
	VMULPS 48(DI), X2, X15
	VSUBPS X15, X7, X7
	VMOVUPS 96(SI)(R9*1), X8
	VSUBPS 16(DI), X8, X8
	VMULPS 64(DI), X2, X15
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
	MOVL 156(DI), CX
	CMPL CX, $0
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
	VMULPS 80(DI), X0, X0
	VMULPS X0, X9, X0
	VMULPS 80(DI), X1, X1
	VMULPS X1, X11, X1
	VMULPS 80(DI), X2, X2
	VMULPS X2, X10, X2
	VADDPS X1, X0, X0
	VADDPS X2, X0, X0
	VMULPS X13, X0, X0
	// drop t < tmin or t > tmax
	VCMPPS $1, 96(DI), X0, X1
	VMOVUPS 112(DI), X2
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
	MOVL AX, ret+24(FP)
	RET
none:
	MOVL $0, ret+24(FP)
	RET
rest:
	MOVL $256, ret+24(FP)
	RET

DATA one4<>+0(SB)/4, $0x3f800000
DATA one4<>+4(SB)/4, $0x3f800000
DATA one4<>+8(SB)/4, $0x3f800000
DATA one4<>+12(SB)/4, $0x3f800000
GLOBL one4<>(SB), RODATA|NOPTR, $16
