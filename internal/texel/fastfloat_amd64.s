#include "textflag.h"

// Constants of bilinearF4AVX2, 8 lanes each.
DATA f4Half<>+0(SB)/8, $0x3f0000003f000000
DATA f4Half<>+8(SB)/8, $0x3f0000003f000000
DATA f4Half<>+16(SB)/8, $0x3f0000003f000000
DATA f4Half<>+24(SB)/8, $0x3f0000003f000000
GLOBL f4Half<>(SB), RODATA|NOPTR, $32

DATA f4One<>+0(SB)/8, $0x3f8000003f800000
DATA f4One<>+8(SB)/8, $0x3f8000003f800000
DATA f4One<>+16(SB)/8, $0x3f8000003f800000
DATA f4One<>+24(SB)/8, $0x3f8000003f800000
GLOBL f4One<>(SB), RODATA|NOPTR, $32

// 2^30: the kernel takes lanes with |x|, |y| below it.
DATA f4Lim<>+0(SB)/8, $0x4e8000004e800000
DATA f4Lim<>+8(SB)/8, $0x4e8000004e800000
DATA f4Lim<>+16(SB)/8, $0x4e8000004e800000
DATA f4Lim<>+24(SB)/8, $0x4e8000004e800000
GLOBL f4Lim<>(SB), RODATA|NOPTR, $32

DATA f4Abs<>+0(SB)/8, $0x7fffffff7fffffff
DATA f4Abs<>+8(SB)/8, $0x7fffffff7fffffff
DATA f4Abs<>+16(SB)/8, $0x7fffffff7fffffff
DATA f4Abs<>+24(SB)/8, $0x7fffffff7fffffff
GLOBL f4Abs<>(SB), RODATA|NOPTR, $32

// Bit l in lane l: a group's mask byte to a lane mask.
DATA f4Bit<>+0(SB)/8, $0x0000000200000001
DATA f4Bit<>+8(SB)/8, $0x0000000800000004
DATA f4Bit<>+16(SB)/8, $0x0000002000000010
DATA f4Bit<>+24(SB)/8, $0x0000008000000040
GLOBL f4Bit<>(SB), RODATA|NOPTR, $32

// Field offsets of float4AsmArgs (TestBilinearF4AsmLayout checks them).
#define A_U 0
#define A_V 8
#define A_R 16
#define A_G 24
#define A_B 32
#define A_A 40
#define A_DATA 48
#define A_WF 56
#define A_HF 60
#define A_OX 64
#define A_OY 68
#define A_MX 72
#define A_MY 76
#define A_LX 80
#define A_LY 84
#define A_CX 88
#define A_CY 92
#define A_ROW 96
#define A_BASE 100

// The frame: the broadcast parameters, the byte offsets of the four
// corner texels of a group's lanes, the done mask and the group count.
#define F_WF 0(SP)
#define F_HF 32(SP)
#define F_OX 64(SP)
#define F_OY 96(SP)
#define F_MX 128(SP)
#define F_MY 160(SP)
#define F_LX 192(SP)
#define F_LY 224(SP)
#define F_CX 256(SP)
#define F_CY 288(SP)
#define F_ROW 320(SP)
#define F_BASE 352(SP)
#define F_O00 384(SP)
#define F_O10 416(SP)
#define F_O01 448(SP)
#define F_O11 480(SP)
#define F_DONE 512(SP)
#define F_CNT 520(SP)

// BCAST broadcasts the 32-bit argument field at off to the frame slot f.
#define BCAST(off, f) \
	VBROADCASTSS off(AX), Y0; \
	VMOVUPS Y0, f

// PAIR loads the texel (16 bytes) of the lane whose offset is at a into
// the low half of y (x its low half) and that of the lane at b into the
// high half.
#define PAIR(a, b, y, x) \
	MOVL        a(SP), R14; \
	MOVL        b(SP), DI; \
	VMOVUPS     (BX)(R14*1), x; \
	VINSERTF128 $1, (BX)(DI*1), y, y

// ADDC adds channel c times weight w to acc, or +0 where the weight is 0
// (Y4: the lanes whose weight is not 0).
#define ADDC(w, c, acc) \
	VMULPS w, c, c; \
	VANDPS Y4, c, c; \
	VADDPS c, acc, acc

// CORNER adds the corner texels whose lane offsets are at o0..o7 (lanes
// 0..7), times the weights w, to the sums Y8..Y11 (R, G, B, A): the
// texels of lanes k and k+4 in Yk (k < 4), transposed into channels.
#define CORNER(o0, o1, o2, o3, o4, o5, o6, o7, w) \
	PAIR(o0, o4, Y0, X0); \
	PAIR(o1, o5, Y1, X1); \
	PAIR(o2, o6, Y2, X2); \
	PAIR(o3, o7, Y3, X3); \
	VUNPCKLPS Y1, Y0, Y4; \
	VUNPCKHPS Y1, Y0, Y5; \
	VUNPCKLPS Y3, Y2, Y6; \
	VUNPCKHPS Y3, Y2, Y7; \
	VUNPCKLPD Y6, Y4, Y0; \
	VUNPCKHPD Y6, Y4, Y1; \
	VUNPCKLPD Y7, Y5, Y2; \
	VUNPCKHPD Y7, Y5, Y3; \
	VXORPS    Y4, Y4, Y4; \
	VCMPPS    $4, Y4, w, Y4; \
	ADDC(w, Y0, Y8); \
	ADDC(w, Y1, Y9); \
	ADDC(w, Y2, Y10); \
	ADDC(w, Y3, Y11)

// func bilinearF4AVX2(k *float4AsmArgs, g0 int, lanes uint64) uint64
TEXT ·bilinearF4AVX2(SB), NOSPLIT, $528-32
	MOVQ k+0(FP), AX
	MOVQ g0+8(FP), SI
	SHLQ $2, SI
	MOVQ lanes+16(FP), CX
	MOVQ A_U(AX), R8
	MOVQ A_V(AX), R9
	MOVQ A_R(AX), R10
	MOVQ A_G(AX), R11
	MOVQ A_B(AX), R12
	MOVQ A_A(AX), R13
	MOVQ A_DATA(AX), BX
	BCAST(A_WF, F_WF)
	BCAST(A_HF, F_HF)
	BCAST(A_OX, F_OX)
	BCAST(A_OY, F_OY)
	BCAST(A_MX, F_MX)
	BCAST(A_MY, F_MY)
	BCAST(A_LX, F_LX)
	BCAST(A_LY, F_LY)
	BCAST(A_CX, F_CX)
	BCAST(A_CY, F_CY)
	BCAST(A_ROW, F_ROW)
	BCAST(A_BASE, F_BASE)
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
	VSUBPS  f4Half<>(SB), Y0, Y0
	VSUBPS  f4Half<>(SB), Y1, Y1

	// Y8: |x| < 2^30 and |y| < 2^30 (NaN fails).
	VANDPS f4Abs<>(SB), Y0, Y4
	VANDPS f4Abs<>(SB), Y1, Y5
	VCMPPS $0x11, f4Lim<>(SB), Y4, Y4
	VCMPPS $0x11, f4Lim<>(SB), Y5, Y5
	VANDPS Y5, Y4, Y8

	// i0 = floor(x) as floorI: truncate, one less where the truncation
	// is above x; fx = x − float32(i0). The same for y.
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

	// The first index after the mask must be at most the limit
	// (unsigned) on both axes.
	VPAND    F_MX, Y2, Y4
	VPMINUD  F_LX, Y4, Y5
	VPCMPEQD Y5, Y4, Y5
	VPAND    Y5, Y8, Y8
	VPAND    F_MY, Y3, Y4
	VPMINUD  F_LY, Y4, Y5
	VPCMPEQD Y5, Y4, Y5
	VPAND    Y5, Y8, Y8

	// done byte: the lanes that pass and are active.
	VMOVMSKPS Y8, R14
	ANDL      CX, R14
	SHLQ      $56, R14
	SHRQ      $8, F_DONE
	ORQ       R14, F_DONE

	// The indices of both texels on each axis, i0 and i0+1 masked and
	// clamped to [0, size−1] (wrap for Repeat on a power of two and for
	// ClampToEdge; nothing for a passing lane on other axes), then the
	// byte offsets of the four corners, base + j·row + 16·i, and 0 for
	// the lanes that fail (a texel inside the data: the caller checks).
	VPCMPEQD Y9, Y9, Y9
	VPXOR    Y10, Y10, Y10
	VPSUBD   Y9, Y2, Y4
	VPSUBD   Y9, Y3, Y5
	VPAND    F_MX, Y2, Y2
	VPAND    F_MX, Y4, Y4
	VPAND    F_MY, Y3, Y3
	VPAND    F_MY, Y5, Y5
	VPMAXSD  Y10, Y2, Y2
	VPMAXSD  Y10, Y4, Y4
	VPMAXSD  Y10, Y3, Y3
	VPMAXSD  Y10, Y5, Y5
	VPMINSD  F_CX, Y2, Y2
	VPMINSD  F_CX, Y4, Y4
	VPMINSD  F_CY, Y3, Y3
	VPMINSD  F_CY, Y5, Y5
	VPSLLD   $4, Y2, Y2
	VPSLLD   $4, Y4, Y4
	VPMULLD  F_ROW, Y3, Y3
	VPMULLD  F_ROW, Y5, Y5
	VPADDD   F_BASE, Y3, Y3
	VPADDD   F_BASE, Y5, Y5
	VPAND    Y8, Y2, Y2
	VPAND    Y8, Y4, Y4
	VPAND    Y8, Y3, Y3
	VPAND    Y8, Y5, Y5
	VPADDD   Y2, Y3, Y9
	VMOVDQU  Y9, F_O00
	VPADDD   Y4, Y3, Y9
	VMOVDQU  Y9, F_O10
	VPADDD   Y2, Y5, Y9
	VMOVDQU  Y9, F_O01
	VPADDD   Y4, Y5, Y9
	VMOVDQU  Y9, F_O11

	// Weights: w00 = wx0·wy0, w10 = fx·wy0, w01 = wx0·fy, w11 = fx·fy.
	VMOVUPS f4One<>(SB), Y0
	VSUBPS  Y6, Y0, Y1
	VSUBPS  Y7, Y0, Y2
	VMULPS  Y2, Y1, Y12
	VMULPS  Y2, Y6, Y13
	VMULPS  Y7, Y1, Y14
	VMULPS  Y7, Y6, Y15

	// The sums start at +0, as lane's.
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	CORNER(384, 388, 392, 396, 400, 404, 408, 412, Y12)
	CORNER(416, 420, 424, 428, 432, 436, 440, 444, Y13)
	CORNER(448, 452, 456, 460, 464, 468, 472, 476, Y14)
	CORNER(480, 484, 488, 492, 496, 500, 504, 508, Y15)

	CMPB CX, $0xff
	JNE  partial
	VMOVUPS Y8, (R10)(SI*1)
	VMOVUPS Y9, (R11)(SI*1)
	VMOVUPS Y10, (R12)(SI*1)
	VMOVUPS Y11, (R13)(SI*1)
	JMP  next

partial:
	// Only the active lanes are written.
	VMOVD        CX, X0
	VPBROADCASTD X0, Y0
	VPAND        f4Bit<>(SB), Y0, Y0
	VPCMPEQD     f4Bit<>(SB), Y0, Y0
	VMASKMOVPS   Y8, Y0, (R10)(SI*1)
	VMASKMOVPS   Y9, Y0, (R11)(SI*1)
	VMASKMOVPS   Y10, Y0, (R12)(SI*1)
	VMASKMOVPS   Y11, Y0, (R13)(SI*1)
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
