package lower

import (
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// sliceCall returns the imageblock slice call an expression is
// (ib.slice(...) on an imageblock argument), or nil.
func (f *fn) sliceCall(x syntax.Expr) (*syntax.CallExpr, *syntax.MemberExpr) {
	for {
		p, ok := x.(*syntax.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	c, ok := x.(*syntax.CallExpr)
	if !ok {
		return nil, nil
	}
	me, ok := c.Fun.(*syntax.MemberExpr)
	if !ok || me.Arrow || me.Name.Last().Name != "slice" {
		return nil, nil
	}
	if bt := valueType(f.x(me.X).Type); !isOpaqueNamed(bt, "imageblock") {
		return nil, nil
	}
	return c, me
}

// isSlice reports whether x is an imageblock slice call.
func (f *fn) isSlice(x syntax.Expr) bool { c, _ := f.sliceCall(x); return c != nil }

// sliceWrite lowers tex.write(ib.slice(member [, size]), coord, ...)
// (§6.13.3): the region of the imageblock with origin (0, 0), the whole
// imageblock or size pixels, of one member, to the texture from coord on;
// every later argument (array slice, face, lod) as texture write takes it.
// Explicit layouts name the member as an lvalue in the imageblock
// (ib.data(lid)->albedo, any pixel's), implicit ones by its colour index
// (a constant). Each pixel reads sample 0 and is converted as a texture
// write converts a value of the member's ALU type; pixels past the
// texture's width or height are not written.
func (f *fn) sliceWrite(e *syntax.CallExpr, t *sema.Type, tex ir.Reg) *lvalue {
	b := f.b
	pos := e.Pos()
	sc, me := f.sliceCall(e.Args[0])
	bt := valueType(f.x(me.X).Type)
	if len(sc.Args) < 1 || len(sc.Args) > 2 {
		f.errorf(sc.Pos(), "imageblock slice takes a member (or colour index) and an optional size")
		return nil
	}
	elem, explicit := imageblockElem(bt)
	if !explicit && len(bt.Opaque.Args) > 0 {
		elem = bt.Opaque.Args[0].Type
	}
	if elem == nil || elem.Kind != sema.KStruct {
		f.errorf(sc.Pos(), "imageblock slice of an imageblock without a struct element type")
		return nil
	}
	v := f.value(me.X).regs[0]
	u64 := func(x uint64) ir.Reg { return b.ConstU64(x) }
	field := func(sh uint64) ir.Reg {
		return b.Binary(ir.OpAnd, ir.U64, b.Binary(ir.OpShr, ir.U64, v, u64(sh)), u64(0xffff))
	}
	base := b.Binary(ir.OpAnd, ir.U64, v, u64(0xffffff))
	ns := b.Binary(ir.OpMax, ir.U64, b.Binary(ir.OpAnd, ir.U64, b.Binary(ir.OpShr, ir.U64, v, u64(24)), u64(0xff)), u64(1))
	W, H := field(32), field(48)
	size := uint64(sema.SizeOf(elem))
	var mt *sema.Type
	var moff ir.Reg
	if explicit {
		lv := f.lval(sc.Args[0])
		if lv == nil || !lv.mem || lv.space != ir.Threadgroup || len(lv.swz) > 0 {
			f.errorf(sc.Args[0].Pos(), "the slice of an explicit imageblock names a member of its data, as in ib.slice(ib.data(coord)->member)")
			return nil
		}
		mt = lv.t
		// The member's offset in T: its address, less the base, modulo sizeof(T).
		moff = b.Binary(ir.OpRem, ir.U64, b.Binary(ir.OpSub, ir.U64, lv.addr, base), u64(size))
	} else {
		xi := f.x(sc.Args[0])
		if xi.Value == nil {
			f.errorf(sc.Args[0].Pos(), "the slice of an implicit imageblock takes a constant colour index")
			return nil
		}
		ci := xi.Value.AsInt()
		_, _, offs := sema.Layout(elem)
		for i, fd := range elem.Struct.Fields {
			if a := fd.Attr("color"); a != nil && !fd.Static && a.IntArg(0, -1) == ci {
				mt, moff = fd.Type, u64(uint64(offs[i]))
			}
		}
		if mt == nil {
			f.errorf(sc.Args[0].Pos(), "imageblock element '%s' has no member with [[color(%d)]]", elem, ci)
			return nil
		}
	}
	w, h := W, H
	if len(sc.Args) == 2 {
		sz := f.value(sc.Args[1])
		sk := f.kindOf(valueType(sz.t).Elem)
		if len(sz.regs) != 2 || sk == ir.Void {
			f.errorf(sc.Args[1].Pos(), "imageblock slice size must be a ushort2")
			return nil
		}
		w = b.Binary(ir.OpMin, ir.U64, W, b.Conv(ir.U64, sk, sz.regs[0]))
		h = b.Binary(ir.OpMin, ir.U64, H, b.Conv(ir.U64, sk, sz.regs[1]))
	}
	shape := int(t.Tex)
	ck := texComp(t)
	d, ok := stdlib.TextureDecl("write", shape, ck)
	if !ok {
		f.errorf(pos, "texture write on %s is not supported", t)
		return nil
	}
	u32 := func(x syntax.Expr) []ir.Reg {
		return f.convert(f.value(x), withWidth(sema.UInt, valueType(f.x(x).Type).Width()), pos).regs
	}
	coord := u32(e.Args[1])
	if len(coord) < 2 {
		f.errorf(e.Args[1].Pos(), "an imageblock slice is written to a 2D region: the coordinate needs two components")
		return nil
	}
	var rest []ir.Reg
	for _, a := range e.Args[2:] {
		rest = append(rest, u32(a)...)
	}
	lod := b.ConstU32(0)
	if len(rest) > 0 {
		lod = rest[len(rest)-1]
	}
	qw, _ := stdlib.LookupTextureIntrinsic(stdlib.TexGetWidth)
	qh, _ := stdlib.LookupTextureIntrinsic(stdlib.TexGetHeight)
	tw := b.Intrinsic(f.p.out.Intrinsic(qw), tex, lod)[0]
	th := b.Intrinsic(f.p.out.Intrinsic(qh), tex, lod)[0]
	mk := ir.Void
	if s := valueType(mt).Scalar(); s != nil {
		mk, _ = scalarKind(s)
	}
	if mt.Kind == sema.KPixel {
		mk = f.kindOf(mt.Elem.Scalar())
	}
	if mk == ir.Void || mk == ir.Bool {
		f.errorf(sc.Args[0].Pos(), "imageblock slice member of type '%s' cannot be written to a texture", mt)
		return nil
	}
	y := b.Var(ir.U32, "slice_y")
	b.Set(y, b.ConstU32(0))
	b.Loop()
	f.exitUnless(b.Binary(ir.OpLt, ir.U64, b.Conv(ir.U64, ir.U32, y), h))
	x := b.Var(ir.U32, "slice_x")
	b.Set(x, b.ConstU32(0))
	b.Loop()
	f.exitUnless(b.Binary(ir.OpLt, ir.U64, b.Conv(ir.U64, ir.U32, x), w))
	tx := b.Binary(ir.OpAdd, ir.U32, coord[0], x)
	ty := b.Binary(ir.OpAdd, ir.U32, coord[1], y)
	b.If(b.Binary(ir.OpAnd, ir.Bool, b.Binary(ir.OpLt, ir.U32, tx, tw), b.Binary(ir.OpLt, ir.U32, ty, th)))
	idx := b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, y), W), b.Conv(ir.U64, ir.U32, x))
	addr := b.Binary(ir.OpAdd, ir.U64, base, b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpMul, ir.U64, b.Binary(ir.OpMul, ir.U64, idx, ns), u64(size)), moff))
	val := f.load(&lvalue{t: mt, mem: true, addr: addr, space: ir.Threadgroup})
	args := []ir.Reg{tex}
	for c := range 4 {
		switch {
		case c < len(val.regs) && mk == ck:
			args = append(args, val.regs[c])
		case c < len(val.regs):
			args = append(args, b.Conv(ck, mk, val.regs[c]))
		case c == 3:
			args = append(args, b.Const(ck, one(ck)))
		default:
			args = append(args, b.Const(ck, 0))
		}
	}
	args = append(args, tx, ty)
	args = append(args, coord[2:]...)
	args = append(args, rest...)
	for len(args) < len(d.Params) {
		args = append(args, b.ConstU32(0))
	}
	if len(args) != len(d.Params) {
		f.errorf(pos, "texture write of an imageblock slice: %d arguments, want %d", len(args), len(d.Params))
		return nil
	}
	b.Intrinsic(f.p.out.Intrinsic(d), args...)
	b.EndIf()
	b.Continuing()
	b.Set(x, b.Binary(ir.OpAdd, ir.U32, x, b.ConstU32(1)))
	b.EndLoop()
	b.Continuing()
	b.Set(y, b.Binary(ir.OpAdd, ir.U32, y, b.ConstU32(1)))
	b.EndLoop()
	return nil
}

// one is the bits of 1 in kind k (alpha of a slice member without one).
func one(k ir.Kind) uint64 {
	switch k {
	case ir.F32:
		return 0x3f800000
	case ir.F16:
		return 0x3c00
	}
	return 1
}
