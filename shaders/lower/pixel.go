package lower

import (
	"math"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Pixel storage types (rgba8unorm<half4>, rgb10a2<float4>, ...) hold
// their ALU value packed in memory (MSL §2.7): loads unpack and convert
// to the ALU type, stores convert and pack. Normalized channels use
// c/max on reads and rint(clamp(v)·max) on writes; srgba8unorm's colour
// channels add the sRGB transfer function; rg11b10f and rgb9e5 round as
// internal/fmath's Float32ToSmallFloat and PackRGB9E5 (bit for bit).

// pixelLayout describes how a pixel kind stores its channels.
type pixelLayout struct {
	n      int     // channels
	bytes  int     // bytes per channel (1, 2), or 0 for rgb10a2's packed word
	signed bool    // snorm
	max    float32 // the largest code (255, 65535, 127, 32767)
	srgb   bool
}

func pixelLayoutOf(k sema.PixelKind) (pixelLayout, bool) {
	switch k {
	case sema.PixR8Unorm, sema.PixRG8Unorm, sema.PixRGBA8Unorm, sema.PixSRGBA8Unorm:
		return pixelLayout{n: k.Components(), bytes: 1, max: 255, srgb: k == sema.PixSRGBA8Unorm}, true
	case sema.PixR8Snorm, sema.PixRG8Snorm, sema.PixRGBA8Snorm:
		return pixelLayout{n: k.Components(), bytes: 1, signed: true, max: 127}, true
	case sema.PixR16Unorm, sema.PixRG16Unorm, sema.PixRGBA16Unorm:
		return pixelLayout{n: k.Components(), bytes: 2, max: 65535}, true
	case sema.PixR16Snorm, sema.PixRG16Snorm, sema.PixRGBA16Snorm:
		return pixelLayout{n: k.Components(), bytes: 2, signed: true, max: 32767}, true
	case sema.PixRGB10A2:
		return pixelLayout{n: 4}, true
	case sema.PixRG11B10F, sema.PixRGB9E5:
		return pixelLayout{n: 3}, true
	}
	return pixelLayout{}, false
}

// loadPixel loads the pixel at addr and returns its ALU components of
// kind k.
func (f *fn) loadPixel(sp ir.Space, addr ir.Reg, t *sema.Type, k ir.Kind) []ir.Reg {
	pl, ok := pixelLayoutOf(t.Pixel)
	if !ok {
		f.errorf(f.b.Pos, "pixel type '%s' is not supported yet", t)
	}
	b := f.b
	out := make([]ir.Reg, pl.n)
	toK := func(x ir.Reg) ir.Reg {
		if k != ir.F32 {
			return b.Conv(k, ir.F32, x)
		}
		return x
	}
	if t.Pixel == sema.PixRG11B10F || t.Pixel == sema.PixRGB9E5 {
		w := b.Load(sp, ir.U32, addr, 4)
		for i := range 3 {
			if t.Pixel == sema.PixRGB9E5 {
				out[i] = toK(f.rgb9e5Channel(w, i))
				continue
			}
			sh, m := []uint32{0, 11, 22}[i], []uint32{6, 6, 5}[i]
			field := b.Binary(ir.OpAnd, ir.U32, b.Binary(ir.OpShr, ir.U32, w, b.ConstU32(sh)), b.ConstU32(1<<(m+5)-1))
			out[i] = toK(f.smallFloat(field, m))
		}
		return out
	}
	if pl.bytes == 0 { // rgb10a2
		w := b.Load(sp, ir.U32, addr, 4)
		for i := range 4 {
			bits, m := 10, float32(1023)
			if i == 3 {
				bits, m = 2, 3
			}
			c := b.Binary(ir.OpAnd, ir.U32, b.Binary(ir.OpShr, ir.U32, w, b.ConstU32(uint32(10*i))), b.ConstU32(1<<bits-1))
			out[i] = toK(b.Binary(ir.OpDiv, ir.F32, b.Conv(ir.F32, ir.U32, c), b.ConstF32(m)))
		}
		return out
	}
	ck := map[[2]int]ir.Kind{{1, 0}: ir.U8, {1, 1}: ir.I8, {2, 0}: ir.U16, {2, 1}: ir.I16}[[2]int{pl.bytes, boolInt(pl.signed)}]
	for i := range pl.n {
		c := b.Load(sp, ck, f.addOff(addr, i*pl.bytes), uint32(pl.bytes))
		v := b.Binary(ir.OpDiv, ir.F32, b.Conv(ir.F32, ck, c), b.ConstF32(pl.max))
		if pl.signed {
			v = b.Binary(ir.OpMax, ir.F32, v, b.ConstF32(-1))
		}
		if pl.srgb && i < 3 {
			v = f.srgbToLinear(v)
		}
		out[i] = toK(v)
	}
	return out
}

// storePixel converts regs (ALU components of kind k) and stores them
// packed at addr.
func (f *fn) storePixel(sp ir.Space, addr ir.Reg, t *sema.Type, k ir.Kind, regs []ir.Reg) {
	pl, ok := pixelLayoutOf(t.Pixel)
	if !ok {
		f.errorf(f.b.Pos, "pixel type '%s' is not supported yet", t)
	}
	b := f.b
	f32 := func(x ir.Reg) ir.Reg {
		if k != ir.F32 {
			return b.Conv(ir.F32, k, x)
		}
		return x
	}
	// code = rint(clamp(v, lo, 1) · max) as an unsigned or signed integer.
	code := func(v ir.Reg, lo, m float32, to ir.Kind) ir.Reg {
		v = b.Binary(ir.OpMin, ir.F32, b.Binary(ir.OpMax, ir.F32, v, b.ConstF32(lo)), b.ConstF32(1))
		return b.Conv(to, ir.F32, b.Unary(ir.OpRint, ir.F32, b.Binary(ir.OpMul, ir.F32, v, b.ConstF32(m))))
	}
	if t.Pixel == sema.PixRG11B10F {
		w := b.ConstU32(0)
		for i, sh := range []uint32{0, 11, 22} {
			m := []uint32{6, 6, 5}[i]
			w = b.Binary(ir.OpOr, ir.U32, w, b.Binary(ir.OpShl, ir.U32, f.toSmallFloat(f32(regs[i]), m), b.ConstU32(sh)))
		}
		b.Store(sp, ir.U32, addr, w, 4)
		return
	}
	if t.Pixel == sema.PixRGB9E5 {
		b.Store(sp, ir.U32, addr, f.packRGB9E5(f32(regs[0]), f32(regs[1]), f32(regs[2])), 4)
		return
	}
	if pl.bytes == 0 { // rgb10a2
		w := b.ConstU32(0)
		for i := range 4 {
			m := float32(1023)
			if i == 3 {
				m = 3
			}
			c := code(f32(regs[i]), 0, m, ir.U32)
			w = b.Binary(ir.OpOr, ir.U32, w, b.Binary(ir.OpShl, ir.U32, c, b.ConstU32(uint32(10*i))))
		}
		b.Store(sp, ir.U32, addr, w, 4)
		return
	}
	ck := map[[2]int]ir.Kind{{1, 0}: ir.U8, {1, 1}: ir.I8, {2, 0}: ir.U16, {2, 1}: ir.I16}[[2]int{pl.bytes, boolInt(pl.signed)}]
	lo := float32(0)
	if pl.signed {
		lo = -1
	}
	for i := range pl.n {
		v := f32(regs[i])
		if pl.srgb && i < 3 {
			v = f.linearToSRGB(v)
		}
		wide := ir.I32
		if !pl.signed {
			wide = ir.U32
		}
		b.Store(sp, ck, f.addOff(addr, i*pl.bytes), b.Conv(ck, wide, code(v, lo, pl.max, wide)), uint32(pl.bytes))
	}
}

// smallFloat decodes an unsigned float with a 5-bit exponent and an
// m-bit mantissa (the channels of rg11b10f).
func (f *fn) smallFloat(v ir.Reg, m uint32) ir.Reg {
	b := f.b
	u := func(x uint32) ir.Reg { return b.ConstU32(x) }
	e := b.Binary(ir.OpShr, ir.U32, v, u(m))
	mant := b.Binary(ir.OpAnd, ir.U32, v, u(1<<m-1))
	mbits := b.Binary(ir.OpShl, ir.U32, mant, u(23-m))
	normal := b.Binary(ir.OpOr, ir.U32, b.Binary(ir.OpShl, ir.U32, b.Binary(ir.OpAdd, ir.U32, e, u(112)), u(23)), mbits)
	special := b.Binary(ir.OpOr, ir.U32, u(0x7f800000), mbits) // ∞ or NaN
	bits := b.Select(ir.U32, b.Binary(ir.OpEq, ir.U32, e, u(31)), special, normal)
	nf := b.Bitcast(ir.F32, ir.U32, bits)
	sub := b.Binary(ir.OpMul, ir.F32, b.Conv(ir.F32, ir.U32, mant), b.ConstF32(float32(math.Ldexp(1, -14-int(m)))))
	return b.Select(ir.F32, b.Binary(ir.OpEq, ir.U32, e, u(0)), sub, nf)
}

// toSmallFloat encodes x as an unsigned float with a 5-bit exponent and
// an m-bit mantissa, rounding to nearest even: negative values and −0
// give 0, NaN a NaN code, values at or above the largest plus half an
// ulp +∞ (internal/fmath.Float32ToSmallFloat).
func (f *fn) toSmallFloat(x ir.Reg, m uint32) ir.Reg {
	b := f.b
	u := func(v uint32) ir.Reg { return b.ConstU32(v) }
	i32 := func(v int32) ir.Reg { return b.ConstI32(v) }
	bits := b.Bitcast(ir.U32, ir.F32, x)
	exp := b.Binary(ir.OpSub, ir.I32, b.Bitcast(ir.I32, ir.U32, b.Binary(ir.OpAnd, ir.U32, b.Binary(ir.OpShr, ir.U32, bits, u(23)), u(255))), i32(127))
	ep := b.Binary(ir.OpMax, ir.I32, exp, i32(-14))
	// scale = 2^(m − e'), exact; q = rint(x·scale) in units of the ulp.
	sbits := b.Binary(ir.OpShl, ir.U32, b.Bitcast(ir.U32, ir.I32, b.Binary(ir.OpSub, ir.I32, i32(127+int32(m)), ep)), u(23))
	q := b.Conv(ir.U32, ir.F32, b.Unary(ir.OpRint, ir.F32, b.Binary(ir.OpMul, ir.F32, x, b.Bitcast(ir.F32, ir.U32, sbits))))
	// field = (e'+15)·2^m + q − 2^m: subnormals (e' = −14, q < 2^m) give
	// q, and a rounding carry moves into the exponent by itself.
	hi := b.Binary(ir.OpShl, ir.U32, b.Bitcast(ir.U32, ir.I32, b.Binary(ir.OpAdd, ir.I32, ep, i32(15))), u(m))
	field := b.Binary(ir.OpSub, ir.U32, b.Binary(ir.OpAdd, ir.U32, hi, q), u(1<<m))
	limit := float32(math.Ldexp(2-math.Ldexp(1, -int(m)-1), 15))
	field = b.Select(ir.U32, b.Binary(ir.OpGe, ir.F32, x, b.ConstF32(limit)), u(0x1f<<m), field)
	field = b.Select(ir.U32, b.Binary(ir.OpGt, ir.F32, x, b.ConstF32(0)), field, u(0))
	return b.Select(ir.U32, b.Binary(ir.OpNe, ir.F32, x, x), u(0x1f<<m|1<<(m-1)), field)
}

// rgb9e5Channel decodes channel i of an RGB9E5 word: m·2^(e−24).
func (f *fn) rgb9e5Channel(w ir.Reg, i int) ir.Reg {
	b := f.b
	e := b.Binary(ir.OpShr, ir.U32, w, b.ConstU32(27))
	scale := b.Bitcast(ir.F32, ir.U32, b.Binary(ir.OpShl, ir.U32, b.Binary(ir.OpAdd, ir.U32, e, b.ConstU32(103)), b.ConstU32(23)))
	mant := b.Binary(ir.OpAnd, ir.U32, b.Binary(ir.OpShr, ir.U32, w, b.ConstU32(uint32(9*i))), b.ConstU32(511))
	return b.Binary(ir.OpMul, ir.F32, b.Conv(ir.F32, ir.U32, mant), scale)
}

// packRGB9E5 encodes three channels as RGB9E5 (internal/fmath.PackRGB9E5,
// MSL §8.7.5): clamp to [0, max], shared exponent from the largest
// channel, each channel rounded half up.
func (f *fn) packRGB9E5(r, g, bl ir.Reg) ir.Reg {
	b := f.b
	const maxv = float32(511) / 512 * 65536
	cl := func(v ir.Reg) ir.Reg {
		c := b.Binary(ir.OpMin, ir.F32, v, b.ConstF32(maxv))
		return b.Select(ir.F32, b.Binary(ir.OpGt, ir.F32, v, b.ConstF32(0)), c, b.ConstF32(0))
	}
	c := []ir.Reg{cl(r), cl(g), cl(bl)}
	maxc := b.Binary(ir.OpMax, ir.F32, b.Binary(ir.OpMax, ir.F32, c[0], c[1]), c[2])
	// floor(log2(maxc)), at least −16 (zero and float32 subnormals too).
	mexp := b.Binary(ir.OpSub, ir.I32, b.Bitcast(ir.I32, ir.U32, b.Binary(ir.OpShr, ir.U32, b.Bitcast(ir.U32, ir.F32, maxc), b.ConstU32(23))), b.ConstI32(127))
	expp := b.Binary(ir.OpAdd, ir.I32, b.Binary(ir.OpMax, ir.I32, mexp, b.ConstI32(-16)), b.ConstI32(16))
	pow2 := func(e ir.Reg) ir.Reg { // 2^(24 − e), e in 0 … 32
		return b.Bitcast(ir.F32, ir.U32, b.Binary(ir.OpShl, ir.U32, b.Bitcast(ir.U32, ir.I32, b.Binary(ir.OpSub, ir.I32, b.ConstI32(127+24), e)), b.ConstU32(23)))
	}
	// roundHalfUp is floor(x + 0.5), exactly (x ≥ 0).
	roundHalfUp := func(x ir.Reg) ir.Reg {
		fl := b.Unary(ir.OpFloor, ir.F32, x)
		up := b.Binary(ir.OpGe, ir.F32, b.Binary(ir.OpSub, ir.F32, x, fl), b.ConstF32(0.5))
		return b.Binary(ir.OpAdd, ir.U32, b.Conv(ir.U32, ir.F32, fl), b.Conv(ir.U32, ir.Bool, up))
	}
	maxs := roundHalfUp(b.Binary(ir.OpMul, ir.F32, maxc, pow2(expp)))
	exps := b.Binary(ir.OpAdd, ir.I32, expp, b.Conv(ir.I32, ir.Bool, b.Binary(ir.OpEq, ir.U32, maxs, b.ConstU32(512))))
	inv := pow2(exps)
	w := b.Binary(ir.OpShl, ir.U32, b.Bitcast(ir.U32, ir.I32, exps), b.ConstU32(27))
	for i, ch := range c {
		q := roundHalfUp(b.Binary(ir.OpMul, ir.F32, ch, inv))
		w = b.Binary(ir.OpOr, ir.U32, w, b.Binary(ir.OpShl, ir.U32, q, b.ConstU32(uint32(9*i))))
	}
	return w
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// imageblockElem returns T of an explicit imageblock<T, L> type; ok is
// false for implicit layouts.
func imageblockElem(t *sema.Type) (*sema.Type, bool) {
	if t.Kind != sema.KOpaque || t.Opaque == nil || len(t.Opaque.Args) == 0 {
		return nil, false
	}
	elem := t.Opaque.Args[0].Type
	if elem == nil {
		return nil, false
	}
	if len(t.Opaque.Args) > 1 && t.Opaque.Args[1].Type != nil && t.Opaque.Args[1].Type.String() != "" {
		if n := t.Opaque.Args[1].Type.String(); n == "imageblock_layout_implicit" || n == "metal::imageblock_layout_implicit" {
			return nil, false
		}
	}
	if elem.Kind == sema.KStruct {
		for _, fd := range elem.Struct.Fields {
			if fd.Attr("color") != nil {
				return nil, false // an implicit layout deduced from [[color(n)]] members
			}
		}
	}
	return elem, true
}

// imageblockCall lowers a method of an imageblock argument. The value
// (ImageblockValue, TileImageblockValue) holds the threadgroup offset of an
// array of T, one per pixel and sample (index (y·width + x)·samples + s),
// width and height; compute kernels have one sample. Explicit layouts:
// data(coord) is sample 0's T, data(coord, index, rate) sample index's,
// write(T, coord) stores T to every sample, write(T, coord, mask) to the
// samples whose bit mask sets (each sample has its own colour). Implicit
// layouts (tile functions; the engine stages the colour attachments
// there): read(coord) loads sample 0, read(coord, index, rate) sample
// index, write(T, coord) stores every sample, write(T, coord, mask) those
// mask covers, write(T, coord, index, rate) one. slice(...) is lowered by
// the texture write that takes it (tile_slice.go).
func (f *fn) imageblockCall(e *syntax.CallExpr, me *syntax.MemberExpr, bt *sema.Type, xi *sema.ExprInfo) *lvalue {
	name := me.Name.Last().Name
	elem, explicit := imageblockElem(bt)
	if !explicit {
		if len(bt.Opaque.Args) > 0 {
			elem = bt.Opaque.Args[0].Type
		}
		if elem == nil {
			f.errorf(e.Pos(), "imageblock without an element type")
			return nil
		}
	}
	b := f.b
	v := f.value(me.X).regs[0]
	field := func(sh uint64) ir.Reg {
		return b.Binary(ir.OpAnd, ir.U64, b.Binary(ir.OpShr, ir.U64, v, b.ConstU64(sh)), b.ConstU64(0xffff))
	}
	ushort := func(r ir.Reg) *lvalue {
		return &lvalue{t: sema.UShort, alts: []alt{{regs: []ir.Reg{b.Conv(ir.U16, ir.U64, r)}}}, readOnly: true}
	}
	ns := b.Binary(ir.OpAnd, ir.U64, b.Binary(ir.OpShr, ir.U64, v, b.ConstU64(24)), b.ConstU64(0xff))
	ns = b.Binary(ir.OpMax, ir.U64, ns, b.ConstU64(1))
	size := uint64(sema.SizeOf(elem))
	u64 := func(x syntax.Expr) ir.Reg {
		c := f.value(x)
		return b.Conv(ir.U64, f.kindOf(valueType(c.t)), c.regs[0])
	}
	// pixel returns the address of sample s (a U64 register) of coord.
	type coord struct{ x, y ir.Reg }
	at := func(x syntax.Expr) coord {
		c := f.value(x)
		ck := f.kindOf(valueType(c.t).Elem)
		return coord{b.Conv(ir.U64, ck, c.regs[0]), b.Conv(ir.U64, ck, c.regs[1])}
	}
	pixel := func(c coord, s ir.Reg) ir.Reg {
		off := b.Binary(ir.OpAnd, ir.U64, v, b.ConstU64(0xffffff))
		idx := b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpMul, ir.U64, c.y, field(32)), c.x)
		idx = b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpMul, ir.U64, idx, ns), s)
		return b.Binary(ir.OpAdd, ir.U64, off, b.Binary(ir.OpMul, ir.U64, idx, b.ConstU64(size)))
	}
	storeAll := func(val value, c coord) {
		f.store(&lvalue{t: elem, mem: true, addr: pixel(c, b.ConstU64(0)), space: ir.Threadgroup}, val)
		b.If(b.Binary(ir.OpGt, ir.U64, ns, b.ConstU64(1)))
		for s := uint64(1); s < 8; s++ {
			last := b.Binary(ir.OpSub, ir.U64, ns, b.ConstU64(1))
			f.store(&lvalue{t: elem, mem: true, addr: pixel(c, b.Binary(ir.OpMin, ir.U64, b.ConstU64(s), last)), space: ir.Threadgroup}, val)
		}
		b.EndIf()
	}
	switch name {
	case "get_width":
		return ushort(field(32))
	case "get_height":
		return ushort(field(48))
	case "get_num_samples", "get_num_colors":
		return ushort(ns)
	case "get_color_coverage_mask":
		// Every sample keeps its own colour: colour i covers sample i.
		if len(e.Args) == 2 {
			return ushort(b.Binary(ir.OpShl, ir.U64, b.ConstU64(1), u64(e.Args[1])))
		}
	case "data":
		if !explicit {
			break
		}
		switch len(e.Args) {
		case 1:
			return &lvalue{t: xi.Type, alts: []alt{{regs: []ir.Reg{pixel(at(e.Args[0]), b.ConstU64(0))}}}, readOnly: true}
		case 3:
			c := at(e.Args[0])
			return &lvalue{t: xi.Type, alts: []alt{{regs: []ir.Reg{pixel(c, u64(e.Args[1]))}}}, readOnly: true}
		}
	case "read":
		if explicit {
			break
		}
		switch len(e.Args) {
		case 1:
			return &lvalue{t: elem, mem: true, addr: pixel(at(e.Args[0]), b.ConstU64(0)), space: ir.Threadgroup, readOnly: true}
		case 3:
			c := at(e.Args[0])
			return &lvalue{t: elem, mem: true, addr: pixel(c, u64(e.Args[1])), space: ir.Threadgroup, readOnly: true}
		}
	case "write":
		switch {
		case len(e.Args) == 4 && !explicit:
			val := f.valueAs(e.Args[0], elem)
			c := at(e.Args[1])
			f.store(&lvalue{t: elem, mem: true, addr: pixel(c, u64(e.Args[2])), space: ir.Threadgroup}, val)
			return nil
		case len(e.Args) == 2:
			val := f.valueAs(e.Args[0], elem)
			storeAll(val, at(e.Args[1]))
			return nil
		case len(e.Args) == 3:
			// write(T, coord, color_coverage_mask): the colours the mask
			// covers; every sample keeps its own colour, so bit s is sample s.
			val := f.valueAs(e.Args[0], elem)
			c := at(e.Args[1])
			mask := u64(e.Args[2])
			for s := uint64(0); s < 8; s++ {
				b.If(b.Binary(ir.OpAnd, ir.Bool, b.Binary(ir.OpLt, ir.U64, b.ConstU64(s), ns),
					b.Binary(ir.OpNe, ir.U64, b.Binary(ir.OpAnd, ir.U64, mask, b.ConstU64(1<<s)), b.ConstU64(0))))
				f.store(&lvalue{t: elem, mem: true, addr: pixel(c, b.ConstU64(s)), space: ir.Threadgroup}, val)
				b.EndIf()
			}
			return nil
		}
	case "slice":
		f.errorf(e.Pos(), "an imageblock slice is only supported as the first argument of a texture write: tex.write(ib.slice(...), coord)")
		return nil
	}
	f.errorf(e.Pos(), "imageblock method '%s' with %d arguments is not supported", name, len(e.Args))
	return nil
}
