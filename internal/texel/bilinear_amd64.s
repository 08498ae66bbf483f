#include "textflag.h"

// Constants of bilinear8AVX2, 8 lanes each.
DATA bilHalf<>+0(SB)/8, $0x3f0000003f000000
DATA bilHalf<>+8(SB)/8, $0x3f0000003f000000
DATA bilHalf<>+16(SB)/8, $0x3f0000003f000000
DATA bilHalf<>+24(SB)/8, $0x3f0000003f000000
GLOBL bilHalf<>(SB), RODATA|NOPTR, $32

DATA bilOne<>+0(SB)/8, $0x3f8000003f800000
DATA bilOne<>+8(SB)/8, $0x3f8000003f800000
DATA bilOne<>+16(SB)/8, $0x3f8000003f800000
DATA bilOne<>+24(SB)/8, $0x3f8000003f800000
GLOBL bilOne<>(SB), RODATA|NOPTR, $32

// 2^30: the kernel takes lanes with |x|, |y| below it.
DATA bilLim<>+0(SB)/8, $0x4e8000004e800000
DATA bilLim<>+8(SB)/8, $0x4e8000004e800000
DATA bilLim<>+16(SB)/8, $0x4e8000004e800000
DATA bilLim<>+24(SB)/8, $0x4e8000004e800000
GLOBL bilLim<>(SB), RODATA|NOPTR, $32

DATA bilAbs<>+0(SB)/8, $0x7fffffff7fffffff
DATA bilAbs<>+8(SB)/8, $0x7fffffff7fffffff
DATA bilAbs<>+16(SB)/8, $0x7fffffff7fffffff
DATA bilAbs<>+24(SB)/8, $0x7fffffff7fffffff
GLOBL bilAbs<>(SB), RODATA|NOPTR, $32

// inv255Hi + inv255Lo is 1/255 to about 48 bits (see bilinear_amd64.go).
DATA bilInvHi<>+0(SB)/8, $0x3b8080813b808081
DATA bilInvHi<>+8(SB)/8, $0x3b8080813b808081
DATA bilInvHi<>+16(SB)/8, $0x3b8080813b808081
DATA bilInvHi<>+24(SB)/8, $0x3b8080813b808081
GLOBL bilInvHi<>(SB), RODATA|NOPTR, $32

DATA bilInvLo<>+0(SB)/8, $0xaf7efeffaf7efeff
DATA bilInvLo<>+8(SB)/8, $0xaf7efeffaf7efeff
DATA bilInvLo<>+16(SB)/8, $0xaf7efeffaf7efeff
DATA bilInvLo<>+24(SB)/8, $0xaf7efeffaf7efeff
GLOBL bilInvLo<>(SB), RODATA|NOPTR, $32

// VPSHUFB selectors: byte c of every texel word into the word's low
// byte, the other three zeroed.
DATA bilSel0<>+0(SB)/8, $0x8080800480808000
DATA bilSel0<>+8(SB)/8, $0x8080800c80808008
DATA bilSel0<>+16(SB)/8, $0x8080800480808000
DATA bilSel0<>+24(SB)/8, $0x8080800c80808008
GLOBL bilSel0<>(SB), RODATA|NOPTR, $32

DATA bilSel1<>+0(SB)/8, $0x8080800580808001
DATA bilSel1<>+8(SB)/8, $0x8080800d80808009
DATA bilSel1<>+16(SB)/8, $0x8080800580808001
DATA bilSel1<>+24(SB)/8, $0x8080800d80808009
GLOBL bilSel1<>(SB), RODATA|NOPTR, $32

DATA bilSel2<>+0(SB)/8, $0x8080800680808002
DATA bilSel2<>+8(SB)/8, $0x8080800e8080800a
DATA bilSel2<>+16(SB)/8, $0x8080800680808002
DATA bilSel2<>+24(SB)/8, $0x8080800e8080800a
GLOBL bilSel2<>(SB), RODATA|NOPTR, $32

DATA bilSel3<>+0(SB)/8, $0x8080800780808003
DATA bilSel3<>+8(SB)/8, $0x8080800f8080800b
DATA bilSel3<>+16(SB)/8, $0x8080800780808003
DATA bilSel3<>+24(SB)/8, $0x8080800f8080800b
GLOBL bilSel3<>(SB), RODATA|NOPTR, $32

// Bit l in lane l: a group's mask byte to a lane mask.
DATA bilBit<>+0(SB)/8, $0x0000000200000001
DATA bilBit<>+8(SB)/8, $0x0000000800000004
DATA bilBit<>+16(SB)/8, $0x0000002000000010
DATA bilBit<>+24(SB)/8, $0x0000008000000040
GLOBL bilBit<>(SB), RODATA|NOPTR, $32

// Field offsets of bilinearAsmArgs (TestBilinearAsmLayout checks them).
#define A_U 0
#define A_V 8
#define A_C0 16
#define A_G 24
#define A_C2 32
#define A_A 40
#define A_DATA 48
#define A_RGB 56
#define A_WF 64
#define A_HF 68
#define A_OX 72
#define A_OY 76
#define A_MX 80
#define A_MY 84
#define A_WL 88
#define A_HL 92
#define A_ROW 96
#define A_BASE 100

// The frame: the broadcast parameters, the block offsets of a group, its
// filtered alpha, the upper halves (lanes 4..7) of the looked-up colour
// texels, the done mask and the group count.
#define F_WF 0(SP)
#define F_HF 32(SP)
#define F_OX 64(SP)
#define F_OY 96(SP)
#define F_MX 128(SP)
#define F_MY 160(SP)
#define F_WL 192(SP)
#define F_HL 224(SP)
#define F_ROW 256(SP)
#define F_BASE 288(SP)
#define F_OFF 320(SP)
#define F_ALPHA 352(SP)
#define F_DONE 576(SP)
#define F_CNT 584(SP)

// DECU leaves in Y1 the bytes of texel words t that selector sel picks,
// decoded as unorm8: c·inv255Hi + c·inv255Lo with one rounding, which is
// float32(c)/255 for every byte (TestDecodeUnorm8Asm).
#define DECU(sel, t) \
	VPSHUFB sel, t, Y0; \
	VCVTDQ2PS Y0, Y0; \
	VMULPS bilInvLo<>(SB), Y0, Y1; \
	VFMADD231PS bilInvHi<>(SB), Y0, Y1

// CHANU sets acc to the filtered unorm8 channel sel of the texels
// Y8..Y11 with the weights Y12..Y15: the first product starts the sum
// (0 + p = p as p ≥ +0), the others are added in the scalar loop's order.
#define CHANU(sel, acc) \
	DECU(sel, Y8); \
	VMULPS Y12, Y1, acc; \
	DECU(sel, Y9); \
	VMULPS Y13, Y1, Y1; \
	VADDPS Y1, acc, acc; \
	DECU(sel, Y10); \
	VMULPS Y14, Y1, Y1; \
	VADDPS Y1, acc, acc; \
	DECU(sel, Y11); \
	VMULPS Y15, Y1, Y1; \
	VADDPS Y1, acc, acc

// PAIRS loads the 8 bytes at row 0 (BX) and row 1 (DX) of the block of
// the lane whose offset is at off, as qword k of X(r0) and X(r1).
#define PAIRS(off, k, r0, r1) \
	MOVL off(SP), R14; \
	VPINSRQ $k, (BX)(R14*1), r0, r0; \
	VPINSRQ $k, (DX)(R14*1), r1, r1

// SUM4 sets a to the weighted sum of the channel in a, b, c, d (texels
// 00, 10, 01, 11), in the scalar loop's order.
#define SUM4(a, b, c, d) \
	VMULPS Y12, a, a; \
	VMULPS Y13, b, b; \
	VADDPS b, a, a; \
	VMULPS Y14, c, c; \
	VADDPS c, a, a; \
	VMULPS Y15, d, d; \
	VADDPS d, a, a

// LUT inserts the table entry (DI) of the low byte of R14 as dword k of d.
#define LUT(k, d) \
	MOVBLZX R14, AX; \
	VPINSRD $k, (DI)(AX*4), d, d

// LUTLANE looks up the colour bytes of the block of the lane whose offset
// is at off, as dword k of X0..X11 (channel c of texel t in X(4c+t), t
// = 00, 10, 01, 11).
#define LUTLANE(off, k) \
	MOVL off(SP), R14; \
	MOVQ (BX)(R14*1), R14; \
	LUT(k, X0); SHRQ $8, R14; LUT(k, X4); SHRQ $8, R14; LUT(k, X8); SHRQ $16, R14; \
	LUT(k, X1); SHRQ $8, R14; LUT(k, X5); SHRQ $8, R14; LUT(k, X9); \
	MOVL off(SP), R14; \
	MOVQ (DX)(R14*1), R14; \
	LUT(k, X2); SHRQ $8, R14; LUT(k, X6); SHRQ $8, R14; LUT(k, X10); SHRQ $16, R14; \
	LUT(k, X3); SHRQ $8, R14; LUT(k, X7); SHRQ $8, R14; LUT(k, X11)

// func bilinear8AVX2(k *bilinearAsmArgs, g0 int, lanes uint64) uint64
TEXT ·bilinear8AVX2(SB), NOSPLIT, $592-32
	MOVQ k+0(FP), AX
	MOVQ g0+8(FP), SI
	SHLQ $2, SI
	MOVQ lanes+16(FP), CX
	MOVQ A_U(AX), R8
	MOVQ A_V(AX), R9
	MOVQ A_C0(AX), R10
	MOVQ A_G(AX), R11
	MOVQ A_C2(AX), R12
	MOVQ A_A(AX), R13
	MOVQ A_DATA(AX), BX
	MOVQ A_RGB(AX), DI
	MOVLQSX A_ROW(AX), DX
	ADDQ BX, DX // row 1 of a block
	VBROADCASTSS A_WF(AX), Y0
	VMOVUPS Y0, F_WF
	VBROADCASTSS A_HF(AX), Y0
	VMOVUPS Y0, F_HF
	VBROADCASTSS A_OX(AX), Y0
	VMOVUPS Y0, F_OX
	VBROADCASTSS A_OY(AX), Y0
	VMOVUPS Y0, F_OY
	VBROADCASTSS A_MX(AX), Y0
	VMOVUPS Y0, F_MX
	VBROADCASTSS A_MY(AX), Y0
	VMOVUPS Y0, F_MY
	VBROADCASTSS A_WL(AX), Y0
	VMOVUPS Y0, F_WL
	VBROADCASTSS A_HL(AX), Y0
	VMOVUPS Y0, F_HL
	VBROADCASTSS A_ROW(AX), Y0
	VMOVUPS Y0, F_ROW
	VBROADCASTSS A_BASE(AX), Y0
	VMOVUPS Y0, F_BASE
	MOVQ $0, F_DONE // one byte a group, shifted in from the top
	MOVQ $8, F_CNT  // groups left

group:
	TESTQ CX, CX
	JZ    tail
	TESTB CX, CX
	JZ    skip

	// x = u·wf + ox − 0.5, y likewise (wf = hf = 1 without normalized
	// coordinates: u·1 = u).
	VMOVUPS (R8)(SI*1), Y0
	VMOVUPS (R9)(SI*1), Y1
	VMULPS  F_WF, Y0, Y0
	VMULPS  F_HF, Y1, Y1
	VADDPS  F_OX, Y0, Y0
	VADDPS  F_OY, Y1, Y1
	VSUBPS  bilHalf<>(SB), Y0, Y0
	VSUBPS  bilHalf<>(SB), Y1, Y1

	// Y8: |x| < 2^30 and |y| < 2^30 (NaN fails).
	VANDPS bilAbs<>(SB), Y0, Y4
	VANDPS bilAbs<>(SB), Y1, Y5
	VCMPPS $0x11, bilLim<>(SB), Y4, Y4
	VCMPPS $0x11, bilLim<>(SB), Y5, Y5
	VANDPS Y5, Y4, Y8

	// i0 = floor(x) as the scalar loop: truncate, one less where the
	// truncation is above x; fx = x − float32(i0). The same for y.
	VCVTTPS2DQ Y0, Y2
	VCVTTPS2DQ Y1, Y3
	VCVTDQ2PS  Y2, Y4
	VCVTDQ2PS  Y3, Y5
	VCMPPS     $0x1e, Y0, Y4, Y4
	VCMPPS     $0x1e, Y1, Y5, Y5
	VPADDD     Y4, Y2, Y2
	VPADDD     Y5, Y3, Y3
	VCVTDQ2PS  Y2, Y4
	VCVTDQ2PS  Y3, Y5
	VSUBPS     Y4, Y0, Y6
	VSUBPS     Y5, Y1, Y7

	// Repeat masks (−1 on other axes); then the block must start in
	// [0, w−2] × [0, h−2] (unsigned).
	VPAND    F_MX, Y2, Y2
	VPAND    F_MY, Y3, Y3
	VPMINUD  F_WL, Y2, Y4
	VPMINUD  F_HL, Y3, Y5
	VPCMPEQD Y4, Y2, Y4
	VPCMPEQD Y5, Y3, Y5
	VPAND    Y4, Y8, Y8
	VPAND    Y5, Y8, Y8

	// done byte: the lanes that pass and are active.
	VMOVMSKPS Y8, R14
	ANDL      CX, R14
	SHLQ      $56, R14
	SHRQ      $8, F_DONE
	ORQ       R14, F_DONE

	// Byte offsets of the blocks, base + j0·row + 4·i0, and 0 for the
	// lanes that fail (a block inside the data: the caller checks).
	VPMULLD F_ROW, Y3, Y3
	VPSLLD  $2, Y2, Y2
	VPADDD  Y2, Y3, Y3
	VPADDD  F_BASE, Y3, Y3
	VPAND   Y8, Y3, Y3
	VMOVDQU Y3, F_OFF

	// Weights: w00 = wx0·wy0, w10 = fx·wy0, w01 = wx0·fy, w11 = fx·fy.
	VMOVUPS bilOne<>(SB), Y0
	VSUBPS  Y6, Y0, Y1
	VSUBPS  Y7, Y0, Y2
	VMULPS  Y2, Y1, Y12
	VMULPS  Y2, Y6, Y13
	VMULPS  Y7, Y1, Y14
	VMULPS  Y7, Y6, Y15

	// The texel words: lanes 0, 1 | 4, 5 in Y0 (row 0) and Y4 (row 1),
	// 2, 3 | 6, 7 in Y1 and Y5; then texels 00, 10, 01, 11 of lanes 0..7
	// in Y8..Y11.
	PAIRS(320, 0, X0, X4)
	PAIRS(324, 1, X0, X4)
	PAIRS(328, 0, X1, X5)
	PAIRS(332, 1, X1, X5)
	PAIRS(336, 0, X2, X6)
	PAIRS(340, 1, X2, X6)
	PAIRS(344, 0, X3, X7)
	PAIRS(348, 1, X3, X7)
	VINSERTI128 $1, X2, Y0, Y0
	VINSERTI128 $1, X3, Y1, Y1
	VINSERTI128 $1, X6, Y4, Y4
	VINSERTI128 $1, X7, Y5, Y5
	VSHUFPS     $0x88, Y1, Y0, Y8
	VSHUFPS     $0xdd, Y1, Y0, Y9
	VSHUFPS     $0x88, Y5, Y4, Y10
	VSHUFPS     $0xdd, Y5, Y4, Y11

	TESTQ DI, DI
	JNZ   srgb
	CHANU(bilSel0<>(SB), Y4)
	CHANU(bilSel1<>(SB), Y5)
	CHANU(bilSel2<>(SB), Y6)
	CHANU(bilSel3<>(SB), Y7)
	JMP   store

srgb:
	// Alpha from the texel words; the colour bytes through the table,
	// lanes 4..7 (kept in the frame) then 0..3.
	CHANU(bilSel3<>(SB), Y7)
	VMOVUPS Y7, F_ALPHA
	LUTLANE(336, 0)
	LUTLANE(340, 1)
	LUTLANE(344, 2)
	LUTLANE(348, 3)
	VMOVDQU X0, 384(SP)
	VMOVDQU X1, 400(SP)
	VMOVDQU X2, 416(SP)
	VMOVDQU X3, 432(SP)
	VMOVDQU X4, 448(SP)
	VMOVDQU X5, 464(SP)
	VMOVDQU X6, 480(SP)
	VMOVDQU X7, 496(SP)
	VMOVDQU X8, 512(SP)
	VMOVDQU X9, 528(SP)
	VMOVDQU X10, 544(SP)
	VMOVDQU X11, 560(SP)
	LUTLANE(320, 0)
	LUTLANE(324, 1)
	LUTLANE(328, 2)
	LUTLANE(332, 3)
	VINSERTI128 $1, 384(SP), Y0, Y0
	VINSERTI128 $1, 400(SP), Y1, Y1
	VINSERTI128 $1, 416(SP), Y2, Y2
	VINSERTI128 $1, 432(SP), Y3, Y3
	VINSERTI128 $1, 448(SP), Y4, Y4
	VINSERTI128 $1, 464(SP), Y5, Y5
	VINSERTI128 $1, 480(SP), Y6, Y6
	VINSERTI128 $1, 496(SP), Y7, Y7
	VINSERTI128 $1, 512(SP), Y8, Y8
	VINSERTI128 $1, 528(SP), Y9, Y9
	VINSERTI128 $1, 544(SP), Y10, Y10
	VINSERTI128 $1, 560(SP), Y11, Y11
	SUM4(Y0, Y1, Y2, Y3)
	SUM4(Y4, Y5, Y6, Y7)
	SUM4(Y8, Y9, Y10, Y11)
	VMOVAPS Y4, Y5
	VMOVAPS Y8, Y6
	VMOVAPS Y0, Y4
	VMOVUPS F_ALPHA, Y7

store:
	// Channels in bytes 0..3 in Y4..Y7.
	CMPB CX, $0xff
	JNE  partial
	VMOVUPS Y4, (R10)(SI*1)
	VMOVUPS Y5, (R11)(SI*1)
	VMOVUPS Y6, (R12)(SI*1)
	VMOVUPS Y7, (R13)(SI*1)
	JMP  next

partial:
	// Only the active lanes are written.
	VMOVD        CX, X0
	VPBROADCASTD X0, Y0
	VPAND        bilBit<>(SB), Y0, Y0
	VPCMPEQD     bilBit<>(SB), Y0, Y0
	VMASKMOVPS   Y4, Y0, (R10)(SI*1)
	VMASKMOVPS   Y5, Y0, (R11)(SI*1)
	VMASKMOVPS   Y6, Y0, (R12)(SI*1)
	VMASKMOVPS   Y7, Y0, (R13)(SI*1)
	JMP  next

skip:
	SHRQ $8, F_DONE

next:
	SHRQ $8, CX
	ADDQ $32, SI
	DECQ F_CNT
	JNZ  group

tail:
	// The groups left (none active) still shift the done bytes down.
	MOVQ F_CNT, CX
	SHLQ $3, CX
	MOVQ F_DONE, AX
	SHRQ CX, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func decodeUnorm8AVX2(c *[8]uint32, out *[8]float32)
TEXT ·decodeUnorm8AVX2(SB), NOSPLIT, $0-16
	MOVQ c+0(FP), AX
	MOVQ out+8(FP), BX
	VMOVDQU   (AX), Y0
	VCVTDQ2PS Y0, Y0
	VMULPS    bilInvLo<>(SB), Y0, Y1
	VFMADD231PS bilInvHi<>(SB), Y0, Y1
	VMOVUPS   Y1, (BX)
	VZEROUPPER
	RET

// NLUT inserts the table entry (DI) of the low byte of R14 as dword k of
// d.
#define NLUT(k, d) \
	MOVBLZX R14, AX; \
	VPINSRD $k, (DI)(AX*4), d, d

// NWORD reads the texel word of the lane whose offset is at off as dword
// k of w.
#define NWORD(off, k, w) \
	MOVL off(SP), R14; \
	VPINSRD $k, (BX)(R14*1), w, w

// NLANE looks up the colour bytes of the texel of the lane whose offset
// is at off as dword k of c0, c1, c2.
#define NLANE(off, k, c0, c1, c2) \
	MOVL off(SP), R14; \
	MOVL (BX)(R14*1), R14; \
	NLUT(k, c0); SHRQ $8, R14; NLUT(k, c1); SHRQ $8, R14; NLUT(k, c2)

// func nearest8AVX2(k *bilinearAsmArgs, g0 int, lanes uint64) uint64
TEXT ·nearest8AVX2(SB), NOSPLIT, $592-32
	MOVQ k+0(FP), AX
	MOVQ g0+8(FP), SI
	SHLQ $2, SI
	MOVQ lanes+16(FP), CX
	MOVQ A_U(AX), R8
	MOVQ A_V(AX), R9
	MOVQ A_C0(AX), R10
	MOVQ A_G(AX), R11
	MOVQ A_C2(AX), R12
	MOVQ A_A(AX), R13
	MOVQ A_DATA(AX), BX
	MOVQ A_RGB(AX), DI
	VBROADCASTSS A_WF(AX), Y0
	VMOVUPS Y0, F_WF
	VBROADCASTSS A_HF(AX), Y0
	VMOVUPS Y0, F_HF
	VBROADCASTSS A_OX(AX), Y0
	VMOVUPS Y0, F_OX
	VBROADCASTSS A_OY(AX), Y0
	VMOVUPS Y0, F_OY
	VBROADCASTSS A_MX(AX), Y0
	VMOVUPS Y0, F_MX
	VBROADCASTSS A_MY(AX), Y0
	VMOVUPS Y0, F_MY
	VBROADCASTSS A_WL(AX), Y0
	VMOVUPS Y0, F_WL
	VBROADCASTSS A_HL(AX), Y0
	VMOVUPS Y0, F_HL
	VBROADCASTSS A_ROW(AX), Y0
	VMOVUPS Y0, F_ROW
	VBROADCASTSS A_BASE(AX), Y0
	VMOVUPS Y0, F_BASE
	MOVQ $0, F_DONE
	MOVQ $8, F_CNT

ngroup:
	TESTQ CX, CX
	JZ    ntail
	TESTB CX, CX
	JZ    nskip

	// x = u·wf + ox, y likewise.
	VMOVUPS (R8)(SI*1), Y0
	VMOVUPS (R9)(SI*1), Y1
	VMULPS  F_WF, Y0, Y0
	VMULPS  F_HF, Y1, Y1
	VADDPS  F_OX, Y0, Y0
	VADDPS  F_OY, Y1, Y1

	// Y8: |x| < 2^30 and |y| < 2^30 (NaN fails).
	VANDPS bilAbs<>(SB), Y0, Y4
	VANDPS bilAbs<>(SB), Y1, Y5
	VCMPPS $0x11, bilLim<>(SB), Y4, Y4
	VCMPPS $0x11, bilLim<>(SB), Y5, Y5
	VANDPS Y5, Y4, Y8

	// i0 = floor(x), j0 = floor(y) as floorI.
	VCVTTPS2DQ Y0, Y2
	VCVTTPS2DQ Y1, Y3
	VCVTDQ2PS  Y2, Y4
	VCVTDQ2PS  Y3, Y5
	VCMPPS     $0x1e, Y0, Y4, Y4
	VCMPPS     $0x1e, Y1, Y5, Y5
	VPADDD     Y4, Y2, Y2
	VPADDD     Y5, Y3, Y3

	// Repeat masks (−1 on other axes); then the texel must be in
	// [0, w−1] × [0, h−1] (unsigned).
	VPAND    F_MX, Y2, Y2
	VPAND    F_MY, Y3, Y3
	VPMINUD  F_WL, Y2, Y4
	VPMINUD  F_HL, Y3, Y5
	VPCMPEQD Y4, Y2, Y4
	VPCMPEQD Y5, Y3, Y5
	VPAND    Y4, Y8, Y8
	VPAND    Y5, Y8, Y8

	VMOVMSKPS Y8, R14
	ANDL      CX, R14
	SHLQ      $56, R14
	SHRQ      $8, F_DONE
	ORQ       R14, F_DONE

	// Byte offsets of the texels (0 for the lanes that fail).
	VPMULLD F_ROW, Y3, Y3
	VPSLLD  $2, Y2, Y2
	VPADDD  Y2, Y3, Y3
	VPADDD  F_BASE, Y3, Y3
	VPAND   Y8, Y3, Y3
	VMOVDQU Y3, F_OFF

	// The texel words of lanes 0..7 in Y8.
	NWORD(320, 0, X8)
	NWORD(324, 1, X8)
	NWORD(328, 2, X8)
	NWORD(332, 3, X8)
	NWORD(336, 0, X9)
	NWORD(340, 1, X9)
	NWORD(344, 2, X9)
	NWORD(348, 3, X9)
	VINSERTI128 $1, X9, Y8, Y8

	// Alpha.
	DECU(bilSel3<>(SB), Y8)
	VMOVAPS Y1, Y7
	TESTQ DI, DI
	JNZ   nsrgb
	DECU(bilSel0<>(SB), Y8)
	VMOVAPS Y1, Y4
	DECU(bilSel1<>(SB), Y8)
	VMOVAPS Y1, Y5
	DECU(bilSel2<>(SB), Y8)
	VMOVAPS Y1, Y6
	JMP   nstore

nsrgb:
	NLANE(320, 0, X4, X5, X6)
	NLANE(324, 1, X4, X5, X6)
	NLANE(328, 2, X4, X5, X6)
	NLANE(332, 3, X4, X5, X6)
	NLANE(336, 0, X9, X10, X11)
	NLANE(340, 1, X9, X10, X11)
	NLANE(344, 2, X9, X10, X11)
	NLANE(348, 3, X9, X10, X11)
	VINSERTI128 $1, X9, Y4, Y4
	VINSERTI128 $1, X10, Y5, Y5
	VINSERTI128 $1, X11, Y6, Y6

nstore:
	// Channels in bytes 0..3 in Y4..Y7.
	CMPB CX, $0xff
	JNE  npartial
	VMOVUPS Y4, (R10)(SI*1)
	VMOVUPS Y5, (R11)(SI*1)
	VMOVUPS Y6, (R12)(SI*1)
	VMOVUPS Y7, (R13)(SI*1)
	JMP  nnext

npartial:
	VMOVD        CX, X0
	VPBROADCASTD X0, Y0
	VPAND        bilBit<>(SB), Y0, Y0
	VPCMPEQD     bilBit<>(SB), Y0, Y0
	VMASKMOVPS   Y4, Y0, (R10)(SI*1)
	VMASKMOVPS   Y5, Y0, (R11)(SI*1)
	VMASKMOVPS   Y6, Y0, (R12)(SI*1)
	VMASKMOVPS   Y7, Y0, (R13)(SI*1)
	JMP  nnext

nskip:
	SHRQ $8, F_DONE

nnext:
	SHRQ $8, CX
	ADDQ $32, SI
	DECQ F_CNT
	JNZ  ngroup

ntail:
	MOVQ F_CNT, CX
	SHLQ $3, CX
	MOVQ F_DONE, AX
	SHRQ CX, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
