package lower

import (
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// texComp is the component kind a texture's intrinsics use.
func texComp(t *sema.Type) ir.Kind {
	switch t.Elem.Kind {
	case sema.KHalf:
		return ir.F16
	case sema.KInt, sema.KShort, sema.KChar:
		return ir.I32
	case sema.KUInt, sema.KUShort, sema.KUChar:
		return ir.U32
	}
	return ir.F32
}

// optName returns the sampling option a call like level(x) names.
func optName(e syntax.Expr) (string, []syntax.Expr) {
	switch c := unparen(e).(type) {
	case *syntax.CallExpr:
		if ne, ok := c.Fun.(*syntax.NameExpr); ok {
			return ne.Name.Last().Name, c.Args
		}
	case *syntax.ConstructExpr:
		if nt, ok := c.Type.(*syntax.NamedType); ok {
			return nt.Name.Last().Name, c.Args
		}
	}
	return "", nil
}

// textureCall lowers a texture method onto the stdlib texture intrinsics.
func (f *fn) textureCall(e *syntax.CallExpr, me *syntax.MemberExpr, t *sema.Type, xi *sema.ExprInfo) *lvalue {
	name := me.Name.Last().Name
	var tex ir.Reg
	if me.Arrow {
		p := f.value(me.X)
		tex = f.load(&lvalue{t: t, mem: true, addr: p.regs[0], space: spaceOf(f.x(me.X).Type.Space)}).regs[0]
	} else {
		tex = f.value(me.X).regs[0]
	}
	shape := int(t.Tex)
	si := stdlib.TextureShapes[shape]
	ck := texComp(t)
	pos := e.Pos()
	u32 := func(x syntax.Expr) []ir.Reg {
		return f.convert(f.value(x), withWidth(sema.UInt, valueType(f.x(x).Type).Width()), pos).regs
	}
	call := func(d ir.IntrinsicDecl, args []ir.Reg) []ir.Reg { return f.b.Intrinsic(f.p.out.Intrinsic(d), args...) }
	result := func(regs []ir.Reg) *lvalue {
		rt := xi.Type
		var ct *sema.Type
		switch ck {
		case ir.F16:
			ct = sema.Half
		case ir.I32:
			ct = sema.Int
		case ir.U32:
			ct = sema.UInt
		default:
			ct = sema.Float
		}
		v := f.convert(value{t: withWidth(ct, len(regs)), regs: regs}, rt, pos)
		return &lvalue{t: rt, alts: []alt{{regs: v.regs}}, readOnly: true}
	}
	zero := func() ir.Reg { return f.b.ConstU32(0) }
	switch name {
	case "get_width", "get_height", "get_depth":
		q := map[string]string{"get_width": stdlib.TexGetWidth, "get_height": stdlib.TexGetHeight, "get_depth": stdlib.TexGetDepth}[name]
		lod := zero()
		if len(e.Args) > 0 {
			lod = u32(e.Args[0])[0]
		}
		d, _ := stdlib.LookupTextureIntrinsic(q)
		return result2(f, call(d, []ir.Reg{tex, lod}), xi)
	case "get_num_mip_levels", "get_array_size", "get_num_samples":
		q := map[string]string{"get_num_mip_levels": stdlib.TexGetNumMipLevels, "get_array_size": stdlib.TexGetArraySize, "get_num_samples": stdlib.TexGetNumSamples}[name]
		d, _ := stdlib.LookupTextureIntrinsic(q)
		return result2(f, call(d, []ir.Reg{tex}), xi)
	case "fence":
		return nil
	case "read", "write":
		if name == "write" && len(e.Args) > 1 && f.isSlice(e.Args[0]) {
			return f.sliceWrite(e, t, tex) // tile_slice.go
		}
		d, ok := stdlib.TextureDecl(name, shape, ck)
		if !ok {
			f.errorf(pos, "texture %s on %s is not supported", name, t)
		}
		args := []ir.Reg{tex}
		rest := e.Args
		if name == "write" {
			v := f.convert(f.value(e.Args[0]), sema.Vec(compType(ck), 4), pos)
			args = append(args, v.regs...)
			rest = rest[1:]
		}
		args = append(args, u32(rest[0])...)
		want := len(d.Params)
		for _, a := range rest[1:] {
			args = append(args, u32(a)...)
		}
		for len(args) < want {
			args = append(args, zero())
		}
		if len(args) != want {
			f.errorf(pos, "texture %s: %d arguments, want %d", name, len(args), want)
		}
		r := call(d, args)
		if name == "write" {
			return nil
		}
		return result(r)
	case "sample", "sample_compare", "gather", "gather_compare":
		d, ok := stdlib.TextureDecl(name, shape, ck)
		if !ok {
			f.errorf(pos, "texture %s on %s is not supported", name, t)
		}
		smp := f.value(e.Args[0]).regs[0]
		coord := f.convert(f.value(e.Args[1]), withWidth(sema.Float, si.Coords), pos).regs
		args := []ir.Reg{tex, smp}
		args = append(args, coord...)
		rest := e.Args[2:]
		if si.Layer {
			args = append(args, u32(rest[0])...)
			rest = rest[1:]
		}
		if name == "sample_compare" || name == "gather_compare" {
			args = append(args, f.convert(f.value(rest[0]), sema.Float, pos).regs[0])
			rest = rest[1:]
		}
		lodMode, lodVal, minClamp := f.b.ConstU32(stdlib.LodImplicit), f.b.ConstF32(0), f.b.ConstF32(0)
		var grads []ir.Reg
		var offset []ir.Reg
		component := zero()
		for _, a := range rest {
			on, oargs := optName(a)
			switch on {
			case "level", "bias":
				lodVal = f.convert(f.value(oargs[0]), sema.Float, pos).regs[0]
				if on == "level" {
					lodMode = f.b.ConstU32(stdlib.LodLevel)
				} else {
					lodMode = f.b.ConstU32(stdlib.LodBias)
				}
			case "min_lod_clamp":
				minClamp = f.convert(f.value(oargs[0]), sema.Float, pos).regs[0]
			case "gradient2d", "gradient3d", "gradientcube":
				lodMode = f.b.ConstU32(stdlib.LodGradient)
				for _, g := range oargs {
					grads = append(grads, f.convert(f.value(g), withWidth(sema.Float, si.Grads), pos).regs...)
				}
			default:
				at := valueType(f.x(a).Type)
				if at.Kind == sema.KEnum {
					component = f.convert(f.value(a), sema.UInt, pos).regs[0]
					continue
				}
				if at.Scalar() != nil && at.Scalar().IsInteger() && si.Offsets > 0 {
					offset = f.convert(f.value(a), withWidth(sema.Int, si.Offsets), pos).regs
					continue
				}
				f.errorf(a.Pos(), "unsupported texture %s option", name)
			}
		}
		if name == "sample" || name == "sample_compare" {
			args = append(args, lodMode, lodVal, minClamp)
			for len(grads) < 2*si.Grads {
				grads = append(grads, f.b.ConstF32(0))
			}
			args = append(args, grads...)
		}
		for len(offset) < si.Offsets {
			offset = append(offset, f.b.ConstI32(0))
		}
		args = append(args, offset...)
		if name == "gather" {
			args = append(args, component)
		}
		if len(args) != len(d.Params) {
			f.errorf(pos, "texture %s: %d arguments, want %d", name, len(args), len(d.Params))
		}
		return result(call(d, args))
	}
	f.errorf(pos, "texture method '%s' is not supported", name)
	return nil
}

func compType(k ir.Kind) *sema.Type {
	switch k {
	case ir.F16:
		return sema.Half
	case ir.I32:
		return sema.Int
	case ir.U32:
		return sema.UInt
	}
	return sema.Float
}

func result2(f *fn, regs []ir.Reg, xi *sema.ExprInfo) *lvalue {
	v := f.convert(value{t: sema.UInt, regs: regs}, xi.Type, f.b.Pos)
	return &lvalue{t: xi.Type, alts: []alt{{regs: v.regs}}, readOnly: true}
}

// samplerDesc evaluates the arguments of a constexpr sampler.
func (f *fn) samplerDesc(args []syntax.Expr) uint64 {
	d := stdlib.DefaultSampler()
	addr := map[string]uint8{"repeat": stdlib.AddressRepeat, "mirrored_repeat": stdlib.AddressMirroredRepeat,
		"clamp_to_edge": stdlib.AddressClampToEdge, "clamp_to_zero": stdlib.AddressClampToZero,
		"clamp_to_border": stdlib.AddressClampToBorder, "mirror_clamp_to_edge": stdlib.AddressMirrorClampToEdge}
	cmp := map[string]uint8{"never": stdlib.CompareNever, "less": stdlib.CompareLess, "less_equal": stdlib.CompareLessEqual,
		"greater": stdlib.CompareGreater, "greater_equal": stdlib.CompareGreaterEqual, "equal": stdlib.CompareEqual,
		"not_equal": stdlib.CompareNotEqual, "always": stdlib.CompareAlways}
	for _, a := range args {
		xi := f.x(a)
		if on, oargs := optName(a); on == "max_anisotropy" || on == "lod_clamp" {
			vals := make([]float64, len(oargs))
			for i, o := range oargs {
				if oi := f.x(o); oi.Value != nil {
					if oi.Value.Type.IsFloat() {
						vals[i] = oi.Value.F
					} else {
						vals[i] = float64(oi.Value.I)
					}
				}
			}
			if on == "max_anisotropy" && len(vals) > 0 {
				d.MaxAnisotropy = uint8(vals[0])
			} else if len(vals) > 1 {
				d.LodMinClamp, d.LodMaxClamp = float32(vals[0]), float32(vals[1])
			}
			continue
		}
		t := xi.Type
		if t.Kind != sema.KEnum || xi.Value == nil {
			f.errorf(a.Pos(), "unsupported constexpr sampler argument")
		}
		i := int(xi.Value.I)
		if i < 0 || i >= len(t.Enum.Order) {
			continue
		}
		v := t.Enum.Order[i]
		switch t.Enum.Name {
		case "address":
			d.SAddress, d.TAddress, d.RAddress = addr[v], addr[v], addr[v]
		case "s_address":
			d.SAddress = addr[v]
		case "t_address":
			d.TAddress = addr[v]
		case "r_address":
			d.RAddress = addr[v]
		case "filter":
			d.MagFilter, d.MinFilter = uint8(i), uint8(i)
		case "mag_filter":
			d.MagFilter = uint8(i)
		case "min_filter":
			d.MinFilter = uint8(i)
		case "mip_filter":
			d.MipFilter = uint8(i)
		case "coord":
			d.PixelCoords = v == "pixel"
		case "compare_func":
			d.Compare = cmp[v]
		case "border_color":
			d.Border = uint8(i)
		}
	}
	return stdlib.EncodeSampler(d)
}
