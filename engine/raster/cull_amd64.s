#include "textflag.h"

// tri3 is the int32 lanes 0, 3, …, 21: the first index of each of eight
// triangles.
DATA tri3<>+0(SB)/4, $0
DATA tri3<>+4(SB)/4, $3
DATA tri3<>+8(SB)/4, $6
DATA tri3<>+12(SB)/4, $9
DATA tri3<>+16(SB)/4, $12
DATA tri3<>+20(SB)/4, $15
DATA tri3<>+24(SB)/4, $18
DATA tri3<>+28(SB)/4, $21
GLOBL tri3<>(SB), RODATA|NOPTR, $32

// GATHER3 gathers index k of the eight triangles at SI into Y.
#define GATHER3(off, Y) \
	VMOVDQA Y14, Y13; \
	VPGATHERDD Y13, off(SI)(Y15*4), Y

// VGATHER gathers the 32-bit field at byte off of the positions (vpos,
// 8 bytes each) at DI indexed by Yo into Y.
#define VGATHER(off, Yo, Y) \
	VMOVDQA Y14, Y13; \
	VPGATHERDD Y13, off(DI)(Yo*8), Y

// func cullListAVX2(ix *uint32, vc *vpos, groups int, nv int, keepPos, keepNeg uint32, out *uint16) int
//
// For each group of eight triangles (24 indices) at ix: out[g] has bit k
// set when triangle k is inside every plane, not degenerate and kept by
// the cull mode (keepPos/keepNeg: 0xff when triangles of positive/negative
// area are kept, else 0), and bit 8+k when some vertex of it is outside a
// plane (its x is vOutside). It stops before the first group with an index outside [0, nv)
// and returns the groups done.
TEXT ·cullListAVX2(SB), NOSPLIT, $0-56
	MOVQ ix+0(FP), SI
	MOVQ vc+8(FP), DI
	MOVQ groups+16(FP), CX
	MOVQ nv+24(FP), AX
	MOVL keepPos+32(FP), R8
	MOVL keepNeg+36(FP), R9
	MOVQ out+40(FP), R10
	VMOVDQU tri3<>(SB), Y15
	VPCMPEQD Y14, Y14, Y14
	VMOVQ   AX, X12
	VPBROADCASTD X12, Y12 // nv
	VPSLLD $31, Y14, Y11 // vOutside
	XORQ R11, R11

loop:
	CMPQ R11, CX
	JGE  done
	GATHER3(0, Y0)
	GATHER3(4, Y1)
	GATHER3(8, Y2)
	// Every index in [0, nv): nv > t and t > -1.
	VPCMPGTD Y0, Y12, Y3
	VPCMPGTD Y14, Y0, Y4
	VPAND    Y4, Y3, Y3
	VPCMPGTD Y1, Y12, Y4
	VPAND    Y4, Y3, Y3
	VPCMPGTD Y14, Y1, Y4
	VPAND    Y4, Y3, Y3
	VPCMPGTD Y2, Y12, Y4
	VPAND    Y4, Y3, Y3
	VPCMPGTD Y14, Y2, Y4
	VPAND    Y4, Y3, Y3
	VMOVMSKPS Y3, BX
	CMPL     BX, $0xff
	JNE      done
	VGATHER(0, Y0, Y3) // x0
	VGATHER(4, Y0, Y4) // y0
	VGATHER(0, Y1, Y6) // x1
	VGATHER(4, Y1, Y7) // y1
	VGATHER(0, Y2, Y8) // x2
	VGATHER(4, Y2, Y9) // y2
	// Y5: lanes with some vertex outside.
	VPCMPEQD Y11, Y3, Y5
	VPCMPEQD Y11, Y6, Y10
	VPOR     Y10, Y5, Y5
	VPCMPEQD Y11, Y8, Y10
	VPOR     Y10, Y5, Y5
	// area2 = (x1−x0)(y2−y0) − (y1−y0)(x2−x0) in int64, even and odd lanes.
	VPSUBD  Y3, Y6, Y6 // dx1
	VPSUBD  Y4, Y9, Y9 // dy2
	VPSUBD  Y4, Y7, Y7 // dy1
	VPSUBD  Y3, Y8, Y8 // dx2
	VPMULDQ Y9, Y6, Y0
	VPMULDQ Y8, Y7, Y1
	VPSUBQ  Y1, Y0, Y0 // even lanes' area2
	VPSRLQ  $32, Y6, Y6
	VPSRLQ  $32, Y9, Y9
	VPSRLQ  $32, Y7, Y7
	VPSRLQ  $32, Y8, Y8
	VPMULDQ Y9, Y6, Y1
	VPMULDQ Y8, Y7, Y2
	VPSUBQ  Y2, Y1, Y1 // odd lanes' area2
	VPXOR    Y10, Y10, Y10
	VPCMPGTQ Y10, Y0, Y2 // > 0
	VPCMPGTQ Y10, Y1, Y3
	VPBLENDD $0xaa, Y3, Y2, Y2
	VMOVMSKPS Y2, BX // positive area
	VPCMPGTQ Y0, Y10, Y2 // < 0
	VPCMPGTQ Y1, Y10, Y3
	VPBLENDD $0xaa, Y3, Y2, Y2
	VMOVMSKPS Y2, DX // negative area
	VMOVMSKPS Y5, R12 // some vertex outside
	ANDL R8, BX
	ANDL R9, DX
	ORL  DX, BX
	MOVL R12, R13
	NOTL R13
	ANDL R13, BX
	SHLL $8, R12
	ORL  R12, BX
	MOVW BX, (R10)(R11*2)
	ADDQ $96, SI
	INCQ R11
	JMP  loop

done:
	VZEROUPPER
	MOVQ R11, ret+48(FP)
	RET
