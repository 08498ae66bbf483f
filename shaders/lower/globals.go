package lower

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// gbind is a program-scope resource binding (§5.9): a global declared
// with [[buffer(i)]], [[texture(i)]], [[sampler(i)]] or
// [[threadgroup(i)]]. Every lowered function receives the values of all of
// them as hidden trailing U64 parameters, so helpers can use them too.
type gbind struct {
	v     *sema.Var
	kind  BindingKind
	index int
	n     int // slots (arrays of textures/samplers)
}

func globalBindings(sp *sema.Program) []gbind {
	var out []gbind
	for _, v := range sp.Globals {
		if v.FuncConst != nil {
			continue
		}
		for _, a := range v.Attrs {
			var k BindingKind
			switch a.Name {
			case "buffer":
				k = BindBuffer
			case "texture":
				k = BindTexture
			case "sampler":
				k = BindSampler
			case "threadgroup":
				k = BindThreadgroup
			default:
				continue
			}
			n := 1
			if v.Type.Kind == sema.KArray && v.Type.N > 0 {
				n = v.Type.N
			}
			out = append(out, gbind{v: v, kind: k, index: int(a.IntArg(0, -1)), n: n})
			break
		}
	}
	return out
}

// numGlobalParams is the number of hidden parameters.
func (p *program) numGlobalParams() int {
	n := 0
	for _, g := range p.gbinds {
		n += g.n
	}
	return n
}

// globalBindingDescs appends the Bindings of the hidden parameters, the
// first at IR parameter first.
func (p *program) globalBindingDescs(res *Result, first int) {
	for _, g := range p.gbinds {
		for k := 0; k < g.n; k++ {
			b := Binding{Kind: g.kind, Param: first, Index: g.index, ArgName: g.v.Name, Type: g.v.Type.String()}
			if g.n > 1 {
				b.ArgName = fmt.Sprintf("%s[%d]", g.v.Name, k)
				b.Index += k
			}
			if g.kind == BindBuffer || g.kind == BindThreadgroup {
				t := g.v.Type
				if t.Kind == sema.KPointer || t.Kind == sema.KReference {
					b.Space = spaceOf(t.Space)
				}
			}
			res.Bindings = append(res.Bindings, b)
			first++
		}
	}
}

// bindGlobals makes the hidden parameter registers regs the storage of the
// program-scope bindings in this function.
func (f *fn) bindGlobals(regs []ir.Reg) {
	f.gregs = regs
	i := 0
	for _, g := range f.p.gbinds {
		vals := regs[i : i+g.n]
		i += g.n
		t := g.v.Type
		if t.Kind == sema.KReference {
			f.locals[g.v] = &lvalue{t: t.Elem, mem: true, addr: vals[0], space: spaceOf(t.Space)}
			continue
		}
		f.locals[g.v] = &lvalue{t: t, alts: []alt{{regs: vals}}, readOnly: true}
	}
}
