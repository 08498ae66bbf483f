//go:build goexperiment.simd && amd64

package texel

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// simdBilinear reports that bilinear64 is the AVX2 kernel (in this build).
const simdBilinear = true

// useBilinear8 selects the AVX2 bilinear kernel; set once at start-up.
var useBilinear8 = archsimd.X86.AVX2() && archsimd.X86.FMA()

// inv255Hi + inv255Lo is 1/255 to about 48 bits: a byte c decodes as
// fma(c, inv255Hi, c·inv255Lo) (two ops instead of a VDIVPS), which rounds
// to exactly float32(c)/255 = unorm8LUT[c] for every byte: the sum is off
// by about 2^-48 relative, and c/255, whose binary expansion repeats c's
// eight bits, is never that close to a rounding midpoint
// (TestDecodeUnorm8Exact checks all 256 bytes).
var (
	inv255Hi = float32(1) / 255
	inv255Lo = float32(1.0/255 - float64(float32(1)/255))
)

// byteSel[c] selects byte c of each 32-bit word into the word's low byte
// and zeroes the others (VPSHUFB indices; -128 gives zero).
var byteSel = func() (s [4][32]int8) {
	for c := range 4 {
		for i := range 32 {
			s[c][i] = -128
			if i%4 == 0 {
				s[c][i] = int8(i%16 + c)
			}
		}
	}
	return
}()

// slotOrder is the order in which bilinear64's 8-byte fallback fetch (near
// the end of the data) stores the lanes of a group of 8: lanes 0, 1, 4, 5
// in the first two 128-bit halves of the fetched words and 2, 3, 6, 7 in
// the second (fetchRow's order), so that one VSHUFPS per texel column
// (evens / odds) rebuilds lanes 0..7 in order.
var slotOrder = [8]uint32{0, 1, 4, 5, 2, 3, 6, 7}

// bilinear64 filters the groups of 8 lanes [g0+8j, g0+8j+8) whose bit j is
// set in groups, with AVX2, when all eight lanes of a group read 2×2 blocks
// wholly inside the level; it returns the bits of the groups it wrote (the
// others are left to the scalar loop). It does the float operations of the
// scalar loop in the same order, without FMA except in the exact byte
// decode, so results are bit-identical.
func (k *bilinearRGBA8) bilinear64(g0 int, groups uint8) uint8 {
	if !useBilinear8 || groups == 0 {
		return 0
	}
	// Two passes over the groups: the first computes every group's block
	// offsets and fractions (a chain of dependent float and integer ops
	// per group), the second fetches, decodes and filters with the
	// offsets already in memory, so the loads of one group do not wait
	// for that chain and groups overlap.
	// Scratch, declared (zeroed) before the first vector op: the compiler
	// zeroes arrays with legacy-SSE stores.
	var offs [8][8]int32
	var fxs, fys [8][8]float32
	var narrow narrowScratch // for fetchNarrow
	// Loop-invariant vectors; the scalar set-up stays before the first
	// vector op (no SSE/AVX transitions inside the loops).
	data, base, row := k.data, k.base, k.row
	// The fetches below read 8 bytes at base + j0·row + 4·i0 and a row
	// further, with 0 ≤ i0 < w-1 and 0 ≤ j0 < h-1 checked per lane: inside
	// data when the level's last row is (checked here, once), so they skip
	// the bounds checks.
	if k.w1 < 1 || k.h1 < 1 || row < 4*int(k.w1+1) || base < 0 || base+int(k.h1)*row+4*int(k.w1+1) > len(data) {
		return 0
	}
	d0 := unsafe.Pointer(unsafe.SliceData(data))
	norm := k.norm
	u, v := k.u, k.v
	c0, cg, c2, ca := k.c0, k.g, k.c2, k.a
	var done, wide uint8 // groups inside the level; of those, with 16-byte fetches
	{
		wf, hf := archsimd.BroadcastFloat32x8(k.wf), archsimd.BroadcastFloat32x8(k.hf)
		half := archsimd.BroadcastFloat32x8(0.5)
		ox, oy := archsimd.BroadcastFloat32x8(k.ox), archsimd.BroadcastFloat32x8(k.oy)
		m1 := archsimd.BroadcastInt32x8(-1)
		w1, h1 := archsimd.BroadcastInt32x8(k.w1), archsimd.BroadcastInt32x8(k.h1)
		rowv := archsimd.BroadcastInt32x8(int32(row))
		basev := archsimd.BroadcastInt32x8(int32(base))
		// Offsets below lim leave 16 bytes readable in the second row
		// (-1: none).
		lim := archsimd.BroadcastInt32x8(int32(max(len(data)-16-row+1, -1)))
		for gs := groups; gs != 0; gs &= gs - 1 {
			j := bits.TrailingZeros8(gs)
			i := g0 + 8*j
			x := archsimd.LoadFloat32x8Slice(u[i : i+8])
			y := archsimd.LoadFloat32x8Slice(v[i : i+8])
			if norm {
				x, y = x.Mul(wf), y.Mul(hf)
			}
			x = x.Add(ox).Sub(half)
			y = y.Add(oy).Sub(half)
			x0, y0 := x.Floor(), y.Floor()
			i0, j0 := x0.ConvertToInt32(), y0.ConvertToInt32()
			// 0 ≤ i0 < w-1 and 0 ≤ j0 < h-1 (NaN and huge values convert
			// to a negative integer and fail).
			in := i0.Greater(m1).And(w1.Greater(i0)).And(j0.Greater(m1)).And(h1.Greater(j0))
			if in.ToBits() != 0xff {
				continue
			}
			// Byte offsets of the blocks (< 2^31: see vec in the caller);
			// i0+i0 twice as a constant shift count would go through a
			// legacy-SSE MOVQ.
			i2 := i0.Add(i0)
			o := j0.Mul(rowv).Add(i2.Add(i2)).Add(basev)
			o.Store(&offs[j])
			x.Sub(x0).Store(&fxs[j])
			y.Sub(y0).Store(&fys[j])
			done |= 1 << j
			if lim.Greater(o).ToBits() == 0xff {
				wide |= 1 << j
			}
		}
	}
	perm := archsimd.LoadUint32x8(&slotOrder)
	one := archsimd.BroadcastFloat32x8(1)
	// Byte c of every texel word, zero-extended (VPSHUFB: constant shift
	// counts would go through a legacy-SSE MOVQ).
	b0, b1 := archsimd.LoadInt8x32(&byteSel[0]), archsimd.LoadInt8x32(&byteSel[1])
	b2, b3 := archsimd.LoadInt8x32(&byteSel[2]), archsimd.LoadInt8x32(&byteSel[3])
	rhi, rlo := archsimd.BroadcastFloat32x8(inv255Hi), archsimd.BroadcastFloat32x8(inv255Lo)
	dec := func(t archsimd.Uint32x8, sel archsimd.Int8x32) archsimd.Float32x8 {
		c := t.AsUint8x32().PermuteOrZeroGrouped(sel).AsInt32x8().ConvertToFloat32()
		return c.MulAdd(rhi, c.Mul(rlo))
	}
	for gs := done; gs != 0; gs &= gs - 1 {
		j := bits.TrailingZeros8(gs)
		i := g0 + 8*j
		var t00, t10, t01, t11 archsimd.Uint32x8
		if wide>>j&1 != 0 {
			// Every block has 16 readable bytes in both rows: one 16-byte
			// load per lane and row, the wanted low 8 bytes paired by
			// PUNPCKLQDQ and VINSERTI128 into lanes 0,1|4,5 and 2,3|6,7.
			r0a, r0b := fetchRow(d0, &offs[j], 0)
			r1a, r1b := fetchRow(d0, &offs[j], row)
			t00, t10 = r0a.SelectFromPairGrouped(0, 2, 4, 6, r0b), r0a.SelectFromPairGrouped(1, 3, 5, 7, r0b)
			t01, t11 = r1a.SelectFromPairGrouped(0, 2, 4, 6, r1b), r1a.SelectFromPairGrouped(1, 3, 5, 7, r1b)
		} else {
			// Near the end of the data: 8-byte loads.
			t00, t10, t01, t11 = fetchNarrow(d0, &offs[j], row, perm, &narrow)
		}
		fx, fy := archsimd.LoadFloat32x8(&fxs[j]), archsimd.LoadFloat32x8(&fys[j])
		wx0, wy0 := one.Sub(fx), one.Sub(fy)
		w00, w10, w01, w11 := wx0.Mul(wy0), fx.Mul(wy0), wx0.Mul(fy), fx.Mul(fy)
		// The first products start the sums: 0 + p = p as p ≥ +0 (see the
		// scalar loop).
		acc := w00.Mul(dec(t00, b0))
		acc = acc.Add(w10.Mul(dec(t10, b0)))
		acc = acc.Add(w01.Mul(dec(t01, b0)))
		acc = acc.Add(w11.Mul(dec(t11, b0)))
		acc.StoreSlice(c0[i : i+8])
		acc = w00.Mul(dec(t00, b1))
		acc = acc.Add(w10.Mul(dec(t10, b1)))
		acc = acc.Add(w01.Mul(dec(t01, b1)))
		acc = acc.Add(w11.Mul(dec(t11, b1)))
		acc.StoreSlice(cg[i : i+8])
		acc = w00.Mul(dec(t00, b2))
		acc = acc.Add(w10.Mul(dec(t10, b2)))
		acc = acc.Add(w01.Mul(dec(t01, b2)))
		acc = acc.Add(w11.Mul(dec(t11, b2)))
		acc.StoreSlice(c2[i : i+8])
		acc = w00.Mul(dec(t00, b3))
		acc = acc.Add(w10.Mul(dec(t10, b3)))
		acc = acc.Add(w01.Mul(dec(t01, b3)))
		acc = acc.Add(w11.Mul(dec(t11, b3)))
		acc.StoreSlice(ca[i : i+8])
	}
	archsimd.ClearAVXUpperBits()
	return done
}

// nearest64 samples the groups of 8 lanes [g0+8j, g0+8j+8) whose bit j is
// set in groups (nearest filtering, RGBA8Unorm/BGRA8Unorm) with AVX2 when
// all eight texels lie inside the level, writing the channels in bytes 0
// and 2 to c0 and c2; it returns the bits of the groups it wrote. The
// texel index is floor(x) as in the scalar loop, and the byte decode is
// exact, so results are bit-identical.
func (k *nearestRGBA8) nearest64(g0 int, groups uint8, c0, c2 []float32) uint8 {
	if !useBilinear8 || groups == 0 || k.w < 1 || k.h < 1 || k.row < 4*int(k.w) || k.base < 0 ||
		k.base+int(k.h-1)*k.row+4*int(k.w) > len(k.data) {
		return 0
	}
	var offs [8]int32 // zeroed before the first vector op
	d0 := unsafe.Pointer(unsafe.SliceData(k.data))
	var done uint8
	u, v, cg, ca := k.u, k.v, k.g, k.a
	norm := k.norm
	wf, hf := archsimd.BroadcastFloat32x8(k.wf), archsimd.BroadcastFloat32x8(k.hf)
	ox, oy := archsimd.BroadcastFloat32x8(k.ox), archsimd.BroadcastFloat32x8(k.oy)
	m1 := archsimd.BroadcastInt32x8(-1)
	wv, hv := archsimd.BroadcastInt32x8(k.w), archsimd.BroadcastInt32x8(k.h)
	rowv, basev := archsimd.BroadcastInt32x8(int32(k.row)), archsimd.BroadcastInt32x8(int32(k.base))
	b0, b1 := archsimd.LoadInt8x32(&byteSel[0]), archsimd.LoadInt8x32(&byteSel[1])
	b2, b3 := archsimd.LoadInt8x32(&byteSel[2]), archsimd.LoadInt8x32(&byteSel[3])
	rhi, rlo := archsimd.BroadcastFloat32x8(inv255Hi), archsimd.BroadcastFloat32x8(inv255Lo)
	dec := func(t archsimd.Uint32x8, sel archsimd.Int8x32) archsimd.Float32x8 {
		c := t.AsUint8x32().PermuteOrZeroGrouped(sel).AsInt32x8().ConvertToFloat32()
		return c.MulAdd(rhi, c.Mul(rlo))
	}
	for gs := groups; gs != 0; gs &= gs - 1 {
		j := bits.TrailingZeros8(gs)
		i := g0 + 8*j
		x := archsimd.LoadFloat32x8Slice(u[i : i+8])
		y := archsimd.LoadFloat32x8Slice(v[i : i+8])
		if norm {
			x, y = x.Mul(wf), y.Mul(hf)
		}
		i0, j0 := x.Add(ox).Floor().ConvertToInt32(), y.Add(oy).Floor().ConvertToInt32()
		// 0 ≤ i0 < w and 0 ≤ j0 < h (NaN and huge values convert to a
		// negative integer and fail).
		if i0.Greater(m1).And(wv.Greater(i0)).And(j0.Greater(m1)).And(hv.Greater(j0)).ToBits() != 0xff {
			continue
		}
		i2 := i0.Add(i0) // 4·i0 by adds (see bilinear64 on shifts)
		j0.Mul(rowv).Add(i2.Add(i2)).Add(basev).Store(&offs)
		// Two texels a 64-bit word (lanes l, l+1), inserted with VPINSRQ:
		// no round trip through memory.
		w := func(l int) uint64 {
			return uint64(*(*uint32)(unsafe.Add(d0, offs[l]))) | uint64(*(*uint32)(unsafe.Add(d0, offs[l+1])))<<32
		}
		var z2 archsimd.Uint64x2
		var z4 archsimd.Uint64x4
		t := z4.SetLo(z2.SetElem(0, w(0)).SetElem(1, w(2))).SetHi(z2.SetElem(0, w(4)).SetElem(1, w(6))).AsUint32x8()
		dec(t, b0).StoreSlice(c0[i : i+8])
		dec(t, b1).StoreSlice(cg[i : i+8])
		dec(t, b2).StoreSlice(c2[i : i+8])
		dec(t, b3).StoreSlice(ca[i : i+8])
		done |= 1 << j
	}
	archsimd.ClearAVXUpperBits()
	return done
}

// leaveSIMD clears the upper halves of the AVX registers (VZEROUPPER). An
// asynchronous preemption in a GOEXPERIMENT=simd build restores the full
// YMM registers and leaves them dirty, which makes the scalar float code
// that follows (legacy SSE) run up to 2–3× slower on some x86 hosts until
// the next VZEROUPPER; the samplers call this once per batch.
func leaveSIMD() {
	if useBilinear8 {
		archsimd.ClearAVXUpperBits()
	}
}

// fetchRow loads the 8 bytes at d0 + off[l] + row of each lane l with
// 16-byte loads and returns them as two vectors of texel pairs: lanes
// 0, 1 | 4, 5 and lanes 2, 3 | 6, 7 (the slot order of bilinear64).
func fetchRow(d0 unsafe.Pointer, off *[8]int32, row int) (archsimd.Uint32x8, archsimd.Uint32x8) {
	ld := func(l int) archsimd.Uint64x2 {
		return archsimd.LoadUint64x2((*[2]uint64)(unsafe.Add(d0, int(off[l])+row)))
	}
	p01, p23 := ld(0).InterleaveLo(ld(1)), ld(2).InterleaveLo(ld(3))
	p45, p67 := ld(4).InterleaveLo(ld(5)), ld(6).InterleaveLo(ld(7))
	var z archsimd.Uint64x4
	return z.SetLo(p01).SetHi(p45).AsUint32x8(), z.SetLo(p23).SetHi(p67).AsUint32x8()
}

// narrowScratch is fetchNarrow's scratch, zeroed by the caller before its
// first vector op (the compiler zeroes with legacy-SSE stores).
type narrowScratch struct {
	off    [8]int32
	q0, q1 [8]uint64
}

// fetchNarrow is fetchRow for both rows with 8-byte loads (no reads past
// the blocks), through memory in slot order (perm); it returns the texels
// (i0, j0), (i1, j0), (i0, j1), (i1, j1) of lanes 0..7.
func fetchNarrow(d0 unsafe.Pointer, offs *[8]int32, row int, perm archsimd.Uint32x8, sc *narrowScratch) (t00, t10, t01, t11 archsimd.Uint32x8) {
	off, q0, q1 := &sc.off, &sc.q0, &sc.q1
	archsimd.LoadInt32x8(offs).Permute(perm).Store(off)
	for s := range 8 {
		p := unsafe.Add(d0, off[s])
		q0[s], q1[s] = *(*uint64)(p), *(*uint64)(unsafe.Add(p, row))
	}
	a := archsimd.LoadUint64x4((*[4]uint64)(q0[0:4])).AsUint32x8()
	b := archsimd.LoadUint64x4((*[4]uint64)(q0[4:8])).AsUint32x8()
	t00, t10 = a.SelectFromPairGrouped(0, 2, 4, 6, b), a.SelectFromPairGrouped(1, 3, 5, 7, b)
	a = archsimd.LoadUint64x4((*[4]uint64)(q1[0:4])).AsUint32x8()
	b = archsimd.LoadUint64x4((*[4]uint64)(q1[4:8])).AsUint32x8()
	t01, t11 = a.SelectFromPairGrouped(0, 2, 4, 6, b), a.SelectFromPairGrouped(1, 3, 5, 7, b)
	return
}

// decodeUnorm8SIMD decodes the bytes c (0..255 in each lane) with the
// kernel's exact decode; tests compare it with unorm8LUT.
func decodeUnorm8SIMD(c *[8]uint32, out *[8]float32) bool {
	if !useBilinear8 {
		return false
	}
	rhi, rlo := archsimd.BroadcastFloat32x8(inv255Hi), archsimd.BroadcastFloat32x8(inv255Lo)
	f := archsimd.LoadUint32x8(c).AsInt32x8().ConvertToFloat32()
	f.MulAdd(rhi, f.Mul(rlo)).Store(out)
	archsimd.ClearAVXUpperBits()
	return true
}
