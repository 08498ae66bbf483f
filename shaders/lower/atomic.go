package lower

import (
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// atomic lowers atomic_*_explicit onto the executor's atomic intrinsics.
func (f *fn) atomic(e *syntax.CallExpr, name string, xi *sema.ExprInfo) *value {
	pt := f.x(e.Args[0]).Type
	if pt.Kind != sema.KPointer || pt.Elem.Kind != sema.KAtomic {
		f.errorf(e.Pos(), "%s needs a pointer to an atomic", name)
	}
	sp := spaceOf(pt.Space)
	vt := pt.Elem.Elem
	k, ok := scalarKind(vt)
	if !ok || k == ir.Bool || (sp != ir.Device && sp != ir.Threadgroup) {
		f.errorf(e.Pos(), "atomics on '%s' in %s memory are not supported", vt, sp)
	}
	addr := f.value(e.Args[0]).regs[0]
	op := name
	switch name {
	case "atomic_max_explicit":
		op = "atomic_fetch_max_explicit"
	case "atomic_min_explicit":
		op = "atomic_fetch_min_explicit"
	}
	id := f.p.out.Intrinsic(stdlib.AtomicDecl(op, sp, k))
	arg := func(i int) ir.Reg { return f.valueAs(e.Args[i], vt).regs[0] }
	switch name {
	case "atomic_load_explicit":
		r := f.b.Intrinsic(id, addr)
		return &value{t: vt, regs: r}
	case "atomic_store_explicit":
		f.b.Intrinsic(id, addr, arg(1))
		return nil
	case "atomic_compare_exchange_weak_explicit":
		exp := &lvalue{t: vt, mem: true, addr: f.value(e.Args[1]).regs[0], space: spaceOf(f.x(e.Args[1]).Type.Space)}
		r := f.b.Intrinsic(id, addr, f.load(exp).regs[0], arg(2))
		f.store(exp, value{t: vt, regs: r[:1]})
		return &value{t: sema.Bool, regs: r[1:]}
	case "atomic_max_explicit", "atomic_min_explicit":
		f.b.Intrinsic(id, addr, arg(1))
		return nil
	}
	r := f.b.Intrinsic(id, addr, arg(1))
	return &value{t: vt, regs: r}
}
