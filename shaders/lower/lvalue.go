package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// value is an rvalue: the flattened component registers of a value of
// type t (see flatten).
type value struct {
	t    *sema.Type
	regs []ir.Reg
}

// alt is one candidate location of a register lvalue: the variable
// registers of its components, selected when cond (a Bool) holds. A
// statically addressed lvalue has one alt with cond NoReg.
type alt struct {
	regs []ir.Reg
	cond ir.Reg
}

// lvalue designates an object: in memory (an address in a space, possibly
// a swizzle of a vector there) or in variable registers.
type lvalue struct {
	t *sema.Type

	mem   bool
	addr  ir.Reg
	space ir.Space
	swz   []int // memory swizzle: component k is at addr + swz[k]*esz
	esz   int
	ek    ir.Kind // kind of a swizzled component

	alts     []alt
	readOnly bool // temporaries standing for constants (not assignable)
}

// addOff returns addr + off.
func (f *fn) addOff(addr ir.Reg, off int) ir.Reg {
	if off == 0 {
		return addr
	}
	// (a + k) + off is a + (k + off) when a is a temporary (it cannot have
	// changed since): record members of members stay one add away from
	// their base, which keeps their accesses affine for the executor.
	if o, ok := f.offs[addr]; ok {
		addr, off = o.base, o.off+off
	}
	r := f.b.Binary(ir.OpAdd, ir.U64, addr, f.b.ConstU64(uint64(off)))
	if !f.b.Fn.Regs[addr].Var {
		if f.offs == nil {
			f.offs = map[ir.Reg]regOff{}
		}
		f.offs[r] = regOff{addr, off}
	}
	return r
}

// regOff is a temporary address register's base and constant offset.
type regOff struct {
	base ir.Reg
	off  int
}

// load reads the value lv designates.
func (f *fn) load(lv *lvalue) value {
	t := lv.t
	if lv.mem {
		if lv.swz != nil {
			k := lv.ek
			regs := make([]ir.Reg, len(lv.swz))
			for i, s := range lv.swz {
				regs[i] = f.b.Load(lv.space, k, f.addOff(lv.addr, s*lv.esz), uint32(k.Size()))
			}
			return value{t: t, regs: regs}
		}
		cs, ok := flatten(t)
		if !ok {
			f.errorf(f.b.Pos, "cannot load a value of type '%s'", t)
		}
		regs := make([]ir.Reg, len(cs))
		for i, c := range cs {
			switch {
			case c.pix != nil && c.pi == 0:
				n := c.pix.Pixel.Components()
				copy(regs[i:i+n], f.loadPixel(lv.space, f.addOff(lv.addr, c.off), c.pix, c.kind))
			case c.pix != nil:
			default:
				regs[i] = f.b.Load(lv.space, c.kind, f.addOff(lv.addr, c.off), uint32(c.kind.Size()))
			}
		}
		return value{t: t, regs: regs}
	}
	if len(lv.alts) == 1 && lv.alts[0].cond == ir.NoReg {
		return value{t: t, regs: lv.alts[0].regs}
	}
	// Dynamic selection: the last alternative is the default.
	n := len(lv.alts[0].regs)
	regs := make([]ir.Reg, n)
	for c := 0; c < n; c++ {
		r := lv.alts[len(lv.alts)-1].regs[c]
		k := f.b.Fn.Regs[r].Kind
		for i := len(lv.alts) - 2; i >= 0; i-- {
			r = f.safeSelect(k, lv.alts[i].cond, lv.alts[i].regs[c], r)
		}
		regs[c] = r
	}
	return value{t: t, regs: regs}
}

// store writes v (already of lv's type) to lv.
func (f *fn) store(lv *lvalue, v value) {
	if lv.readOnly {
		f.errorf(f.b.Pos, "cannot assign to a constant")
	}
	if lv.mem {
		if lv.swz != nil {
			k := lv.ek
			for i, s := range lv.swz {
				f.b.Store(lv.space, k, f.addOff(lv.addr, s*lv.esz), v.regs[i], uint32(k.Size()))
			}
			return
		}
		cs, ok := flatten(lv.t)
		if !ok || len(cs) != len(v.regs) {
			f.errorf(f.b.Pos, "cannot store a value of type '%s'", lv.t)
		}
		for i, c := range cs {
			switch {
			case c.pix != nil && c.pi == 0:
				f.storePixel(lv.space, f.addOff(lv.addr, c.off), c.pix, c.kind, v.regs[i:i+c.pix.Pixel.Components()])
			case c.pix != nil:
			default:
				f.b.Store(lv.space, c.kind, f.addOff(lv.addr, c.off), v.regs[i], uint32(c.kind.Size()))
			}
		}
		return
	}
	src := v.regs
	// Snapshot sources that are also destinations (v = v.yx).
	dst := map[ir.Reg]bool{}
	for _, a := range lv.alts {
		for _, r := range a.regs {
			dst[r] = true
		}
	}
	var snap []ir.Reg
	for i, r := range src {
		if dst[r] {
			if snap == nil {
				snap = append([]ir.Reg(nil), src...)
			}
			t := f.b.Var(f.b.Fn.Regs[r].Kind, "tmp")
			f.b.Set(t, r)
			snap[i] = t
		}
	}
	if snap != nil {
		src = snap
	}
	for _, a := range lv.alts {
		if len(a.regs) != len(src) {
			f.errorf(f.b.Pos, "internal: store of %d components into %d", len(src), len(a.regs))
		}
		if a.cond != ir.NoReg {
			f.b.If(a.cond)
		}
		for i, r := range a.regs {
			f.b.Set(r, src[i])
		}
		if a.cond != ir.NoReg {
			f.b.EndIf()
		}
	}
}

// sub returns the lvalue of components [lo,hi) at byte offset off of lv,
// of type t.
func (f *fn) sub(lv *lvalue, t *sema.Type, lo, hi, off int) *lvalue {
	if lv.mem {
		return &lvalue{t: t, mem: true, addr: f.addOff(lv.addr, off), space: lv.space, readOnly: lv.readOnly}
	}
	out := &lvalue{t: t, readOnly: lv.readOnly}
	for _, a := range lv.alts {
		out.alts = append(out.alts, alt{regs: a.regs[lo:hi], cond: a.cond})
	}
	return out
}

// member selects field fld of struct lvalue lv.
func (f *fn) member(lv *lvalue, fld *sema.Field, pos diag.Pos) *lvalue {
	lo, hi, off, ok := fieldRange(lv.t, fld)
	if !ok {
		// A member of an anonymous union/struct member: go through it.
		if anon := anonHolding(lv.t, fld); anon != nil {
			return f.member(f.member(lv, anon, pos), fld, pos)
		}
		f.errorf(pos, "no field '%s' in '%s'", fld.Name, lv.t)
	}
	return f.sub(lv, fld.Type, lo, hi, off)
}

// anonHolding returns the anonymous union/struct member of struct type t
// (or of its bases) whose type holds fld, or nil.
func anonHolding(t *sema.Type, fld *sema.Field) *sema.Field {
	if t.Kind != sema.KStruct {
		return nil
	}
	fs, _ := fieldsOf(t)
	for _, a := range fs {
		if a.Name == "" && a.Type.Kind == sema.KStruct && a.Type.Struct.FieldByName(fld.Name) == fld {
			return a
		}
	}
	return nil
}

// swizzle selects vector components idx of lv.
func (f *fn) swizzle(lv *lvalue, idx []int) *lvalue {
	et := lv.t.Elem
	var t *sema.Type
	if len(idx) == 1 {
		t = et
	} else {
		t = sema.Vec(et, len(idx))
	}
	if lv.mem {
		if lv.swz != nil {
			n := make([]int, len(idx))
			for i, k := range idx {
				n[i] = lv.swz[k]
			}
			return &lvalue{t: t, mem: true, addr: lv.addr, space: lv.space, swz: n, esz: lv.esz, ek: lv.ek, readOnly: lv.readOnly}
		}
		k, _ := scalarKind(et)
		return &lvalue{t: t, mem: true, addr: lv.addr, space: lv.space, swz: append([]int(nil), idx...), esz: k.Size(), ek: k, readOnly: lv.readOnly}
	}
	out := &lvalue{t: t, readOnly: lv.readOnly}
	for _, a := range lv.alts {
		regs := make([]ir.Reg, len(idx))
		for i, k := range idx {
			regs[i] = a.regs[k]
		}
		out.alts = append(out.alts, alt{regs: regs, cond: a.cond})
	}
	return out
}

// index selects element idx (a register of an integer kind ik, or a
// constant when cidx >= 0) of an array, vector or matrix lvalue.
func (f *fn) index(lv *lvalue, idx ir.Reg, ik ir.Kind, cidx int64, pos diag.Pos) *lvalue {
	t := lv.t
	var et *sema.Type
	var n, stride int
	switch t.Kind {
	case sema.KArray:
		et, n, stride = t.Elem, t.N, sema.Stride(t.Elem)
	case sema.KVector, sema.KPacked:
		if lv.swz != nil || !lv.mem {
			if cidx >= 0 {
				return f.swizzle(lv, []int{int(cidx)})
			}
		}
		et, n = t.Elem, t.N
		k, _ := scalarKind(et)
		stride = k.Size()
		if lv.mem && lv.swz != nil {
			// dynamic index into a memory swizzle: select among components
			f.errorf(pos, "dynamic index into a swizzle is not supported")
		}
	case sema.KMatrix:
		et, n = sema.Vec(t.Elem, t.Rows), t.N
		stride = sema.SizeOf(et)
	default:
		f.errorf(pos, "cannot index a value of type '%s'", t)
	}
	ec := ncomps(et)
	if lv.mem {
		if cidx >= 0 {
			return &lvalue{t: et, mem: true, addr: f.addOff(lv.addr, int(cidx)*stride), space: lv.space, readOnly: lv.readOnly}
		}
		i64 := f.toU64(idx, ik)
		off := f.b.Binary(ir.OpMul, ir.U64, i64, f.b.ConstU64(uint64(stride)))
		return &lvalue{t: et, mem: true, addr: f.b.Binary(ir.OpAdd, ir.U64, lv.addr, off), space: lv.space, readOnly: lv.readOnly}
	}
	if cidx >= 0 {
		if cidx >= int64(n) {
			f.errorf(pos, "index %d out of range", cidx)
		}
		return f.sub(lv, et, int(cidx)*ec, int(cidx+1)*ec, 0)
	}
	out := &lvalue{t: et, readOnly: lv.readOnly}
	for _, a := range lv.alts {
		for k := 0; k < n; k++ {
			c := f.b.Binary(ir.OpEq, ik, idx, f.b.Const(ik, uint64(k)))
			if a.cond != ir.NoReg {
				c = f.b.Binary(ir.OpAnd, ir.Bool, a.cond, c)
			}
			out.alts = append(out.alts, alt{regs: a.regs[k*ec : (k+1)*ec], cond: c})
		}
	}
	return out
}

// toU64 converts an index register to U64 (sign-extending signed kinds).
func (f *fn) toU64(r ir.Reg, k ir.Kind) ir.Reg {
	if k == ir.U64 {
		return r
	}
	if k.IsSigned() {
		if k != ir.I64 {
			r = f.b.Conv(ir.I64, k, r)
		}
		return f.b.Bitcast(ir.U64, ir.I64, r)
	}
	if k == ir.Bool {
		return f.b.Conv(ir.U64, ir.Bool, r)
	}
	return f.b.Conv(ir.U64, k, r)
}

// safeSelect is c ? x : y. When x or y is a variable register it is built
// with if/else into a fresh variable instead of OpSelect: constant folding
// replaces a select on a constant condition by its operand, which would
// turn a temporary into a later-modified variable.
func (f *fn) safeSelect(k ir.Kind, c, x, y ir.Reg) ir.Reg {
	if !f.b.Fn.Regs[x].Var && !f.b.Fn.Regs[y].Var {
		return f.b.Select(k, c, x, y)
	}
	v := f.b.Var(k, "sel")
	f.b.Set(v, y)
	f.b.If(c)
	f.b.Set(v, x)
	f.b.EndIf()
	return v
}
