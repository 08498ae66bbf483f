package lower

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// kernelBuiltins maps kernel input attributes to IR built-ins; n is the
// number of components the built-in provides (1 or 3).
var kernelBuiltins = map[string]struct {
	id ir.BuiltinID
	n  int
}{
	"thread_position_in_grid":             {ir.ThreadPositionInGrid, 3},
	"thread_position_in_threadgroup":      {ir.ThreadPositionInThreadgroup, 3},
	"threadgroup_position_in_grid":        {ir.ThreadgroupPositionInGrid, 3},
	"threads_per_threadgroup":             {ir.ThreadsPerThreadgroup, 3},
	"dispatch_threads_per_threadgroup":    {ir.DispatchThreadsPerThreadgroup, 3},
	"threads_per_grid":                    {ir.ThreadsPerGrid, 3},
	"grid_size":                           {ir.ThreadsPerGrid, 3},
	"threadgroups_per_grid":               {ir.ThreadgroupsPerGrid, 3},
	"thread_index_in_threadgroup":         {ir.ThreadIndexInThreadgroup, 1},
	"simdgroup_index_in_threadgroup":      {ir.SimdgroupIndexInThreadgroup, 1},
	"thread_index_in_simdgroup":           {ir.ThreadIndexInSimdgroup, 1},
	"threads_per_simdgroup":               {ir.ThreadsPerSimdgroup, 1},
	"thread_execution_width":              {ir.ThreadsPerSimdgroup, 1},
	"simdgroups_per_threadgroup":          {ir.SimdgroupsPerThreadgroup, 1},
	"dispatch_simdgroups_per_threadgroup": {ir.DispatchSimdgroupsPerThreadgroup, 1},
	"quadgroup_index_in_threadgroup":      {ir.QuadgroupIndexInThreadgroup, 1},
	"thread_index_in_quadgroup":           {ir.ThreadIndexInQuadgroup, 1},
}

// builtinValue reads kernel built-in name as a value of type t.
func (f *fn) builtinValue(name string, t *sema.Type, pos diag.Pos) (value, bool) {
	switch name {
	case "grid_origin":
		return f.zero(t, f.b.Pos), true
	case "render_target_array_index", "pixels_per_tile", "tile_index":
		// Tile functions: threadgroups are tiles (z: the layer) of
		// dispatch_threads_per_threadgroup pixels.
		if v, ok := f.tileBuiltin(name, t); ok {
			return v, true
		}
	case "quadgroups_per_threadgroup", "dispatch_quadgroups_per_threadgroup":
		id := ir.ThreadsPerThreadgroup
		if name != "quadgroups_per_threadgroup" {
			id = ir.DispatchThreadsPerThreadgroup
		}
		n := f.b.Builtin(id)
		n = f.b.Binary(ir.OpMul, ir.U32, n, f.b.Builtin(id.Component(1)))
		n = f.b.Binary(ir.OpMul, ir.U32, n, f.b.Builtin(id.Component(2)))
		n = f.b.Binary(ir.OpShr, ir.U32, f.b.Binary(ir.OpAdd, ir.U32, n, f.b.ConstU32(3)), f.b.ConstU32(2))
		return f.convert(value{t: sema.UInt, regs: []ir.Reg{n}}, t, f.b.Pos), true
	}
	bi, ok := kernelBuiltins[name]
	if !ok {
		return value{}, false
	}
	n := t.Width()
	regs := make([]ir.Reg, n)
	for i := 0; i < n; i++ {
		id := bi.id
		if bi.n == 3 {
			id = id.Component(i)
		}
		regs[i] = f.b.Builtin(id)
	}
	ut := sema.UInt
	if n > 1 {
		ut = sema.Vec(sema.UInt, n)
	}
	return f.convert(value{t: ut, regs: regs}, t, f.b.Pos), true
}

// lowerEntry lowers a kernel: one U64 parameter per resource binding.
func (p *program) lowerEntry(sfn *sema.Function, res *Result) *ir.Function {
	return p.lowerEntryIO(sfn, res, nil)
}

// lowerEntryIO lowers an entry point; io (vertex and fragment functions)
// receives the stage inputs and outputs through per-invocation records.
func (p *program) lowerEntryIO(sfn *sema.Function, res *Result, io *WrapperLayout) *ir.Function {
	sf := sfn.Func
	if sf.Decl == nil || sf.Decl.Body == nil || sf.Info == nil {
		p.errorf(sfn.Pos, "kernel '%s' has no body", sfn.Name)
	}
	type argPlan struct {
		param *sema.Param
		first int
		n     int
	}
	var plans []argPlan
	var kinds []ir.Kind
	for _, prm := range sfn.Params {
		bd := Binding{Index: prm.Index, ArgName: prm.Name, Type: prm.Type.String()}
		if prm.IndexConst != nil {
			bd.IndexConst = prm.IndexConst.Name
		}
		if prm.FuncConst != nil {
			bd.FuncConst = prm.FuncConst.Name
		}
		t := prm.Type
		n := 1
		switch prm.Bind {
		case sema.BindBuffer:
			bd.Kind = BindBuffer
			switch t.Kind {
			case sema.KPointer, sema.KReference:
				bd.Space = spaceOf(t.Space)
			case sema.KOpaque:
				bd.Kind = BindHandle
			default:
				bd.Space, bd.ByValue, bd.Size = ir.Constant, true, sema.SizeOf(t)
			}
		case sema.BindTexture:
			bd.Kind = BindTexture
			if t.Kind == sema.KArray {
				n = t.N
			}
		case sema.BindSampler:
			bd.Kind = BindSampler
			if t.Kind == sema.KArray {
				n = t.N
			}
		case sema.BindThreadgroup:
			bd.Kind = BindThreadgroup
			bd.Space = ir.Threadgroup
		case sema.BindBuiltin:
			if k, ok := amplificationBinding(sfn.Kind, prm.Builtin); ok {
				bd.Kind = k
				break
			}
			if io != nil {
				if _, ok := kernelBuiltins[prm.Builtin]; !ok {
					plans = append(plans, argPlan{param: prm, first: -2})
					continue
				}
			}
			plans = append(plans, argPlan{param: prm, first: -1})
			continue
		case sema.BindImageblock:
			elem, ok := imageblockElem(t)
			if !ok {
				// Implicit: usable in tile functions only (the engine
				// refuses it in compute dispatches).
				bd.Implicit, elem = p.implicitLayout(t, prm.Pos, prm.Name)
			}
			bd.Kind, bd.Space, bd.Size = BindImageblock, ir.Threadgroup, sema.SizeOf(elem)
		case sema.BindPayload, sema.BindMesh, sema.BindMeshGrid:
			bd.Kind, n = meshBinding(prm)
			bd.Space = ir.Device
		case sema.BindStageIn, sema.BindColor, sema.BindImageblockData:
			if io == nil {
				p.errorf(prm.Pos, "kernel argument '%s' bound as %s is not supported", prm.Name, prm.Bind)
			}
			plans = append(plans, argPlan{param: prm, first: -2})
			continue
		default:
			p.errorf(prm.Pos, "kernel argument '%s' bound as %s is not supported", prm.Name, prm.Bind)
		}
		plans = append(plans, argPlan{param: prm, first: len(kinds), n: n})
		for k := 0; k < n; k++ {
			b := bd
			b.Param = len(kinds)
			if n > 1 {
				b.ArgName = fmt.Sprintf("%s[%d]", prm.Name, k)
				if b.Index >= 0 {
					b.Index += k
				}
			}
			res.Bindings = append(res.Bindings, b)
			kinds = append(kinds, ir.U64)
		}
	}
	gfirst := len(kinds)
	p.globalBindingDescs(res, gfirst)
	for range p.numGlobalParams() {
		kinds = append(kinds, ir.U64)
	}
	ioParam := -1
	if io != nil {
		ioParam = len(kinds)
		res.Bindings = append(res.Bindings, Binding{Kind: BindStageIO, Param: ioParam, Index: -1, ArgName: "stage_io", Space: ir.Device})
		kinds = append(kinds, ir.U64)
	}
	b := ir.NewFunction(p.out, sfn.HostName, kinds, nil)
	b.Fn.Kernel = true
	b.Fn.Pos = sfn.Pos
	b.Pos = sfn.Pos
	p.builders = append(p.builders, b)
	f := p.newFn(b, sf, sf.Info)
	f.kernel = true
	f.scan(sf.Decl.Body)
	if n := p.numGlobalParams(); n > 0 {
		g := make([]ir.Reg, n)
		for k := range g {
			g[k] = b.Param(gfirst + k)
		}
		f.bindGlobals(g)
	}
	var ioBase ir.Reg
	if io != nil {
		// Record i belongs to the thread whose linear position in the grid
		// is i: x + width·(y + height·z).
		u64 := func(id ir.BuiltinID) ir.Reg { return b.Conv(ir.U64, ir.U32, b.Builtin(id)) }
		gid := u64(ir.ThreadPositionInGrid)
		if sfn.Kind != sema.FuncVertex && sfn.Kind != sema.FuncFragment {
			// Kernels with [[stage_in]] may run on 2D and 3D grids; vertex
			// and fragment functions run on 1D ones (record i is thread x
			// = i, which keeps the record accesses affine in x).
			gw, gh := u64(ir.ThreadsPerGrid), u64(ir.ThreadsPerGrid+1)
			yz := b.Binary(ir.OpAdd, ir.U64, u64(ir.ThreadPositionInGrid+1), b.Binary(ir.OpMul, ir.U64, gh, u64(ir.ThreadPositionInGrid+2)))
			gid = b.Binary(ir.OpAdd, ir.U64, gid, b.Binary(ir.OpMul, ir.U64, gw, yz))
		}
		if io.Lanes > 0 {
			// Lane-major: threadgroup b is block b, the thread's position
			// in it its record r; word k of the record at (k·Lanes + r)·4.
			blk := b.Binary(ir.OpMul, ir.U64, u64(ir.ThreadgroupPositionInGrid), b.ConstU64(uint64(io.RecordSize*io.Lanes)))
			r := b.Binary(ir.OpMul, ir.U64, u64(ir.ThreadPositionInThreadgroup), b.ConstU64(4))
			ioBase = b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpAdd, ir.U64, b.Param(ioParam), blk), r)
		} else {
			ioBase = b.Binary(ir.OpAdd, ir.U64, b.Param(ioParam), b.Binary(ir.OpMul, ir.U64, gid, b.ConstU64(uint64(io.RecordSize))))
		}
		f.io, f.ioBase = io, ioBase
		f.result = sf.Result
		if f.result != nil && f.result.Kind == sema.KVoid {
			f.result = nil
		}
	}
	for _, pl := range plans {
		prm := pl.param
		v := prm.Var
		t := prm.Type
		if pl.first == -2 {
			fd := io.field(prm.Name)
			if v != nil && fd != nil {
				val := f.convert(f.ioLoad(fd), t.Unqualified(), prm.Pos)
				f.declare(v, t.Unqualified(), &val, prm.Pos)
			}
			continue
		}
		if pl.first < 0 {
			val, ok := f.builtinValue(prm.Builtin, t.Unqualified(), prm.Pos)
			if !ok {
				p.errorf(prm.Pos, "kernel input [[%s]] is not supported", prm.Builtin)
			}
			if v != nil {
				f.declare(v, t.Unqualified(), &val, prm.Pos)
			}
			continue
		}
		if v == nil {
			continue
		}
		regs := make([]ir.Reg, pl.n)
		for k := range regs {
			regs[k] = b.Param(pl.first + k)
		}
		bd := res.Bindings[pl.first]
		if bd.Kind == BindAmplificationID || bd.Kind == BindAmplificationCount {
			val := f.amplificationValue(regs[0], t.Unqualified())
			f.declare(v, t.Unqualified(), &val, prm.Pos)
			continue
		}
		if bd.Kind == BindPayload || bd.Kind == BindMeshGrid || bd.Kind == BindMesh {
			regs = []ir.Reg{f.meshSlot(prm, bd, regs)}
		}
		switch {
		case t.Kind == sema.KReference:
			f.locals[v] = &lvalue{t: t.Elem, mem: true, addr: regs[0], space: spaceOf(t.Space)}
		case bd.ByValue:
			lv := &lvalue{t: t, mem: true, addr: regs[0], space: ir.Constant}
			val := f.load(lv)
			f.declare(v, t, &val, prm.Pos)
		default:
			f.declare(v, t, &value{t: t, regs: regs}, prm.Pos)
		}
	}
	f.prologue(sf.Decl.Body)
	f.block(sf.Decl.Body)
	if io != nil {
		f.returnStmt(&syntax.ReturnStmt{})
	} else {
		f.endQueries()
		f.b.Return()
	}
	if err := b.Finish(); err != nil {
		p.errorf(sfn.Pos, "%v", err)
	}
	return b.Fn
}
