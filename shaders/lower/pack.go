package lower

import (
	"strings"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// packFormat describes a packed format: component bit widths (low bits
// first), signed normalization, sRGB on the colour channels.
type packFormat struct {
	bits        []int
	snorm, srgb bool
	rev         bool // component 0 in the most significant bits (565)
}

func packFormatOf(name string) (packFormat, bool) {
	switch {
	case strings.Contains(name, "srgb_unorm4x8") || strings.Contains(name, "unorm4x8_srgb"):
		return packFormat{bits: []int{8, 8, 8, 8}, srgb: true}, true
	case strings.Contains(name, "unorm4x8"):
		return packFormat{bits: []int{8, 8, 8, 8}}, true
	case strings.Contains(name, "snorm4x8"):
		return packFormat{bits: []int{8, 8, 8, 8}, snorm: true}, true
	case strings.Contains(name, "unorm2x16"):
		return packFormat{bits: []int{16, 16}}, true
	case strings.Contains(name, "snorm2x16"):
		return packFormat{bits: []int{16, 16}, snorm: true}, true
	case strings.Contains(name, "unorm10a2"):
		return packFormat{bits: []int{10, 10, 10, 2}}, true
	case strings.Contains(name, "snorm10a2"):
		return packFormat{bits: []int{10, 10, 10, 2}, snorm: true}, true
	case strings.Contains(name, "unorm565"):
		return packFormat{bits: []int{5, 6, 5}, rev: true}, true
	}
	return packFormat{}, false
}

// pack lowers pack_* and unpack_* functions.
func (f *fn) pack(e *syntax.CallExpr, name string, xi *sema.ExprInfo) value {
	pf, ok := packFormatOf(name)
	if !ok {
		f.errorf(e.Pos(), "'%s' is not supported", name)
	}
	v := f.value(e.Args[0])
	c := func(x float32) ir.Reg { return f.b.ConstF32(x) }
	if strings.HasPrefix(name, "unpack_") {
		w := f.convert(v, sema.UInt, e.Pos()).regs[0]
		out := make([]ir.Reg, len(pf.bits))
		for i, nb := range pf.bits {
			sh := pf.shift(i)
			m := uint32(1)<<nb - 1
			raw := f.b.Binary(ir.OpAnd, ir.U32, f.b.Binary(ir.OpShr, ir.U32, w, f.b.ConstU32(uint32(sh))), f.b.ConstU32(m))
			var x ir.Reg
			if pf.snorm {
				// sign-extend nb bits
				s := f.b.Binary(ir.OpShl, ir.U32, raw, f.b.ConstU32(uint32(32-nb)))
				si := f.b.Binary(ir.OpShr, ir.I32, f.b.Bitcast(ir.I32, ir.U32, s), f.b.ConstI32(int32(32-nb)))
				x = f.b.Binary(ir.OpDiv, ir.F32, f.b.Conv(ir.F32, ir.I32, si), c(float32(m>>1)))
				x = f.b.Binary(ir.OpMax, ir.F32, x, c(-1))
			} else {
				x = f.b.Binary(ir.OpDiv, ir.F32, f.b.Conv(ir.F32, ir.U32, raw), c(float32(m)))
				if pf.srgb && i < 3 {
					x = f.srgbToLinear(x)
				}
			}
			out[i] = x
		}
		return f.convert(value{t: sema.Vec(sema.Float, len(out)), regs: out}, xi.Type, e.Pos())
	}
	fv := f.convert(v, sema.Vec(sema.Float, len(pf.bits)), e.Pos())
	acc := f.b.ConstU32(0)
	for i, nb := range pf.bits {
		sh := pf.shift(i)
		m := uint32(1)<<nb - 1
		x := fv.regs[i]
		var raw ir.Reg
		if pf.snorm {
			x = f.b.Binary(ir.OpMin, ir.F32, f.b.Binary(ir.OpMax, ir.F32, x, c(-1)), c(1))
			x = f.b.Unary(ir.OpRint, ir.F32, f.b.Binary(ir.OpMul, ir.F32, x, c(float32(m>>1))))
			raw = f.b.Bitcast(ir.U32, ir.I32, f.b.Conv(ir.I32, ir.F32, x))
			raw = f.b.Binary(ir.OpAnd, ir.U32, raw, f.b.ConstU32(m))
		} else {
			x = f.b.Binary(ir.OpMin, ir.F32, f.b.Binary(ir.OpMax, ir.F32, x, c(0)), c(1))
			if pf.srgb && i < 3 {
				x = f.linearToSRGB(x)
			}
			x = f.b.Unary(ir.OpRint, ir.F32, f.b.Binary(ir.OpMul, ir.F32, x, c(float32(m))))
			raw = f.b.Conv(ir.U32, ir.F32, x)
		}
		acc = f.b.Binary(ir.OpOr, ir.U32, acc, f.b.Binary(ir.OpShl, ir.U32, raw, f.b.ConstU32(uint32(sh))))
	}
	return f.convert(value{t: sema.UInt, regs: []ir.Reg{acc}}, xi.Type, e.Pos())
}

func (f *fn) powc(x ir.Reg, y float64) ir.Reg {
	return stdlib.E{B: f.b}.Powr(x, f.b.ConstF32(float32(y)))
}

func (f *fn) srgbToLinear(x ir.Reg) ir.Reg {
	lin := f.b.Binary(ir.OpDiv, ir.F32, x, f.b.ConstF32(12.92))
	base := f.b.Fma(ir.F32, x, f.b.ConstF32(float32(1/1.055)), f.b.ConstF32(float32(0.055/1.055)))
	p := f.powc(base, 2.4)
	return f.b.Select(ir.F32, f.b.Binary(ir.OpLe, ir.F32, x, f.b.ConstF32(0.04045)), lin, p)
}

func (f *fn) linearToSRGB(x ir.Reg) ir.Reg {
	lin := f.b.Binary(ir.OpMul, ir.F32, x, f.b.ConstF32(12.92))
	p := f.b.Binary(ir.OpSub, ir.F32, f.b.Binary(ir.OpMul, ir.F32, f.b.ConstF32(1.055), f.powc(x, 1/2.4)), f.b.ConstF32(0.055))
	return f.b.Select(ir.F32, f.b.Binary(ir.OpLe, ir.F32, x, f.b.ConstF32(0.0031308)), lin, p)
}

// shift is the bit position of component i.
func (pf packFormat) shift(i int) int {
	sh := 0
	if pf.rev {
		for j := len(pf.bits) - 1; j > i; j-- {
			sh += pf.bits[j]
		}
		return sh
	}
	for j := 0; j < i; j++ {
		sh += pf.bits[j]
	}
	return sh
}
