#include "textflag.h"

// Offsets of the constants in cacheConsts (each four float64 or uint64).
#define EPS 0
#define LOX 32
#define HIX 64
#define LOY 96
#define HIY 128
#define SX 160
#define BX 192
#define SY 224
#define BY 256
#define SZ 288
#define BZ 320
#define ONE 352
#define HALF 384
#define NHALF 416
#define S256 448
#define B1 480
#define B2 512
#define B4 544
#define B8 576
#define B16 608
#define B32 640
#define B64 672
#define BAD 704

// SNAP converts the window coordinates in V to int32 fixed point in X (T's
// low half), as snap does: t = trunc(v·256), +1 when v·256 − t ≥ ½, −1
// when ≤ −½ (Y1, Y2 scratch; V is clobbered).
#define SNAP(V, T, X) \
	VMULPD      S256(R8), V, V; \
	VROUNDPD    $3, V, T; \
	VSUBPD      T, V, Y1; \
	VCMPPD      $13, HALF(R8), Y1, Y2; \
	VANDPD      ONE(R8), Y2, Y2; \
	VADDPD      Y2, T, T; \
	VCMPPD      $2, NHALF(R8), Y1, Y2; \
	VANDPD      ONE(R8), Y2, Y2; \
	VSUBPD      Y2, T, T; \
	VCVTTPD2DQY T, X

// func cachePosAVX2(vxy *vpos, vc *vcache, voc *uint32, pos *float32, n int, k *cacheConsts)
//
// cachePositions for n (a multiple of 4) vertices, four at a time in
// float64 lanes: the same finiteness test, outcode and projection.
TEXT ·cachePosAVX2(SB), NOSPLIT, $0-48
	MOVQ vxy+0(FP), DI
	MOVQ vc+8(FP), R9
	MOVQ voc+16(FP), R10
	MOVQ pos+24(FP), SI
	MOVQ n+32(FP), CX
	MOVQ k+40(FP), R8
	VXORPD Y15, Y15, Y15

loop:
	CMPQ CX, $4
	JL   done
	// Four positions, transposed: Y8 x, Y9 y, Y10 z, Y11 w.
	VCVTPS2PD  0(SI), Y0
	VCVTPS2PD  16(SI), Y1
	VCVTPS2PD  32(SI), Y2
	VCVTPS2PD  48(SI), Y3
	VUNPCKLPD  Y1, Y0, Y4
	VUNPCKHPD  Y1, Y0, Y5
	VUNPCKLPD  Y3, Y2, Y6
	VUNPCKHPD  Y3, Y2, Y7
	VPERM2F128 $0x20, Y6, Y4, Y8
	VPERM2F128 $0x31, Y6, Y4, Y10
	VPERM2F128 $0x20, Y7, Y5, Y9
	VPERM2F128 $0x31, Y7, Y5, Y11

	// Y13: some component infinite or NaN (v·0 is NaN for those only).
	VMULPD Y15, Y8, Y4
	VMULPD Y15, Y9, Y5
	VADDPD Y5, Y4, Y4
	VMULPD Y15, Y10, Y5
	VADDPD Y5, Y4, Y4
	VMULPD Y15, Y11, Y5
	VADDPD Y5, Y4, Y4
	VCMPPD $3, Y4, Y4, Y13

	// Y12: the outcode, each test !(d >= 0) (NGE_US: true on NaN).
	VSUBPD EPS(R8), Y11, Y4
	VCMPPD $9, Y15, Y4, Y4
	VANDPD B1(R8), Y4, Y12
	VCMPPD $9, Y15, Y10, Y4
	VANDPD B2(R8), Y4, Y4
	VORPD  Y4, Y12, Y12
	VSUBPD Y10, Y11, Y4
	VCMPPD $9, Y15, Y4, Y4
	VANDPD B4(R8), Y4, Y4
	VORPD  Y4, Y12, Y12
	VMULPD LOX(R8), Y11, Y4
	VSUBPD Y4, Y8, Y4
	VCMPPD $9, Y15, Y4, Y4
	VANDPD B8(R8), Y4, Y4
	VORPD  Y4, Y12, Y12
	VMULPD HIX(R8), Y11, Y4
	VSUBPD Y8, Y4, Y4
	VCMPPD $9, Y15, Y4, Y4
	VANDPD B16(R8), Y4, Y4
	VORPD  Y4, Y12, Y12
	VMULPD LOY(R8), Y11, Y4
	VSUBPD Y4, Y9, Y4
	VCMPPD $9, Y15, Y4, Y4
	VANDPD B32(R8), Y4, Y4
	VORPD  Y4, Y12, Y12
	VMULPD HIY(R8), Y11, Y4
	VSUBPD Y9, Y4, Y4
	VCMPPD $9, Y15, Y4, Y4
	VANDPD B64(R8), Y4, Y4
	VORPD  Y4, Y12, Y12
	VBLENDVPD Y13, BAD(R8), Y12, Y12

	// Projection: Y5 1/w, Y6 fx, Y7 fy, Y10 z.
	VMOVUPD ONE(R8), Y4
	VDIVPD  Y11, Y4, Y5
	VMULPD  Y5, Y8, Y6
	VMULPD  SX(R8), Y6, Y6
	VADDPD  BX(R8), Y6, Y6
	VMULPD  Y5, Y9, Y7
	VMULPD  SY(R8), Y7, Y7
	VADDPD  BY(R8), Y7, Y7
	VMULPD  Y5, Y10, Y10
	VMULPD  SZ(R8), Y10, Y10
	VADDPD  BZ(R8), Y10, Y10

	SNAP(Y6, Y0, X0)
	SNAP(Y7, Y3, X3)

	// x = vOutside where the outcode is not 0: X4 has the int32 lanes
	// of the vertices whose outcode is 0.
	VPCMPEQQ     Y15, Y12, Y4
	VEXTRACTI128 $1, Y4, X1
	VSHUFPS      $0x88, X1, X4, X4
	VPCMPEQD     X2, X2, X2
	VPSLLD       $31, X2, X2
	VPBLENDVB    X4, X0, X2, X0

	// The four positions (8 bytes each: x, y), depths and 1/w (16 bytes
	// each) and outcodes (the low halves of Y12's lanes).
	VPUNPCKLDQ X3, X0, X1
	VPUNPCKHDQ X3, X0, X2
	VMOVDQU    X1, 0(DI)
	VMOVDQU    X2, 16(DI)
	VUNPCKLPD  Y5, Y10, Y6
	VUNPCKHPD  Y5, Y10, Y7
	VMOVUPD    X6, 0(R9)
	VMOVUPD    X7, 16(R9)
	VEXTRACTF128 $1, Y6, 32(R9)
	VEXTRACTF128 $1, Y7, 48(R9)
	VEXTRACTI128 $1, Y12, X4
	VSHUFPS    $0x88, X4, X12, X4
	VMOVDQU    X4, 0(R10)

	ADDQ $64, SI
	ADDQ $32, DI
	ADDQ $64, R9
	ADDQ $16, R10
	SUBQ $4, CX
	JMP  loop

done:
	VZEROUPPER
	RET
