package lower

import (
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Pixel storage types (rgba8unorm<half4>, rgb10a2<float4>, ...) hold
// their ALU value packed in memory (MSL §2.7): loads unpack and convert
// to the ALU type, stores convert and pack. Normalized channels use
// c/max on reads and rint(clamp(v)·max) on writes; srgba8unorm's colour
// channels add the sRGB transfer function. The packed float formats
// rg11b10f and rgb9e5 are not implemented.

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

// imageblockCall lowers a method of an explicit imageblock in a compute
// kernel (one sample per pixel): data(coord[, index, rate]) is the
// threadgroup address of the pixel's T, width and height come from the
// argument's value (ImageblockValue), write(T, coord[, mask]) stores T.
func (f *fn) imageblockCall(e *syntax.CallExpr, me *syntax.MemberExpr, bt *sema.Type, xi *sema.ExprInfo) *lvalue {
	name := me.Name.Last().Name
	elem, ok := imageblockElem(bt)
	if !ok {
		f.errorf(e.Pos(), "implicit imageblocks exist only in render passes (tile functions)")
	}
	b := f.b
	v := f.value(me.X).regs[0]
	field := func(sh uint64) ir.Reg {
		return b.Binary(ir.OpAnd, ir.U64, b.Binary(ir.OpShr, ir.U64, v, b.ConstU64(sh)), b.ConstU64(0xffff))
	}
	ushort := func(r ir.Reg) *lvalue {
		return &lvalue{t: sema.UShort, alts: []alt{{regs: []ir.Reg{b.Conv(ir.U16, ir.U64, r)}}}, readOnly: true}
	}
	pixel := func(coord syntax.Expr) ir.Reg {
		c := f.value(coord)
		ck := f.kindOf(valueType(c.t).Elem)
		x, y := b.Conv(ir.U64, ck, c.regs[0]), b.Conv(ir.U64, ck, c.regs[1])
		off := b.Binary(ir.OpAnd, ir.U64, v, b.ConstU64(0xffffffff))
		idx := b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpMul, ir.U64, y, field(32)), x)
		return b.Binary(ir.OpAdd, ir.U64, off, b.Binary(ir.OpMul, ir.U64, idx, b.ConstU64(uint64(sema.SizeOf(elem)))))
	}
	switch name {
	case "get_width":
		return ushort(field(32))
	case "get_height":
		return ushort(field(48))
	case "get_num_samples", "get_num_colors", "get_color_coverage_mask":
		return ushort(b.ConstU64(1))
	case "data":
		if len(e.Args) != 1 && len(e.Args) != 3 {
			break
		}
		return &lvalue{t: xi.Type, alts: []alt{{regs: []ir.Reg{pixel(e.Args[0])}}}, readOnly: true}
	case "write":
		if len(e.Args) < 2 {
			break
		}
		val := f.valueAs(e.Args[0], elem)
		f.store(&lvalue{t: elem, mem: true, addr: pixel(e.Args[1]), space: ir.Threadgroup}, val)
		return nil
	}
	f.errorf(e.Pos(), "imageblock method '%s' is not supported in compute kernels", name)
	return nil
}
