#include "textflag.h"

// Offsets of toneConsts (tonemap_amd64.go), 32 bytes a constant.
#define ONE 0
#define PLOW 32
#define PQUAD 64
#define POFF 96
#define PSTART 128
#define PD 160
#define PDD 192
#define PDESAT 224
#define AIN(i, j) (256+32*(3*i+j))
#define AOUT(i, j) (544+32*(3*i+j))
#define AA 832
#define AB 864
#define AC 896
#define AD 928
#define AE 960
#define ONEBITS 992
#define LOWBITS 1024
#define LOWMASK 1056
#define ALPHA 1088
#define PERM 1120

// ENC sets c to the codes of encodeSRGB8 of v's lanes (Y13 zero, R8 the
// constants, R9 the fused table; t1, t2, t3 scratch): the bits of v
// where v > 0 (0 for v ≤ 0 and NaN) clamped to those of srgbFusedLow
// and of 1 are those of a value of v's code; its entry in the fused
// table holds its bucket's code + 1 and the low bits of the bucket's
// threshold, and c is that code, one more where the value's low bits
// reach the threshold's.
#define ENC(v, c, t1, t2, t3) \
	VCMPPS     $0x1e, Y13, v, t1 \ // v > 0 (ordered: false for NaN)
	VPAND      t1, v, t1 \
	VPMINSD    ONEBITS(R8), t1, t1 \
	VPMAXSD    LOWBITS(R8), t1, t1 \
	VPSUBD     LOWBITS(R8), t1, t2 \
	VPSRLD     $15, t2, t2 \
	VPCMPEQD   t3, t3, t3 \
	VPXOR      c, c, c \
	VPGATHERDD t3, (R9)(t2*4), c \
	VPAND      LOWMASK(R8), t1, t1 \
	VPBLENDW   $0xaa, Y13, c, t2 \ // the threshold's low bits
	VPCMPGTD   t1, t2, t2 \        // not reached: −1
	VPSRLD     $16, c, c \
	VPADDD     t2, c, c

// func toneRowAVX2(dst *uint8, src *float32, n int, op kernel.ToneMap, k float32, c *toneConsts, fused *uint32, memo *float32, known *uint8, memoStep, knownStep int) int
//
// toneRowGo over n pixels (a multiple of 8), 8 at a time: the RGBA
// pixels transposed into R, G, B, A lanes (pixels 0, 2, 4, 6 | 1, 3, 5,
// 7). With a memo (not nil), the background's composite first: where
// !(A ≥ 1) (NaN too) c + (1 − A)·E, E the group's memo (24 floats, the
// lanes of R, G, B) whose known byte has a bit for every such lane; the
// kernel returns at the first group where it has not, with the pixels
// done. The composited pixels go back to src with alpha 1 (without a
// memo, src's alpha is set to 1). Then the exposure, and max(x, 0) as
// VMAXPS with x first (NaN: 0, −0: +0); PBR Neutral or ACES with the Go
// code's operations in its order, branches as blends, its min and max
// of channels none of which is NaN. A NaN channel makes every channel of
// the Go operators NaN (code 0): Y12 marks those pixels, whose codes are
// cleared. The codes are packed with alpha 255 and permuted back to
// pixel order.
TEXT ·toneRowAVX2(SB), NOSPLIT, $0-88
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS k+28(FP), Y14
	MOVQ         c+32(FP), R8
	MOVQ         fused+40(FP), R9
	MOVQ         memo+48(FP), R11
	MOVQ         known+56(FP), R12
	MOVQ         memoStep+64(FP), R10
	MOVQ         knownStep+72(FP), R13
	VMOVUPS      ONE(R8), Y15
	VXORPS       Y13, Y13, Y13
	XORQ         AX, AX

loop:
	CMPQ CX, $8
	JL   done

	// Y4..Y7 the interleaved pairs of channels.
	VMOVUPS   (SI), Y0
	VMOVUPS   32(SI), Y1
	VMOVUPS   64(SI), Y2
	VMOVUPS   96(SI), Y3
	VUNPCKLPS Y1, Y0, Y4
	VUNPCKLPS Y3, Y2, Y5
	VUNPCKHPS Y1, Y0, Y6
	VUNPCKHPS Y3, Y2, Y7
	TESTQ     R11, R11
	JEQ       nocompose

	// Y9 the lanes to composite, Y8 1 − A.
	VUNPCKHPD Y7, Y6, Y3
	VCMPPS    $0x19, Y15, Y3, Y9 // !(A >= 1) (unordered: true for NaN)
	VMOVMSKPS Y9, BX
	MOVBLZX   (R12), DX
	NOTL      DX
	ANDL      DX, BX
	JNZ       done // a lane the memo does not know
	VSUBPS    Y3, Y15, Y8
	VUNPCKLPD Y5, Y4, Y0
	VUNPCKHPD Y5, Y4, Y1
	VUNPCKLPD Y7, Y6, Y2
	VMULPS    (R11), Y8, Y10
	VADDPS    Y10, Y0, Y10
	VBLENDVPS Y9, Y10, Y0, Y0
	VMULPS    32(R11), Y8, Y10
	VADDPS    Y10, Y1, Y10
	VBLENDVPS Y9, Y10, Y1, Y1
	VMULPS    64(R11), Y8, Y10
	VADDPS    Y10, Y2, Y10
	VBLENDVPS Y9, Y10, Y2, Y2
	ADDQ      R10, R11
	ADDQ      R13, R12

	// Back to RGBA pixels, alpha 1.
	VUNPCKLPS Y1, Y0, Y4
	VUNPCKHPS Y1, Y0, Y5
	VUNPCKLPS Y15, Y2, Y6
	VUNPCKHPS Y15, Y2, Y7
	VUNPCKLPD Y6, Y4, Y3
	VMOVUPS   Y3, (SI)
	VUNPCKHPD Y6, Y4, Y3
	VMOVUPS   Y3, 32(SI)
	VUNPCKLPD Y7, Y5, Y3
	VMOVUPS   Y3, 64(SI)
	VUNPCKHPD Y7, Y5, Y3
	VMOVUPS   Y3, 96(SI)
	JMP       tone

nocompose:
	VBLENDPS  $0x88, Y15, Y0, Y0
	VBLENDPS  $0x88, Y15, Y1, Y1
	VBLENDPS  $0x88, Y15, Y2, Y2
	VBLENDPS  $0x88, Y15, Y3, Y3
	VMOVUPS   Y0, (SI)
	VMOVUPS   Y1, 32(SI)
	VMOVUPS   Y2, 64(SI)
	VMOVUPS   Y3, 96(SI)
	VUNPCKLPD Y5, Y4, Y0
	VUNPCKHPD Y5, Y4, Y1
	VUNPCKLPD Y7, Y6, Y2

tone:
	// Exposure, the pixels with a NaN channel, the clamp at 0.
	VMULPS Y14, Y0, Y0
	VMULPS Y14, Y1, Y1
	VMULPS Y14, Y2, Y2
	VCMPPS $3, Y0, Y0, Y12
	VCMPPS $3, Y1, Y1, Y4
	VORPS  Y4, Y12, Y12
	VCMPPS $3, Y2, Y2, Y4
	VORPS  Y4, Y12, Y12
	VMAXPS Y13, Y0, Y0
	VMAXPS Y13, Y1, Y1
	VMAXPS Y13, Y2, Y2

	CMPL   op+24(FP), $1
	JEQ    pbr
	CMPL   op+24(FP), $2
	JEQ    aces
	VXORPS Y12, Y12, Y12
	JMP    encode
pbr:
	// offset = x < 0.08 ? x - 6.25·x·x : 0.04, x the least channel.
	VMINPS    Y1, Y0, Y4
	VMINPS    Y2, Y4, Y4
	VMULPS    PQUAD(R8), Y4, Y5
	VMULPS    Y4, Y5, Y5
	VSUBPS    Y5, Y4, Y5
	VCMPPS    $1, PLOW(R8), Y4, Y6
	VMOVUPS   POFF(R8), Y7
	VBLENDVPS Y6, Y5, Y7, Y7
	VSUBPS    Y7, Y0, Y0
	VSUBPS    Y7, Y1, Y1
	VSUBPS    Y7, Y2, Y2

	// peak, Y5 where peak < start (those keep c).
	VMAXPS    Y1, Y0, Y4
	VMAXPS    Y2, Y4, Y4
	VCMPPS    $1, PSTART(R8), Y4, Y5
	VMOVMSKPS Y5, BX
	CMPL      BX, $0xff
	JEQ       encode // every peak below start

	// newPeak = 1 − d·d/(peak + d − start) (Y6), s = newPeak/peak (Y7),
	// g = 1 − 1/(desat·(peak − newPeak) + 1), 1 − g (Y9), newPeak·g
	// (Y10).
	VADDPS  PD(R8), Y4, Y6
	VSUBPS  PSTART(R8), Y6, Y6
	VMOVUPS PDD(R8), Y7
	VDIVPS  Y6, Y7, Y7
	VSUBPS  Y7, Y15, Y6
	VDIVPS  Y4, Y6, Y7
	VSUBPS  Y6, Y4, Y8
	VMULPS  PDESAT(R8), Y8, Y8
	VADDPS  Y15, Y8, Y8
	VDIVPS  Y8, Y15, Y8
	VSUBPS  Y8, Y15, Y8
	VSUBPS  Y8, Y15, Y9
	VMULPS  Y8, Y6, Y10

	// c = c·s·(1 − g) + newPeak·g where peak ≥ start.
	VMULPS    Y7, Y0, Y11
	VMULPS    Y9, Y11, Y11
	VADDPS    Y10, Y11, Y11
	VBLENDVPS Y5, Y0, Y11, Y0
	VMULPS    Y7, Y1, Y11
	VMULPS    Y9, Y11, Y11
	VADDPS    Y10, Y11, Y11
	VBLENDVPS Y5, Y1, Y11, Y1
	VMULPS    Y7, Y2, Y11
	VMULPS    Y9, Y11, Y11
	VADDPS    Y10, Y11, Y11
	VBLENDVPS Y5, Y2, Y11, Y2
	JMP       encode

aces:
	// v = in·c (Y4, Y6, Y7).
	VMULPS AIN(0,0)(R8), Y0, Y4
	VMULPS AIN(0,1)(R8), Y1, Y5
	VADDPS Y5, Y4, Y4
	VMULPS AIN(0,2)(R8), Y2, Y5
	VADDPS Y5, Y4, Y4
	VMULPS AIN(1,0)(R8), Y0, Y6
	VMULPS AIN(1,1)(R8), Y1, Y5
	VADDPS Y5, Y6, Y6
	VMULPS AIN(1,2)(R8), Y2, Y5
	VADDPS Y5, Y6, Y6
	VMULPS AIN(2,0)(R8), Y0, Y7
	VMULPS AIN(2,1)(R8), Y1, Y5
	VADDPS Y5, Y7, Y7
	VMULPS AIN(2,2)(R8), Y2, Y5
	VADDPS Y5, Y7, Y7

// RRT sets v to (v·(v + a) − b) / (v·(c·v + d) + e).
#define RRT(v) \
	VADDPS AA(R8), v, Y8 \
	VMULPS v, Y8, Y8 \
	VSUBPS AB(R8), Y8, Y8 \
	VMULPS AC(R8), v, Y9 \
	VADDPS AD(R8), Y9, Y9 \
	VMULPS v, Y9, Y9 \
	VADDPS AE(R8), Y9, Y9 \
	VDIVPS Y9, Y8, v

	RRT(Y4)
	RRT(Y6)
	RRT(Y7)

	// c = out·v (the encoding clamps as the saturate does).
	VMULPS AOUT(0,0)(R8), Y4, Y0
	VMULPS AOUT(0,1)(R8), Y6, Y5
	VADDPS Y5, Y0, Y0
	VMULPS AOUT(0,2)(R8), Y7, Y5
	VADDPS Y5, Y0, Y0
	VMULPS AOUT(1,0)(R8), Y4, Y1
	VMULPS AOUT(1,1)(R8), Y6, Y5
	VADDPS Y5, Y1, Y1
	VMULPS AOUT(1,2)(R8), Y7, Y5
	VADDPS Y5, Y1, Y1
	VMULPS AOUT(2,0)(R8), Y4, Y2
	VMULPS AOUT(2,1)(R8), Y6, Y5
	VADDPS Y5, Y2, Y2
	VMULPS AOUT(2,2)(R8), Y7, Y5
	VADDPS Y5, Y2, Y2

encode:
	ENC(Y0, Y4, Y7, Y8, Y9)
	ENC(Y1, Y5, Y7, Y8, Y9)
	ENC(Y2, Y6, Y7, Y8, Y9)
	VPSLLD  $8, Y5, Y5
	VPSLLD  $16, Y6, Y6
	VPOR    Y5, Y4, Y4
	VPOR    Y6, Y4, Y4
	VPANDN  Y4, Y12, Y4 // NaN pixels: 0
	VPOR    ALPHA(R8), Y4, Y4
	VMOVDQU PERM(R8), Y5
	VPERMD  Y4, Y5, Y4
	VMOVDQU Y4, (DI)

	ADDQ $128, SI
	ADDQ $32, DI
	ADDQ $8, AX
	SUBQ $8, CX
	JMP  loop

done:
	MOVQ AX, ret+80(FP)
	VZEROUPPER
	RET
