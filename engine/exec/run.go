package exec

import (
	"math"

	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// run executes fr from fr.pc until the function ends (false) or the batch
// reaches a threadgroup barrier (true; fr.pc is then the resume point).
func (w *worker) run(fr *frame) (bool, error) {
	code := fr.cf.code
	W := w.w
	r32, f32, r64, uni, masks := fr.r32, fr.f32, fr.r64, fr.uni, fr.masks
	i32 := u32i(r32)
	pc := int(fr.pc)
	// direct: the 64-lane kernels are called straight (every lane offset
	// is a multiple of W inside its register file).
	direct, directFMA := W == 64 && lane.Direct64, W == 64 && lane.DirectFMA64
	for {
		in := &code[pc]
		if opStats {
			w.countOp(fr, pc)
		}
		pc++
		switch in.op {
		case opEnd:
			return false, nil
		case opNop:

		// Varying float32.
		case opAddF:
			if direct {
				lane.AddF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.AddF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opSubF:
			if direct {
				lane.SubF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.SubF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opMulF:
			if direct {
				lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.MulF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opDivF:
			if direct {
				lane.DivF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.DivF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opMinF:
			if direct {
				lane.MinF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.MinF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opMaxF:
			if direct {
				lane.MaxF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.MaxF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opClampF:
			if direct {
				lane.ClampF32x64(&r32[in.d], &r32[in.a], &r32[in.b], &r32[in.c])
			} else {
				lane.ClampF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W], f32[in.c:in.c+W])
			}
		case opFmaF:
			if directFMA {
				lane.FmaF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			} else {
				lane.FmaF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W], f32[in.c:in.c+W])
			}
		case opMulAddF:
			if direct {
				lane.MulAddF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			} else {
				lane.MulAddF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W], f32[in.c:in.c+W])
			}
		case opAddMulF:
			if direct {
				lane.AddMulF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			} else {
				lane.AddMulF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W], f32[in.c:in.c+W])
			}
		case opMulSubF:
			if direct {
				lane.MulSubF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			} else {
				lane.MulSubF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W], f32[in.c:in.c+W])
			}
		case opSubMulF:
			if direct {
				lane.SubMulF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			} else {
				lane.SubMulF32(f32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W], f32[in.c:in.c+W])
			}
		case opNegF:
			lane.NegF32Bits(r32[in.d:in.d+W], r32[in.a:in.a+W])
		case opAbsF:
			lane.AbsF32Bits(r32[in.d:in.d+W], r32[in.a:in.a+W])
		case opSqrtF:
			lane.SqrtF32(f32[in.d:in.d+W], f32[in.a:in.a+W])
		case opFloorF:
			d, a := f32[in.d:in.d+W], f32[in.a:in.a+W]
			for i := range d {
				d[i] = float32(math.Floor(float64(a[i])))
			}
		case opMathF:
			mathLanes(in.irop, f32[in.d:in.d+W], f32[in.a:in.a+W])
		case opLtF:
			if direct {
				lane.LtF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.LtF32(r32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opLeF:
			if direct {
				lane.LeF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.LeF32(r32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opEqF:
			if direct {
				lane.EqF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.Eq(r32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}
		case opNeF:
			if direct {
				lane.NeF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.Ne(r32[in.d:in.d+W], f32[in.a:in.a+W], f32[in.b:in.b+W])
			}

		// Varying 32-bit integers.
		case opAddI:
			if direct {
				lane.AddU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.AddI32(i32[in.d:in.d+W], i32[in.a:in.a+W], i32[in.b:in.b+W])
			}
		case opSubI:
			if direct {
				lane.SubU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.SubU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opMulI:
			if direct {
				lane.MulU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.MulU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opAndI:
			if direct {
				lane.AndU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.AndU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opOrI:
			if direct {
				lane.OrU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.OrU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opXorI:
			if direct {
				lane.XorU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.XorU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opShlI:
			if direct {
				lane.ShlU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.ShlU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opShrI:
			d, a, b := i32[in.d:in.d+W], i32[in.a:in.a+W], r32[in.b:in.b+W]
			for i := range d {
				d[i] = a[i] >> (b[i] & 31)
			}
		case opShrU:
			if direct {
				lane.ShrU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.ShrU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opRevI:
			lane.ReverseU32(r32[in.d:in.d+W], r32[in.a:in.a+W])
		case opNotB:
			lane.NotBool(r32[in.d:in.d+W], r32[in.a:in.a+W])
		case opMinI:
			if direct {
				lane.MinI32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				minMaxLanes(in.op, r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opMaxI:
			if direct {
				lane.MaxI32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				minMaxLanes(in.op, r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opMinU:
			if direct {
				lane.MinU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				minMaxLanes(in.op, r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opMaxU:
			if direct {
				lane.MaxU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				minMaxLanes(in.op, r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opLtI:
			if direct {
				lane.LtI32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.LtI32(r32[in.d:in.d+W], i32[in.a:in.a+W], i32[in.b:in.b+W])
			}
		case opLeI:
			if direct {
				lane.LeI32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.LeI32(r32[in.d:in.d+W], i32[in.a:in.a+W], i32[in.b:in.b+W])
			}
		case opLtU:
			if direct {
				lane.LtU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.LtU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opLeU:
			if direct {
				lane.LeU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.LeU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opEqI:
			if direct {
				lane.EqU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.Eq(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opNeI:
			if direct {
				lane.NeU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.Ne(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opSel32:
			if direct {
				lane.Select32x64(&r32[in.d], &r32[in.a], &r32[in.b], &r32[in.c])
			} else {
				lane.Select32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W], r32[in.c:in.c+W])
			}
		case opSel64:
			lane.Select(r64[in.d:in.d+W], r32[in.a:in.a+W], r64[in.b:in.b+W], r64[in.c:in.c+W])
		case opAdd64:
			lane.Add(r64[in.d:in.d+W], r64[in.a:in.a+W], r64[in.b:in.b+W])
		case opSub64:
			lane.Sub(r64[in.d:in.d+W], r64[in.a:in.a+W], r64[in.b:in.b+W])
		case opMul64:
			lane.Mul(r64[in.d:in.d+W], r64[in.a:in.a+W], r64[in.b:in.b+W])
		case opShl64:
			d, a, b := r64[in.d:in.d+W], r64[in.a:in.a+W], r64[in.b:in.b+W]
			for i := range d {
				d[i] = a[i] << (b[i] & 63)
			}

		// Conversions.
		case opZext64:
			lane.ZextU32(r64[in.d:in.d+W], r32[in.a:in.a+W])
		case opSext64:
			if direct {
				lane.SextI32x64(&r64[in.d], &r32[in.a])
			} else {
				sextLanes(r64[in.d:in.d+W], i32[in.a:in.a+W])
			}
		case opTrunc64:
			d, a := r32[in.d:in.d+W], r64[in.a:in.a+W]
			for i := range d {
				d[i] = uint32(a[i])
			}
		case opI32toF:
			lane.I32ToF32(r32[in.d:in.d+W], r32[in.a:in.a+W])
		case opU32toF:
			lane.U32ToF32(r32[in.d:in.d+W], r32[in.a:in.a+W])
		case opFtoI32:
			if direct {
				lane.FtoI32x64(&r32[in.d], &r32[in.a])
			} else {
				ftoiLanes(i32[in.d:in.d+W], f32[in.a:in.a+W])
			}
		case opF32toF16:
			fmath.RoundHalfs(f32[in.d:in.d+W], f32[in.a:in.a+W])
		case opXorMulI:
			if direct {
				lane.XorMulU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.XorMulU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opXorShrU:
			if direct {
				lane.XorShrU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			} else {
				lane.XorShrU32(r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W])
			}
		case opDivU:
			d, a, b := r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W]
			for i := range d {
				if y := b[i]; y != 0 {
					d[i] = a[i] / y
				} else {
					d[i] = 0
				}
			}
		case opRemU:
			d, a, b := r32[in.d:in.d+W], r32[in.a:in.a+W], r32[in.b:in.b+W]
			for i := range d {
				if y := b[i]; y != 0 {
					d[i] = a[i] % y
				} else {
					d[i] = 0
				}
			}
		case opCopy32:
			if direct {
				lane.Copy32x64(&r32[in.d], &r32[in.a])
			} else {
				copy(r32[in.d:in.d+W], r32[in.a:in.a+W])
			}
		case opCopy64:
			if direct {
				lane.Copy64x64(&r64[in.d], &r64[in.a])
			} else {
				copy(r64[in.d:in.d+W], r64[in.a:in.a+W])
			}
		case opCopy32N:
			copyLanes(r32, in.d, in.a, W)
			for mv := in.moves; len(mv) >= 2; mv = mv[2:] {
				copyLanes(r32, int(mv[0]), int(mv[1]), W)
			}
		case opVGen:
			vgen(fr, in, W)

		// Uniform ops.
		case opUGen:
			fr.ugen(in, W)
		case opUSet:
			v := uni[in.a]
			uni[in.d] = v
			if in.sh >= 0 {
				fr.fillShadow(in, v, W)
			}
		case opUBuiltin:
			v := uint64(fr.b.uniformBuiltin(ir.BuiltinID(in.imm)))
			uni[in.d] = v
			if in.sh >= 0 {
				fr.fillShadow(in, v, W)
			}
		case opUAlloca:
			v := uint64(fr.depth)<<ir.ThreadFrameShift | in.imm
			uni[in.d] = v
			if in.sh >= 0 {
				fr.fillShadow(in, v, W)
			}
		case opULoad:
			if fr.exec == 0 {
				break
			}
			if err := w.uload(fr, in); err != nil {
				return false, err
			}
		case opURun:
			for i := range in.parts {
				p := &in.parts[i]
				if p.op == opUGen {
					fr.ugen(p, W)
				} else if fr.exec != 0 {
					if err := w.uload(fr, p); err != nil {
						return false, err
					}
				}
			}

		// Masked and memory ops.
		case opVBuiltin:
			fr.seq[in.d/W] = fr.b.varyingBuiltin(ir.BuiltinID(in.imm), r32[in.d:in.d+W])
		case opVBuiltinC:
			if k := (builtinKey{base: fr.b.base, quad: fr.b.quad, size: fr.b.tgSize, ok: true}); fr.bkeys[in.s] != k {
				fr.seq[in.d/W] = fr.b.varyingBuiltin(ir.BuiltinID(in.imm), r32[in.d:in.d+W])
				fr.bkeys[in.s] = k
			}
		case opVSet32:
			if fr.exec == fr.entry && direct {
				lane.Copy32x64(&r32[in.d], &r32[in.a])
			} else if fr.exec == fr.entry {
				copy(r32[in.d:in.d+W], r32[in.a:in.a+W])
			} else if direct {
				lane.MoveMasked32x64(&r32[in.d], &r32[in.a], fr.exec)
			} else {
				lane.MoveMasked32(r32[in.d:in.d+W], r32[in.a:in.a+W], fr.exec)
			}
		case opVSet32N:
			if fr.exec == fr.entry {
				copyLanes(r32, in.d, in.a, W)
				for mv := in.moves; len(mv) >= 2; mv = mv[2:] {
					copyLanes(r32, int(mv[0]), int(mv[1]), W)
				}
			} else if direct {
				lane.MoveMasked32x64(&r32[in.d], &r32[in.a], fr.exec)
				for mv := in.moves; len(mv) >= 2; mv = mv[2:] {
					lane.MoveMasked32x64(&r32[mv[0]], &r32[mv[1]], fr.exec)
				}
			} else {
				lane.MoveMasked32(r32[in.d:in.d+W], r32[in.a:in.a+W], fr.exec)
				for mv := in.moves; len(mv) >= 2; mv = mv[2:] {
					d, a := int(mv[0]), int(mv[1])
					lane.MoveMasked32(r32[d:d+W], r32[a:a+W], fr.exec)
				}
			}
		case opVSet64:
			if fr.exec == fr.entry {
				copy(r64[in.d:in.d+W], r64[in.a:in.a+W])
			} else {
				lane.MoveMasked(r64[in.d:in.d+W], r64[in.a:in.a+W], fr.exec)
			}
		case opVLoad:
			if w.tr.on {
				w.countMem(fr, in, fr.exec, false)
			}
			if err := w.vload(fr, in); err != nil {
				return false, err
			}
		case opVStore:
			if w.tr.on {
				w.countMem(fr, in, fr.exec&^fr.noStore, true)
			}
			if err := w.vstore(fr, in); err != nil {
				return false, err
			}
		case opVLoadAff, opVStoreAff:
			if w.tr.on {
				w.countMem(fr, in, fr.exec&^fr.noStoreIf(in.op == opVStoreAff), in.op == opVStoreAff)
			}
			if err := w.affine(fr, in); err != nil {
				return false, err
			}
		case opVLoadAffN:
			if w.tr.on {
				w.countMem(fr, in, fr.exec, false)
			}
			if err := w.affineN(fr, in); err != nil {
				return false, err
			}
		case opVStoreAffN:
			if w.tr.on {
				w.countMem(fr, in, fr.exec&^fr.noStore, true)
			}
			if err := w.affineStoreN(fr, in); err != nil {
				return false, err
			}
		case opVLoadRows:
			if w.tr.on {
				for i := range in.parts {
					w.countMem(fr, &in.parts[i], fr.exec, false)
				}
			}
			if err := w.affineRows(fr, in, false); err != nil {
				return false, err
			}
		case opVStoreRows:
			if w.tr.on {
				for i := range in.parts {
					w.countMem(fr, &in.parts[i], fr.exec&^fr.noStore, true)
				}
			}
			if err := w.affineRows(fr, in, true); err != nil {
				return false, err
			}
		case opCall:
			if err := w.call(fr, in); err != nil {
				return false, err
			}
		case opIntrinsic:
			if fr.exec == 0 {
				break
			}
			if err := w.intrinsic(fr, in); err != nil {
				return false, err
			}
		case opBarrier:
			fr.pc = int32(pc)
			return true, nil

		// Pairs (fusePairs; formed only where direct and, with an FMA
		// kernel, directFMA hold): the first instruction, then the
		// second at pc, which the dispatch steps over.
		case opMulF2:
			lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
		case opAddMulF2:
			lane.AddMulF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			in, pc = w.pairNext(fr, code, pc)
			lane.AddMulF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
		case opFmaF2:
			lane.FmaF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			in, pc = w.pairNext(fr, code, pc)
			lane.FmaF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
		case opSubF2:
			lane.SubF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.SubF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
		case opAddF2:
			lane.AddF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.AddF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
		case opMulFAddMulF:
			lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.AddMulF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
		case opAddMulFMulF:
			lane.AddMulF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
			in, pc = w.pairNext(fr, code, pc)
			lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
		case opMulFFmaF:
			lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.FmaF32x64(&f32[in.d], &f32[in.a], &f32[in.b], &f32[in.c])
		case opMulFDivF:
			lane.MulF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.DivF32x64(&r32[in.d], &r32[in.a], &r32[in.b])
		case opXorMulI2:
			lane.XorMulU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
			in, pc = w.pairNext(fr, code, pc)
			lane.XorMulU32x64(&r32[in.d], &r32[in.a], &r32[in.b])
		case opVSet32EndIf:
			if fr.exec == fr.entry {
				lane.Copy32x64(&r32[in.d], &r32[in.a])
			} else {
				lane.MoveMasked32x64(&r32[in.d], &r32[in.a], fr.exec)
			}
			in, pc = w.pairNext(fr, code, pc)
			m := masks[in.s] &^ (masks[slotRet] | masks[in.x1] | masks[in.x2])
			fr.exec = m
			if m == 0 {
				pc = int(in.skip)
			}

		// Control flow.
		case opIfV:
			m := fr.exec & lane.FromBools(r32[in.a:in.a+W])
			masks[in.s] = fr.exec
			masks[in.s+1] = m
			fr.exec = m
			if m == 0 {
				pc = int(in.tgt)
			}
		case opIfCmp:
			m := fr.exec & cmpMask(in, r32, W)
			masks[in.s] = fr.exec
			masks[in.s+1] = m
			fr.exec = m
			if m == 0 {
				pc = int(in.tgt)
			}
		case opIfCmpC:
			cm := fr.cmasks[in.x1]
			if k := (builtinKey{base: fr.b.base, quad: fr.b.quad, size: fr.b.tgSize, ok: true}); fr.ckeys[in.x1] != k {
				cm = cmpMask(in, r32, W)
				fr.cmasks[in.x1], fr.ckeys[in.x1] = cm, k
			}
			m := fr.exec & cm
			masks[in.s] = fr.exec
			masks[in.s+1] = m
			fr.exec = m
			if m == 0 {
				pc = int(in.tgt)
			}
		case opIfU:
			masks[in.s] = fr.exec
			if uni[in.a]&1 != 0 {
				masks[in.s+1] = fr.exec
			} else {
				masks[in.s+1] = 0
				pc = int(in.tgt)
			}
		case opIfUJ:
			if uni[in.a]&1 == 0 {
				pc = int(in.tgt)
			}
		case opIfUCmp:
			a, b := uni[in.a], uni[in.b]
			v, ok := uniformCompare(in.irop, in.k, a, b)
			if !ok {
				v = ir.Eval(in.irop, in.k, in.from, a, b, 0)
			}
			if v&1 == 0 {
				pc = int(in.tgt)
			}
		case opJump:
			pc = int(in.tgt)
		case opElse:
			m := masks[in.s] &^ masks[in.s+1]
			fr.exec = m
			if m == 0 {
				pc = int(in.tgt)
			}
		case opEndIf:
			m := masks[in.s] &^ (masks[slotRet] | masks[in.x1] | masks[in.x2])
			fr.exec = m
			if m == 0 {
				pc = int(in.skip)
			}
		case opLoopBegin:
			masks[in.s] = fr.exec
			masks[in.s+2] = 0
		case opLoopHead:
			masks[in.s+1] = fr.exec
			masks[in.s+3] = 0
			w.steps += int64(in.cost)
			if w.steps >= w.nextCheck {
				if err := w.check(fr, in); err != nil {
					return false, err
				}
			}
		case opLoopCont:
			m := masks[in.s+1] &^ (masks[in.s+2] | masks[slotRet])
			fr.exec = m
			if m == 0 {
				pc = int(in.tgt)
			}
		case opLoopEnd:
			if fr.exec != 0 {
				pc = int(in.tgt)
			}
		case opLoopExit:
			m := masks[in.s] &^ masks[slotRet]
			fr.exec = m
			if m == 0 {
				pc = int(in.skip)
			}
		case opBreak, opContinue:
			masks[in.s] |= fr.exec
			fr.exec = 0
			pc = int(in.tgt)
		case opRet:
			for i, o := range in.ops {
				r := fr.cf.results[i]
				if o.file == file64 {
					lane.MoveMasked(r64[r.off:int(r.off)+W], r64[o.off:int(o.off)+W], fr.exec)
				} else {
					lane.MoveMasked32(r32[r.off:int(r.off)+W], r32[o.off:int(o.off)+W], fr.exec)
				}
			}
			masks[slotRet] |= fr.exec
			fr.exec = 0
			pc = int(in.tgt)
		case opDiscard:
			// Demote to helper (Metal 2.3 and later): the lanes go on
			// running for their quads' derivatives, without side effects.
			masks[slotDisc] |= fr.exec
			fr.noStore |= fr.exec
		case opSwBegin:
			switchMasks(fr, in, W)
			fr.exec = 0
		case opCase:
			m := (fr.exec | masks[in.s+2+in.c]) &^ (masks[slotRet] | masks[in.x1] | masks[in.x2])
			fr.exec = m
			if m == 0 {
				pc = int(in.tgt)
			}
		case opSwEnd:
			m := masks[in.s] &^ (masks[slotRet] | masks[in.x2])
			fr.exec = m
			if m == 0 {
				pc = int(in.skip)
			}
		default:
			return false, w.fault(fr, in, FaultUnsupported, fr.exec.First(), 0, "unknown VM op")
		}
	}
}

// copyLanes copies the W-lane vector at a to d in r.
func copyLanes(r []uint32, d, a, W int) { copy32(r[d:d+W], r[a:a+W]) }

// minMaxLanes runs opMinI, opMaxI, opMinU or opMaxU lane by lane.
func minMaxLanes(op vop, d, a, b []uint32) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		switch x, y := a[i], b[i]; op {
		case opMinI:
			d[i] = uint32(min(int32(x), int32(y)))
		case opMaxI:
			d[i] = uint32(max(int32(x), int32(y)))
		case opMinU:
			d[i] = min(x, y)
		default:
			d[i] = max(x, y)
		}
	}
}

// sextLanes sign-extends a into d (opSext64).
func sextLanes(d []uint64, a []int32) {
	a = a[:len(d)]
	for i := range d {
		d[i] = uint64(int64(a[i]))
	}
}

// ftoiLanes converts a to int32 into d (opFtoI32): NaN to 0, the values
// beyond the range to its ends, the others truncated.
func ftoiLanes(d []int32, a []float32) {
	a = a[:len(d)]
	for i := range d {
		x := a[i]
		switch {
		case x != x:
			d[i] = 0
		case x >= 2147483648:
			d[i] = math.MaxInt32
		case x <= -2147483648:
			d[i] = math.MinInt32
		default:
			d[i] = int32(x)
		}
	}
}

// pairNext returns the second instruction of a pair (at pc) and the pc
// after it, counting it in opstats builds as the dispatch would.
func (w *worker) pairNext(fr *frame, code []inst, pc int) (*inst, int) {
	if opStats {
		w.countOp(fr, pc)
	}
	return &code[pc], pc + 1
}

// cmpMask compares two lane vectors (Lt, Le, Eq or Ne on F32, I32 or U32)
// and returns the lanes where the comparison holds.
func cmpMask(in *inst, r32 []uint32, w int) lane.Mask {
	a, b := r32[in.a:in.a+w], r32[in.b:in.b+w]
	cmp := lane.CmpNe
	switch in.irop {
	case ir.OpLt:
		cmp = lane.CmpLt
	case ir.OpLe:
		cmp = lane.CmpLe
	case ir.OpEq:
		cmp = lane.CmpEq
	}
	switch in.k {
	case ir.F32:
		return lane.CmpMaskF32(cmp, u32f(a), u32f(b))
	case ir.I32:
		return lane.CmpMaskI32(cmp, u32i(a), u32i(b))
	}
	return lane.CmpMaskU32(cmp, a, b)
}

// ugen evaluates the uniform op in (opUGen) into its slot and shadow.
func (fr *frame) ugen(in *inst, w int) {
	uni := fr.uni
	var a, b, c uint64
	switch in.s {
	case 3:
		c = uni[in.c]
		fallthrough
	case 2:
		b = uni[in.b]
		fallthrough
	case 1:
		a = uni[in.a]
	}
	v, ok := uniformFast(in.irop, in.k, a, b)
	if !ok {
		v = ir.Eval(in.irop, in.k, in.from, a, b, c)
	}
	// The shadow already holds v when the slot does (shKeep).
	if in.sh >= 0 && (!in.shKeep || uni[in.d] != v) {
		fr.fillShadow(in, v, w)
	}
	uni[in.d] = v
}

// uload runs the uniform load in (opULoad; fr has lanes active) into its
// slot and shadow.
func (w *worker) uload(fr *frame, in *inst) error {
	if w.tr.on {
		w.countMem(fr, in, 1, false)
	}
	// The address is a uniform pointer plus the constant offset of a
	// member (planUniformLoads; 0 otherwise). Device and constant reads
	// inside the buffer the worker read last skip locate's search.
	a := fr.uni[in.a] + in.imm
	var v uint64
	if mc, size := &w.cache, uint64(in.k.Size()); (in.space == ir.Device || in.space == ir.Constant) &&
		a+size >= a && !misaligned(a, in.align) {
		// The worker's last buffer, else the one this load read last
		// (ubufEntry), else the search.
		if a >= mc.lo && a+size <= mc.hi {
			v = readKind(mc.data[a-mc.lo:], in.k)
		} else if e := &fr.ubufs[in.s]; e.id == w.ds.id && a >= e.lo && a+size <= e.hi {
			v = readKind(w.mem.bufs[e.i].Data[a-e.lo:], in.k)
		} else {
			var err error
			if v, err = w.loadOne(fr, in, a, fr.exec.First()); err != nil {
				return err
			}
			if i := w.mem.find(a, size); i >= 0 {
				b := &w.mem.bufs[i]
				*e = ubufEntry{id: w.ds.id, lo: b.Addr, hi: b.Addr + uint64(len(b.Data)), i: i}
			}
		}
	} else {
		var err error
		if v, err = w.loadOne(fr, in, a, fr.exec.First()); err != nil {
			return err
		}
	}
	// The shadow already holds v when the slot does (shKeep).
	if in.sh >= 0 && (!in.shKeep || fr.uni[in.d] != v) {
		fr.fillShadow(in, v, w.w)
	}
	fr.uni[in.d] = v
	return nil
}

// fillShadow broadcasts uniform value v into the shadow lane vector of in.
func (fr *frame) fillShadow(in *inst, v uint64, w int) {
	if in.shWide {
		lane.Broadcast(fr.r64[in.sh:in.sh+w], v)
	} else {
		lane.Fill32(fr.r32[in.sh:in.sh+w], uint32(v))
	}
}

// vgen evaluates a pure op lane by lane through ir.Eval (the slow path for
// kinds and ops without a dedicated kernel). It runs on every lane: pure
// ops cannot fault.
func vgen(fr *frame, in *inst, w int) {
	var a, b, c uint64
	d := in.res[0]
	for i := 0; i < w; i++ {
		switch len(in.ops) {
		case 3:
			c = fr.get(in.ops[2], i)
			fallthrough
		case 2:
			b = fr.get(in.ops[1], i)
			fallthrough
		case 1:
			a = fr.get(in.ops[0], i)
		}
		fr.put(d, i, ir.Eval(in.irop, in.k, in.from, a, b, c))
	}
}

// mathLanes applies a float math op to every lane with the lane loops of
// internal/fmath, the same functions ir.MathF32 (and so refexec and the
// constant folder) evaluates one value at a time.
func mathLanes(op ir.Op, d, a []float32) {
	a = a[:len(d)]
	switch op {
	case ir.OpSqrt:
		fmath.SqrtLanes(d, a)
	case ir.OpRsqrt:
		fmath.RsqrtLanes(d, a)
	case ir.OpFloor:
		fmath.FloorLanes(d, a)
	case ir.OpCeil:
		fmath.CeilLanes(d, a)
	case ir.OpTrunc:
		fmath.TruncLanes(d, a)
	case ir.OpRint:
		fmath.RintLanes(d, a)
	case ir.OpExp2:
		fmath.Exp2Lanes(d, a)
	case ir.OpLog2:
		fmath.Log2Lanes(d, a)
	case ir.OpSin:
		fmath.SinLanes(d, a)
	case ir.OpCos:
		fmath.CosLanes(d, a)
	case ir.OpTan:
		fmath.TanLanes(d, a)
	case ir.OpAsin:
		fmath.AsinLanes(d, a)
	case ir.OpAcos:
		fmath.AcosLanes(d, a)
	case ir.OpAtan:
		fmath.AtanLanes(d, a)
	case ir.OpFastExp2:
		fmath.FastExp2Lanes(d, a)
	case ir.OpFastLog2:
		fmath.FastLog2Lanes(d, a)
	case ir.OpFastSin:
		fmath.FastSinLanes(d, a)
	case ir.OpFastCos:
		fmath.FastCosLanes(d, a)
	case ir.OpFastTan:
		fmath.FastTanLanes(d, a)
	case ir.OpFastRsqrt:
		fmath.FastRsqrtLanes(d, a)
	default:
		for i := range d {
			d[i] = ir.MathF32(op, a[i])
		}
	}
}

// switchMasks computes the lanes entering each case of a switch.
func switchMasks(fr *frame, in *inst, w int) {
	s := in.s
	fr.masks[s] = fr.exec
	fr.masks[s+1] = 0
	for i := range in.caseVals {
		fr.masks[s+2+i] = 0
	}
	if in.c == 1 { // uniform selector
		idx := caseIndex(in, fr.uni[in.a])
		if idx >= 0 {
			fr.masks[s+2+idx] = fr.exec
		}
		return
	}
	sel := operand{file: file32, kind: in.k, off: int32(in.a)}
	if in.k.Wide() {
		sel.file = file64
	}
	for m := fr.exec; m != 0; m &= m - 1 {
		i := m.First()
		if idx := caseIndex(in, fr.get(sel, i)); idx >= 0 {
			fr.masks[s+2+idx] |= 1 << uint(i)
		}
	}
}

func caseIndex(in *inst, v uint64) int {
	for i, vals := range in.caseVals {
		for _, x := range vals {
			if x == v {
				return i
			}
		}
	}
	return in.caseDef
}
