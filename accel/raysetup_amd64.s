#include "textflag.h"

// func kernelRay(o, d *[3]float32, width int, r *levelRay, st *traceState) bool
//
// levelRay.set3Signs of ray (o, d) for nodes of the given width, the part
// that the slab test reads (o, d, fo, the inverse direction and the plane
// offsets), into r, and the watertight test's constants (permuted origin
// and shear) into st's fastTri with the permuted axes as st.kx16, ky16,
// kz16 (byte offsets), all branch-free: the same IEEE float32
// operations as set3Signs (one correctly rounded divide per component, the
// same multiplies and subtractions), so the same bits
// (TestKernelRayMatchesSet3); a store per 8 or 16 bytes. Returns false, writing nothing, when a
// component of o or d is not finite or d is zero (validRay3's tests
// of the vectors). VEX-128 only (leaves no dirty upper state).
TEXT ·kernelRay(SB), NOSPLIT, $0-41
	MOVQ o+0(FP), SI
	MOVQ d+8(FP), BX
	MOVQ width+16(FP), CX
	MOVQ r+24(FP), DI
	VMOVSD    (SI), X0
	VINSERTPS $0x20, 8(SI), X0, X0 // ox oy oz 0
	VMOVSD    (BX), X1
	VINSERTPS $0x20, 8(BX), X1, X1 // dx dy dz 0
	// finite in every lane: x-x is +0 (no bit set) for a finite x, NaN
	// otherwise; d not all zero: a bit of some |d| set
	VSUBPS       X0, X0, X2
	VSUBPS       X1, X1, X3
	VORPS        X3, X2, X2
	VPTEST       X2, X2
	JNE          invalid
	VBROADCASTSS kAbs<>(SB), X4
	VPTEST       X4, X1
	JEQ          invalid

	// inverse direction: components with |d| < tinyDir nudged to
	// ±tinyDir by sign bit, then 1/x (invDirSigns)
	VANDPS       X4, X1, X5       // |d|
	VBROADCASTSS kTiny<>(SB), X6
	VCMPPS       $1, X6, X5, X7   // |d| < tinyDir
	VANDNPS      X1, X4, X8       // sign bits of d
	VORPS        X6, X8, X9       // ±tinyDir
	VBLENDVPS    X7, X9, X1, X10
	VBROADCASTSS kOneF<>(SB), X11
	VDIVPS       X10, X11, X11    // inverse direction
	// exit origin: o - (max(|o|·2^-20, 2^-60) with inv's sign) (farOriginSigns)
	VANDPS       X4, X0, X12
	VBROADCASTSS kP20<>(SB), X13
	VMULPS       X13, X12, X12
	VPBROADCASTD kP60<>(SB), X13
	VPMAXSD      X13, X12, X12
	VMOVAPS      X8, X13          // sign bits of inv (those of d: the nudge keeps the sign)
	VORPS        X13, X12, X12
	VSUBPS       X12, X0, X12
	// o @0, d @12, fo @24, ix iy iz @36 (each store's fourth lane is
	// overwritten by the next one; the last by nx below)
	VMOVUPS X0, 0(DI)
	VMOVUPS X1, 12(DI)
	VMOVUPS X12, 24(DI)
	VMOVUPS X11, 36(DI)

	// planes: near at axis*w, far at (axis+3)*w, swapped where inv < 0
	// (int32 lanes, then widened to the int fields: 4 stores)
	LEAQ         (CX)(CX*2), R8   // 3w
	VMOVD        R8, X7
	VPBROADCASTD X7, X7
	VPSRAD       $31, X1, X6      // (the sign of inv is that of d)
	VPAND        X7, X6, X6       // sx, sy, sz: 3w where inv < 0
	VMOVD        CX, X8
	VPBROADCASTD X8, X8
	VPMULLD      kLanes<>(SB), X8, X8 // 0, w, 2w, 3w
	VPADDD       X7, X8, X9       // 3w, 4w, 5w, 6w
	VPADDD       X6, X8, X8       // nx, ny, nz
	VPSUBD       X6, X9, X9       // fx, fy, fz
	VPMOVSXDQ    X8, X10
	VMOVQ        X10, 48(DI)      // nx, ny (8-byte stores: the kernels' 8-byte loads forward from them)
	VPEXTRQ      $1, X10, 56(DI)
	VPSHUFD      $0xee, X8, X8
	VPMOVSXDQ    X8, X10
	VMOVQ        X10, 64(DI)      // nz
	VPMOVSXDQ    X9, X10
	VMOVQ        X10, 72(DI)      // fx, fy
	VPEXTRQ      $1, X10, 80(DI)
	VPSHUFD      $0xee, X9, X9
	VPMOVSXDQ    X9, X10
	VMOVQ        X10, 88(DI)      // fz

	// kz: the axis of the largest |d| (the first of equal ones), compared
	// as bits
	VMOVD   X5, R11
	VPEXTRD $1, X5, R12
	VPEXTRD $2, X5, R13
	XORL    R9, R9
	MOVL    $1, R10
	CMPL    R12, R11
	CMOVLGT R10, R9
	MOVL    R11, R10
	CMPL    R12, R10
	CMOVLGT R12, R10      // max(bx, by)
	MOVL    $2, AX
	CMPL    R13, R10
	CMOVLGT AX, R9        // R9: kz
	// kx, ky = kz+1, kz+2 mod 3, swapped when d[kz] < 0
	LEAL    (R9*2), CX
	MOVL    $0x09, R10
	SHRL    CX, R10
	ANDL    $3, R10
	MOVL    $0x12, R11
	SHRL    CX, R11
	ANDL    $3, R11
	VMOVMSKPS X1, DX
	MOVL    R10, R12
	MOVL    R11, R13
	BTL     R9, DX
	CMOVLCS R11, R12      // R12: kx
	CMOVLCS R10, R13      // R13: ky
	// st's fastTri pox, poy, poz, shx, shy, shz (two stores: permuted
	// origin and shear, sz = inv[kz], sx = d[kx]·sz, sy = d[ky]·sz) and
	// kx16, ky16, kz16. (fastTri's kx, ky, kz and the levelRay's watertight
	// constants are left as they were: the kernel does not read them.)
	VMOVD        R12, X2
	VPINSRD      $1, R13, X2, X2
	VPINSRD      $2, R9, X2, X2   // kx, ky, kz
	VPERMILPS    X2, X0, X3       // o[kx], o[ky], o[kz]
	VPERMILPS    X2, X1, X4       // d[kx], d[ky], d[kz]
	VMOVD        R9, X5
	VPBROADCASTD X5, X5
	VPERMILPS    X5, X11, X5      // inv[kz] in every lane
	VMULPS       X5, X4, X4       // sx, sy
	VINSERTPS    $0x30, X4, X3, X3
	VMOVSHDUP    X4, X6
	VINSERTPS    $0x10, X5, X6, X6
	MOVQ         st+32(FP), SI
	VMOVUPS      X3, 24(SI)
	VMOVSD       X6, 40(SI)
	SHLQ         $4, R12
	SHLQ         $4, R13
	SHLQ         $4, R9
	MOVQ         R12, 136(SI)
	MOVQ         R13, 144(SI)
	MOVQ         R9, 152(SI)
	MOVB    $1, ret+40(FP)
	RET

invalid:
	MOVB $0, ret+40(FP)
	RET

DATA kLanes<>+0(SB)/8, $0x0000000100000000
DATA kLanes<>+8(SB)/8, $0x0000000300000002
GLOBL kLanes<>(SB), RODATA|NOPTR, $16
DATA kAbs<>+0(SB)/4, $0x7fffffff
GLOBL kAbs<>(SB), RODATA|NOPTR, $4
// float32(tinyDir)
DATA kTiny<>+0(SB)/4, $0x0da24260
GLOBL kTiny<>(SB), RODATA|NOPTR, $4
DATA kOneF<>+0(SB)/4, $0x3f800000
GLOBL kOneF<>(SB), RODATA|NOPTR, $4
// 2^-20 and the bits of 2^-60
DATA kP20<>+0(SB)/4, $0x35800000
GLOBL kP20<>(SB), RODATA|NOPTR, $4
DATA kP60<>+0(SB)/4, $0x21800000
GLOBL kP60<>(SB), RODATA|NOPTR, $4
