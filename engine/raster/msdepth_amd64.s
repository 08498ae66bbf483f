#include "textflag.h"

// depthKern's fields (msdepth.go) and its scratch slots of 32 bytes.
#define K_E0 0
#define K_AY0 12
#define K_EA0 24
#define K_EB0 36
#define K_BIAS0 48
#define K_BIAS2 52
#define K_DEN 56
#define K_NL 60
#define K_INV 64
#define K_Z0 72
#define K_ZBIAS 96
#define S_STEP 104  // 3 slots: each edge's step from a group of eight lanes to the next
#define S_ROW 200   // 3 slots: each edge's step per row
#define S_BIAS0 296
#define S_BIAS2 328
#define S_D 360     // den − bias0 − bias2
#define S_INV 392
#define S_Z 424     // 3 slots: z0, z1, z2
#define S_ZBIAS 520
#define S_CMP 552   // 4 slots: the compare's result on <, ==, >, unordered
#define S_VALID 680 // 8 slots: group g's lanes inside the row and the sample mask

// depthConsts's fields.
#define C_DX 0
#define C_DY 32
#define C_SM 64
#define C_CMP 96
#define C_STEP 112
#define C_STRIDE 116
#define C_WRITE 120

// lanesOn is eight int32 −1 then eight 0: the eight words from
// lanesOn+4·(8−n) switch the first n lanes on.
DATA lanesOn<>+0(SB)/8, $-1
DATA lanesOn<>+8(SB)/8, $-1
DATA lanesOn<>+16(SB)/8, $-1
DATA lanesOn<>+24(SB)/8, $-1
DATA lanesOn<>+32(SB)/8, $0
DATA lanesOn<>+40(SB)/8, $0
DATA lanesOn<>+48(SB)/8, $0
DATA lanesOn<>+56(SB)/8, $0
GLOBL lanesOn<>(SB), RODATA|NOPTR, $64

// EDGE sets y to edge i's values at the lanes of a row's first group:
// e + ea·dx + eb·dy (Y13 = dx, Y14 = dy).
#define EDGE(i, y) \
	VPBROADCASTD (K_EA0+4*i)(SI), Y7 \
	VPMULLD      Y13, Y7, Y7         \
	VPBROADCASTD (K_EB0+4*i)(SI), Y8 \
	VPMULLD      Y14, Y8, Y8         \
	VPADDD       Y8, Y7, Y7          \
	VPBROADCASTD (K_E0+4*i)(SI), y   \
	VPADDD       Y7, y, y

// DEPTH4 sets xd to the float32 depths of the four lanes whose weight
// numerators n0, n1, n2 are in x0, x1, x2: ((l0·z0 + l1·z1) + l2·z2) +
// zbias with lk = float64(nk)·inv, as fragDepth computes them.
#define DEPTH4(x0, x1, x2, y, yt, xd) \
	VCVTDQ2PD  x0, y                \
	VMULPD     S_INV(SI), y, y      \
	VMULPD     S_Z(SI), y, y        \
	VCVTDQ2PD  x1, yt               \
	VMULPD     S_INV(SI), yt, yt    \
	VMULPD     (S_Z+32)(SI), yt, yt \
	VADDPD     yt, y, y             \
	VCVTDQ2PD  x2, yt               \
	VMULPD     S_INV(SI), yt, yt    \
	VMULPD     (S_Z+64)(SI), yt, yt \
	VADDPD     yt, y, y             \
	VADDPD     S_ZBIAS(SI), y, y    \
	VCVTPD2PSY y, xd

// COMPARE sets Y12 to the covered lanes (Y6) whose depth (Y10) passes the
// compare with the stored one (Y11), and R12 and the flags to its sign
// bits: the compare's results on z < stored, z == stored, z > stored
// (ordered) and unordered, each where the compare function passes.
#define COMPARE \
	VCMPPS    $0x11, Y11, Y10, Y12     \
	VANDPS    (S_CMP+0)(SI), Y12, Y12  \
	VCMPPS    $0x00, Y11, Y10, Y13     \
	VANDPS    (S_CMP+32)(SI), Y13, Y13 \
	VORPS     Y13, Y12, Y12            \
	VCMPPS    $0x1e, Y11, Y10, Y13     \
	VANDPS    (S_CMP+64)(SI), Y13, Y13 \
	VORPS     Y13, Y12, Y12            \
	VCMPPS    $0x03, Y11, Y10, Y13     \
	VANDPS    (S_CMP+96)(SI), Y13, Y13 \
	VORPS     Y13, Y12, Y12            \
	VANDPS    Y6, Y12, Y12             \
	VMOVMSKPS Y12, R12                 \
	TESTQ     R12, R12

// func depthRowsAVX2(k *depthKern, c *depthConsts, z *float32, masks *uint64, h int) uint64
TEXT ·depthRowsAVX2(SB), NOSPLIT, $0-48
	MOVQ k+0(FP), SI
	MOVQ c+8(FP), DI
	MOVQ z+16(FP), DX
	MOVQ masks+24(FP), R8
	MOVQ h+32(FP), R9
	XORQ AX, AX
	MOVLQSX K_NL(SI), R10
	TESTQ R9, R9
	JLE   done
	TESTQ R10, R10
	JLE   done

	// Y0..Y2: the edge functions at the lanes of the first row's first
	// group.
	VMOVDQU C_DX(DI), Y13
	VMOVDQU C_DY(DI), Y14
	EDGE(0, Y0)
	EDGE(1, Y1)
	EDGE(2, Y2)

	// The scratch slots.
	VPBROADCASTD C_STEP(DI), Y15
	VPBROADCASTD (K_EA0+0)(SI), Y7
	VPMULLD      Y15, Y7, Y7
	VMOVDQU      Y7, (S_STEP+0)(SI)
	VPBROADCASTD (K_EA0+4)(SI), Y7
	VPMULLD      Y15, Y7, Y7
	VMOVDQU      Y7, (S_STEP+32)(SI)
	VPBROADCASTD (K_EA0+8)(SI), Y7
	VPMULLD      Y15, Y7, Y7
	VMOVDQU      Y7, (S_STEP+64)(SI)
	VPBROADCASTD (K_AY0+0)(SI), Y7
	VMOVDQU      Y7, (S_ROW+0)(SI)
	VPBROADCASTD (K_AY0+4)(SI), Y7
	VMOVDQU      Y7, (S_ROW+32)(SI)
	VPBROADCASTD (K_AY0+8)(SI), Y7
	VMOVDQU      Y7, (S_ROW+64)(SI)
	VPBROADCASTD K_BIAS0(SI), Y7
	VMOVDQU      Y7, S_BIAS0(SI)
	VPBROADCASTD K_BIAS2(SI), Y8
	VMOVDQU      Y8, S_BIAS2(SI)
	VPBROADCASTD K_DEN(SI), Y9
	VPSUBD       Y7, Y9, Y9
	VPSUBD       Y8, Y9, Y9
	VMOVDQU      Y9, S_D(SI)
	VBROADCASTSD K_INV(SI), Y7
	VMOVUPD      Y7, S_INV(SI)
	VBROADCASTSD (K_Z0+0)(SI), Y7
	VMOVUPD      Y7, (S_Z+0)(SI)
	VBROADCASTSD (K_Z0+8)(SI), Y7
	VMOVUPD      Y7, (S_Z+32)(SI)
	VBROADCASTSD (K_Z0+16)(SI), Y7
	VMOVUPD      Y7, (S_Z+64)(SI)
	VBROADCASTSD K_ZBIAS(SI), Y7
	VMOVUPD      Y7, S_ZBIAS(SI)
	VPBROADCASTD (C_CMP+0)(DI), Y7
	VMOVDQU      Y7, (S_CMP+0)(SI)
	VPBROADCASTD (C_CMP+4)(DI), Y7
	VMOVDQU      Y7, (S_CMP+32)(SI)
	VPBROADCASTD (C_CMP+8)(DI), Y7
	VMOVDQU      Y7, (S_CMP+64)(SI)
	VPBROADCASTD (C_CMP+12)(DI), Y7
	VMOVDQU      Y7, (S_CMP+96)(SI)

	// Each group's lanes inside the row and the sample mask.
	VMOVDQU C_SM(DI), Y15
	LEAQ    lanesOn<>+32(SB), R13
	MOVQ    R10, R12 // lanes left
	XORQ    CX, CX

valid:
	MOVQ    $8, R11
	CMPQ    R12, R11
	CMOVQLT R12, R11
	NEGQ    R11
	VMOVDQU (R13)(R11*4), Y7
	VPAND   Y15, Y7, Y7
	VMOVDQU Y7, S_VALID(SI)(CX*1)
	ADDQ    $32, CX
	SUBQ    $8, R12
	JGT     valid

	ADDQ $7, R10
	SHRQ $3, R10 // groups per row

row:
	MOVQ    $0, (R8)
	MOVLQSX K_NL(SI), BX // lanes of the row from the group on
	VMOVDQA Y0, Y3
	VMOVDQA Y1, Y4
	VMOVDQA Y2, Y5
	XORQ    CX, CX  // group
	XORQ    R11, R11 // its byte offset

group:
	// Y6: the covered lanes (sign bits).
	VPOR      Y3, Y4, Y7
	VPOR      Y5, Y7, Y7
	VPANDN    S_VALID(SI)(R11*1), Y7, Y6
	VMOVMSKPS Y6, R12
	TESTQ     R12, R12
	JZ        next

	// The weight numerators: n0 in Y7, n1 = e2 + bias2 in Y8, n2 = e0 +
	// bias0 in Y9.
	VPADDD  S_BIAS2(SI), Y5, Y8
	VPADDD  S_BIAS0(SI), Y3, Y9
	VMOVDQU S_D(SI), Y7
	VPSUBD  Y3, Y7, Y7
	VPSUBD  Y5, Y7, Y7
	DEPTH4(X7, X8, X9, Y10, Y11, X10)
	VEXTRACTI128 $1, Y7, X7
	VEXTRACTI128 $1, Y8, X8
	VEXTRACTI128 $1, Y9, X9
	DEPTH4(X7, X8, X9, Y12, Y11, X12)
	VINSERTF128  $1, X12, Y10, Y10 // the eight depths

	// The stored depths and the compare: Y12 the passing lanes. A group
	// of eight lanes inside the row (or of four, at its end) moves with
	// plain loads and stores, rewriting the words of the lanes that do
	// not pass as they were; other groups at the row's end with masked
	// moves, which touch only the covered lanes.
	CMPQ BX, $8
	JLT  short
	VMOVUPS (DX)(R11*1), Y11
	COMPARE
	JZ      next
	MOVB    R12, (R8)(CX*1)
	CMPL    C_WRITE(DI), $0
	JEQ     next
	VBLENDVPS Y12, Y10, Y11, Y11
	VMOVUPS   Y11, (DX)(R11*1)
	JMP       next

short:
	CMPQ BX, $4
	JNE  masked
	VMOVUPS (DX)(R11*1), X11
	COMPARE
	JZ      next
	MOVB    R12, (R8)(CX*1)
	CMPL    C_WRITE(DI), $0
	JEQ     next
	VBLENDVPS X12, X10, X11, X11
	VMOVUPS   X11, (DX)(R11*1)
	JMP       next

masked:
	VMASKMOVPS (DX)(R11*1), Y6, Y11
	COMPARE
	JZ         next
	MOVB       R12, (R8)(CX*1)
	CMPL       C_WRITE(DI), $0
	JEQ        next
	VMASKMOVPS Y10, Y12, (DX)(R11*1)

next:
	SUBQ   $8, BX
	VPADDD (S_STEP+0)(SI), Y3, Y3
	VPADDD (S_STEP+32)(SI), Y4, Y4
	VPADDD (S_STEP+64)(SI), Y5, Y5
	ADDQ   $32, R11
	INCQ   CX
	CMPQ   CX, R10
	JLT    group

	ORQ    (R8), AX
	ADDQ   $8, R8
	MOVLQSX C_STRIDE(DI), R12
	ADDQ   R12, DX
	VPADDD (S_ROW+0)(SI), Y0, Y0
	VPADDD (S_ROW+32)(SI), Y1, Y1
	VPADDD (S_ROW+64)(SI), Y2, Y2
	DECQ   R9
	JNZ    row
	VZEROUPPER

done:
	MOVQ AX, ret+40(FP)
	RET
