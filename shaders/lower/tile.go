package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// ImplicitLayout is the layout of an implicit imageblock<T,
// imageblock_layout_implicit> argument of a tile function: the engine
// stages the colour attachments of the tile in threadgroup memory as an
// array of T, one per pixel and sample (pixel (x, y), sample s at index
// (y·width + x)·samples + s), before the dispatch and stores the members
// back after it.
type ImplicitLayout struct {
	Size    int // sizeof(T)
	Members []ImplicitMember
}

// ImplicitMember is one [[color(n)]] member of an implicit imageblock's T.
type ImplicitMember struct {
	Name   string
	Color  int     // the colour attachment
	Offset int     // byte offset in T
	Kind   ir.Kind // component kind: F32, F16, I32, U32, I16, U16, I8 or U8
	N      int     // components (1 … 4)
}

// TileImageblockValue encodes the value of an imageblock argument of a
// tile function: ImageblockValue with the sample count in bits 24–31 of
// the offset (offset < 2^24; samples 1 … 8).
func TileImageblockValue(offset uint32, width, height uint16, samples int) uint64 {
	return ImageblockValue(offset&0xffffff|uint32(samples)<<24, width, height)
}

// implicitLayout returns the layout of imageblock type t's T, which must be
// a struct whose members all carry [[color(n)]] and are scalars or vectors
// of ALU types.
func (p *program) implicitLayout(t *sema.Type, pos diag.Pos, arg string) (*ImplicitLayout, *sema.Type) {
	if t.Kind != sema.KOpaque || t.Opaque == nil || len(t.Opaque.Args) == 0 || t.Opaque.Args[0].Type == nil {
		p.errorf(pos, "imageblock argument '%s' has no element type", arg)
		return nil, nil
	}
	elem := t.Opaque.Args[0].Type
	if elem.Kind != sema.KStruct || elem.Struct == nil {
		p.errorf(pos, "implicit imageblock argument '%s': element type '%s' is not a struct", arg, elem)
		return nil, nil
	}
	size, _, offs := sema.Layout(elem)
	lay := &ImplicitLayout{Size: size}
	seen := map[int]bool{}
	for i, fd := range elem.Struct.Fields {
		if fd.Static {
			continue
		}
		a := fd.Attr("color")
		if a == nil {
			p.errorf(pos, "implicit imageblock argument '%s': member '%s' of '%s' has no [[color(n)]]", arg, fd.Name, elem)
			continue
		}
		n, ok := -1, len(a.Args) > 0
		if ok {
			n = int(a.Args[0].AsInt())
		}
		if !ok || n < 0 || n >= 8 || seen[n] {
			p.errorf(pos, "implicit imageblock argument '%s': member '%s' needs a unique [[color(n)]] with n in 0 … 7", arg, fd.Name)
			continue
		}
		seen[n] = true
		ft := fd.Type
		s := ft.Scalar()
		k, kok := ir.Void, false
		if s != nil {
			k, kok = scalarKind(s)
		}
		w := ft.Width()
		if !kok || k == ir.Bool || k == ir.I64 || k == ir.U64 || w < 1 || w > 4 || (ft.Kind != sema.KVector && ft.Kind > sema.KFloat) {
			p.errorf(pos, "implicit imageblock argument '%s': member '%s' has type '%s', want a scalar or vector of float, half or 8–32-bit integers", arg, fd.Name, ft)
			continue
		}
		lay.Members = append(lay.Members, ImplicitMember{Name: fd.Name, Color: n, Offset: offs[i], Kind: k, N: w})
	}
	return lay, elem
}

// tileBuiltin reads the tile-function inputs [[render_target_array_index]]
// (the threadgroup's z), [[pixels_per_tile]] (the dispatch's threadgroup
// size, which the engine makes the tile size) and [[tile_index]] (the
// threadgroup's linear index) as a value of type t.
func (f *fn) tileBuiltin(name string, t *sema.Type) (value, bool) {
	b := f.b
	switch name {
	case "render_target_array_index":
		return f.convert(value{t: sema.UInt, regs: []ir.Reg{b.Builtin(ir.ThreadgroupPositionInGrid.Component(2))}}, t, b.Pos), true
	case "pixels_per_tile":
		regs := []ir.Reg{b.Builtin(ir.DispatchThreadsPerThreadgroup), b.Builtin(ir.DispatchThreadsPerThreadgroup.Component(1))}
		return f.convert(value{t: sema.Vec(sema.UInt, 2), regs: regs}, t, b.Pos), true
	case "tile_index":
		gx, gy := b.Builtin(ir.ThreadgroupsPerGrid), b.Builtin(ir.ThreadgroupsPerGrid.Component(1))
		x, y, z := b.Builtin(ir.ThreadgroupPositionInGrid), b.Builtin(ir.ThreadgroupPositionInGrid.Component(1)), b.Builtin(ir.ThreadgroupPositionInGrid.Component(2))
		i := b.Binary(ir.OpAdd, ir.U32, x, b.Binary(ir.OpMul, ir.U32, gx, b.Binary(ir.OpAdd, ir.U32, y, b.Binary(ir.OpMul, ir.U32, gy, z))))
		return f.convert(value{t: sema.UInt, regs: []ir.Reg{i}}, t, b.Pos), true
	}
	return value{}, false
}
