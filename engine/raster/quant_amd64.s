#include "textflag.h"

DATA q255<>+0(SB)/8, $255.0
GLOBL q255<>(SB), RODATA|NOPTR, $8
DATA qhalf<>+0(SB)/8, $0.5
GLOBL qhalf<>(SB), RODATA|NOPTR, $8
DATA q255f<>+0(SB)/4, $255.0
GLOBL q255f<>(SB), RODATA|NOPTR, $4

// func unorm8LinAVX2(dst, src *float32, n int)
//
// dst[i] = float32(unorm8(src[i])) / 255 for n (a multiple of 4) values:
// x = float64(src[i])·255; 0 unless x > 0 (NaN too); min(x, 255) + ½
// truncated.
TEXT ·unorm8LinAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD q255<>(SB), Y13
	VBROADCASTSD qhalf<>(SB), Y14
	VBROADCASTSS q255f<>(SB), X15
	VXORPD Y12, Y12, Y12
	XORQ AX, AX

loop:
	CMPQ CX, $4
	JL   done
	VCVTPS2PD (SI)(AX*4), Y0
	VMULPD    Y13, Y0, Y0
	VCMPPD    $0x1e, Y12, Y0, Y1 // x > 0 (ordered: false for NaN)
	VMINPD    Y13, Y0, Y0        // min(x, 255); x is not NaN where kept
	VADDPD    Y14, Y0, Y0
	VANDPD    Y1, Y0, Y0         // 0 where !(x > 0)
	VCVTTPD2DQY Y0, X0
	VCVTDQ2PS X0, X0
	VDIVPS    X15, X0, X0
	VMOVUPS   X0, (DI)(AX*4)
	ADDQ      $4, AX
	SUBQ      $4, CX
	JMP       loop

done:
	VZEROUPPER
	RET
