#include "textflag.h"

DATA unorm8Scale<>+0(SB)/4, $0x437f0000 // 255
GLOBL unorm8Scale<>(SB), RODATA|NOPTR, $4
DATA unorm8Half<>+0(SB)/4, $0x3f000000 // 0.5
GLOBL unorm8Half<>(SB), RODATA|NOPTR, $4

// The dword order after the in-lane packs, back to pixel order.
DATA unorm8Perm<>+0(SB)/4, $0
DATA unorm8Perm<>+4(SB)/4, $4
DATA unorm8Perm<>+8(SB)/4, $1
DATA unorm8Perm<>+12(SB)/4, $5
DATA unorm8Perm<>+16(SB)/4, $2
DATA unorm8Perm<>+20(SB)/4, $6
DATA unorm8Perm<>+24(SB)/4, $3
DATA unorm8Perm<>+28(SB)/4, $7
GLOBL unorm8Perm<>(SB), RODATA|NOPTR, $32

// Bytes 0 and 2 of every pixel swapped (RGBA ↔ BGRA).
DATA unorm8Swap<>+0(SB)/8, $0x0704050603000102
DATA unorm8Swap<>+8(SB)/8, $0x0f0c0d0e0b08090a
DATA unorm8Swap<>+16(SB)/8, $0x0704050603000102
DATA unorm8Swap<>+24(SB)/8, $0x0f0c0d0e0b08090a
GLOBL unorm8Swap<>(SB), RODATA|NOPTR, $32

// func packUnorm8x8(dst *byte, src *float32, n int, bgra bool)
// Packs n pixels (n a multiple of 8; 4 floats each) into 4 bytes each:
// byte(v*255 + 0.5) per channel, two roundings as the scalar code, for
// values in [0, 1].
TEXT ·packUnorm8x8(SB), NOSPLIT, $0-25
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVBLZX bgra+24(FP), DX
	SHRQ $3, CX
	JZ   pkdone
	VBROADCASTSS unorm8Scale<>(SB), Y14
	VBROADCASTSS unorm8Half<>(SB), Y13
	VMOVDQU unorm8Perm<>(SB), Y12
	VMOVDQU unorm8Swap<>(SB), Y11

pkloop:
	VMULPS  (SI), Y14, Y0
	VMULPS  32(SI), Y14, Y1
	VMULPS  64(SI), Y14, Y2
	VMULPS  96(SI), Y14, Y3
	VADDPS  Y13, Y0, Y0
	VADDPS  Y13, Y1, Y1
	VADDPS  Y13, Y2, Y2
	VADDPS  Y13, Y3, Y3
	VCVTTPS2DQ Y0, Y0
	VCVTTPS2DQ Y1, Y1
	VCVTTPS2DQ Y2, Y2
	VCVTTPS2DQ Y3, Y3
	VPACKUSDW Y1, Y0, Y0 // words: p0 p2 | p1 p3
	VPACKUSDW Y3, Y2, Y2 // words: p4 p6 | p5 p7
	VPACKUSWB Y2, Y0, Y0 // dwords: p0 p2 p4 p6 | p1 p3 p5 p7
	VPERMD  Y0, Y12, Y0  // p0 … p7
	TESTQ   DX, DX
	JZ      pkstore
	VPSHUFB Y11, Y0, Y0

pkstore:
	VMOVDQU Y0, (DI)
	ADDQ    $128, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     pkloop

pkdone:
	VZEROUPPER
	RET
