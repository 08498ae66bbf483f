package lower

import (
	"errors"
	"fmt"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Mesh shading (§5.1.7, §5.1.8, §2.20).
//
// MeshStage lowers [[object]] and [[mesh]] functions as kernels whose
// stage-to-stage state lives in device memory the engine provides, one
// slot per threadgroup, slot k belonging to the threadgroup whose linear
// position in the grid is k (x + w·(y + h·z)):
//
//   - [[payload]] (BindPayload, two U64 parameters: base and stride): the
//     payload of threadgroup k is at base + k·stride. The engine passes
//     stride = the payload length for the object grid (one payload per
//     object threadgroup) and stride 0 for a mesh grid (all its
//     threadgroups read the payload of the object threadgroup that
//     launched it).
//   - mesh_grid_properties (BindMeshGrid, one U64): a 16-byte slot of
//     uint x, y, z, set; set_threadgroups_per_grid stores the three
//     components and set = 1.
//   - mesh<V, P, NV, NP, t> (BindMesh, one U64): a MeshOutputLayout record;
//     set_vertex, set_primitive, set_index, set_indices and
//     set_primitive_count store into it after checking the index against
//     NV, NP or NP·indices_per_primitive (a bad index calls the
//     MeshFaultIntrinsic, which must fault the dispatch).

// Binding kinds of mesh shading (after the existing ones).
const (
	BindPayload  BindingKind = 100 + iota // object_data payload base (and stride)
	BindMeshGrid                          // mesh_grid_properties slot base
	BindMesh                              // mesh<> output record base
	// BindAmplificationID and BindAmplificationCount: an object or mesh
	// function's [[amplification_id]] and [[amplification_count]], one U64
	// parameter holding the value (the vertex amplification of the draw;
	// a mesh function that reads the id runs once per amplification).
	BindAmplificationID
	BindAmplificationCount
)

// amplificationBinding returns the binding kind of an object or mesh
// function's amplification built-in.
func amplificationBinding(k sema.FuncKind, builtin string) (BindingKind, bool) {
	if k != sema.FuncObject && k != sema.FuncMesh {
		return 0, false
	}
	switch builtin {
	case "amplification_id":
		return BindAmplificationID, true
	case "amplification_count":
		return BindAmplificationCount, true
	}
	return 0, false
}

// amplificationValue reads an amplification built-in's parameter as a
// value of type t.
func (f *fn) amplificationValue(reg ir.Reg, t *sema.Type) value {
	return f.convert(value{t: sema.UInt, regs: []ir.Reg{f.b.Conv(ir.U32, ir.U64, reg)}}, t, f.b.Pos)
}

// MeshGridSlotSize is the bytes of one mesh_grid_properties slot.
const MeshGridSlotSize = 16

// Mesh fault codes (the first argument of MeshFaultIntrinsic).
const (
	MeshFaultVertex         = iota // set_vertex index ≥ NV
	MeshFaultPrimitive             // set_primitive index ≥ NP
	MeshFaultIndex                 // set_index/set_indices index ≥ NP·ipp (or misaligned)
	MeshFaultPrimitiveCount        // set_primitive_count > NP
)

// MeshFaultIntrinsic is called, for the lanes that pass a bad index, with
// (code, index, limit); the engine's implementation returns an error so
// the dispatch faults at the call's source position.
var MeshFaultIntrinsic = ir.IntrinsicDecl{Name: "mesh.fault", Params: []ir.Kind{ir.U32, ir.U32, ir.U32}, Flags: ir.SideEffects}

// MeshFaultMessage describes a mesh fault for the engine's error.
func MeshFaultMessage(code, index, limit uint32) string {
	switch code {
	case MeshFaultVertex:
		return fmt.Sprintf("set_vertex index %d is past the mesh's %d vertices", index, limit)
	case MeshFaultPrimitive:
		return fmt.Sprintf("set_primitive index %d is past the mesh's %d primitives", index, limit)
	case MeshFaultIndex:
		return fmt.Sprintf("set_index index %d is past the mesh's %d indices (or not a multiple of the vector size)", index, limit)
	case MeshFaultPrimitiveCount:
		return fmt.Sprintf("set_primitive_count %d is past the mesh's %d primitives", index, limit)
	}
	return fmt.Sprintf("mesh fault %d (index %d, limit %d)", code, index, limit)
}

// Mesh topologies (metal::topology).
const (
	TopologyPoint    = 0
	TopologyLine     = 1
	TopologyTriangle = 2
)

// MeshOutputLayout is the record a mesh threadgroup writes its mesh into:
// the primitive count (uint) at offset 0, MaxVertices vertices of type
// Vertex from VertexOffset (VertexStride apart, MSL layout), MaxPrimitives
// primitives of type Primitive (nil for void) from PrimitiveOffset, and
// MaxPrimitives·IndicesPerPrimitive uchar indices from IndexOffset (a
// multiple of 4).
type MeshOutputLayout struct {
	Vertex, Primitive                *sema.Type
	MaxVertices, MaxPrimitives       int
	Topology, IndicesPerPrimitive    int
	VertexOffset, VertexStride       int
	PrimitiveOffset, PrimitiveStride int
	IndexOffset, Size                int
}

// MaxMeshVertices and MaxMeshPrimitives bound NV and NP (uchar indices
// address 256 vertices; Metal allows 512 primitives per mesh).
const (
	MaxMeshVertices   = 256
	MaxMeshPrimitives = 512
)

// MeshLayout returns the output layout of the mesh<V, P, NV, NP, t> type t.
func MeshLayout(t *sema.Type) (*MeshOutputLayout, error) {
	t = t.Unqualified()
	if t.Kind != sema.KOpaque || t.Opaque == nil || t.Opaque.Name != "mesh" || len(t.Opaque.Args) != 5 {
		return nil, fmt.Errorf("'%s' is not a metal::mesh<V, P, NV, NP, topology> type", t)
	}
	a := t.Opaque.Args
	l := &MeshOutputLayout{Vertex: a[0].Type, Primitive: a[1].Type}
	if l.Vertex == nil || a[2].Value == nil || a[3].Value == nil || a[4].Value == nil {
		return nil, fmt.Errorf("'%s': malformed template arguments", t)
	}
	if l.Primitive != nil && l.Primitive.Kind == sema.KVoid {
		l.Primitive = nil
	}
	l.MaxVertices, l.MaxPrimitives, l.Topology = int(a[2].Value.I), int(a[3].Value.I), int(a[4].Value.I)
	if l.MaxVertices < 1 || l.MaxVertices > MaxMeshVertices {
		return nil, fmt.Errorf("'%s': %d vertices, want 1..%d", t, l.MaxVertices, MaxMeshVertices)
	}
	if l.MaxPrimitives < 1 || l.MaxPrimitives > MaxMeshPrimitives {
		return nil, fmt.Errorf("'%s': %d primitives, want 1..%d", t, l.MaxPrimitives, MaxMeshPrimitives)
	}
	switch l.Topology {
	case TopologyPoint, TopologyLine, TopologyTriangle:
		l.IndicesPerPrimitive = l.Topology + 1
	default:
		return nil, fmt.Errorf("'%s': topology %d is not point, line or triangle", t, l.Topology)
	}
	vs, va, _ := sema.Layout(l.Vertex)
	if vs == 0 {
		return nil, fmt.Errorf("'%s': the vertex type has no layout", t)
	}
	off := alignUp(4, max(va, 16))
	l.VertexOffset, l.VertexStride = off, alignUp(vs, va)
	off += l.MaxVertices * l.VertexStride
	if l.Primitive != nil {
		ps, pa, _ := sema.Layout(l.Primitive)
		off = alignUp(off, pa)
		l.PrimitiveOffset, l.PrimitiveStride = off, alignUp(max(ps, 1), pa)
		off += l.MaxPrimitives * l.PrimitiveStride
	}
	// Word-aligned, so that set_indices of a uchar4 word is one store.
	l.IndexOffset = alignUp(off, 4)
	off = l.IndexOffset + l.MaxPrimitives*l.IndicesPerPrimitive
	l.Size = alignUp(off, 16)
	return l, nil
}

// MeshStage lowers an [[object]] or [[mesh]] function into a kernel (see
// the comment at the top of this file for its extra bindings). Result
// has the shape of Entry's.
func MeshStage(prog *sema.Program, fn *sema.Function, opts Options) (res *Result, err error) {
	if prog == nil || fn == nil || fn.Func == nil {
		return nil, errors.New("lower: nil program or function")
	}
	defer guard(&err)
	p := newProgram(prog)
	p.opts = opts
	if fn.Kind != sema.FuncObject && fn.Kind != sema.FuncMesh {
		p.errorf(fn.Pos, "MeshStage lowers object and mesh functions, not %s functions", fn.Kind)
	}
	res = &Result{Program: p.out, Entry: fn.HostName}
	f := p.lowerEntryIO(fn, res, nil)
	p.drain()
	res.ThreadgroupMemory = f.ThreadgroupMemory
	res.FunctionIDs = p.functionIDs()
	res.IntersectionFunctionIDs = p.intersectionIDs()
	if err := p.finish(opts); err != nil {
		return nil, err
	}
	return res, nil
}

// meshBinding classifies a mesh-shading argument for lowerEntryIO and
// returns its binding kind and parameter count.
func meshBinding(prm *sema.Param) (BindingKind, int) {
	switch prm.Bind {
	case sema.BindPayload:
		return BindPayload, 2
	case sema.BindMeshGrid:
		return BindMeshGrid, 1
	}
	return BindMesh, 1
}

// meshSlot turns a mesh-shading argument's parameters into the address of
// the calling threadgroup's slot.
func (f *fn) meshSlot(prm *sema.Param, bd Binding, regs []ir.Reg) ir.Reg {
	b := f.b
	u64 := func(id ir.BuiltinID) ir.Reg { return b.Conv(ir.U64, ir.U32, b.Builtin(id)) }
	tg := func() ir.Reg {
		w, h := u64(ir.ThreadgroupsPerGrid), u64(ir.ThreadgroupsPerGrid+1)
		yz := b.Binary(ir.OpAdd, ir.U64, u64(ir.ThreadgroupPositionInGrid+1), b.Binary(ir.OpMul, ir.U64, h, u64(ir.ThreadgroupPositionInGrid+2)))
		return b.Binary(ir.OpAdd, ir.U64, u64(ir.ThreadgroupPositionInGrid), b.Binary(ir.OpMul, ir.U64, w, yz))
	}
	var stride ir.Reg
	switch bd.Kind {
	case BindPayload:
		stride = regs[1]
	case BindMeshGrid:
		stride = b.ConstU64(MeshGridSlotSize)
	default:
		l, err := MeshLayout(prm.Type)
		if err != nil {
			f.errorf(prm.Pos, "mesh argument '%s': %v", prm.Name, err)
		}
		stride = b.ConstU64(uint64(l.Size))
	}
	return b.Binary(ir.OpAdd, ir.U64, regs[0], b.Binary(ir.OpMul, ir.U64, tg(), stride))
}

// meshCall lowers the methods of mesh<> and mesh_grid_properties.
func (f *fn) meshCall(e *syntax.CallExpr, me *syntax.MemberExpr, t *sema.Type) *lvalue {
	name := me.Name.Last().Name
	pos := e.Pos()
	var base ir.Reg
	if me.Arrow {
		p := f.value(me.X)
		base = f.load(&lvalue{t: t, mem: true, addr: p.regs[0], space: spaceOf(f.x(me.X).Type.Space)}).regs[0]
	} else {
		base = f.value(me.X).regs[0]
	}
	arg := func(i int, to *sema.Type) value {
		if i >= len(e.Args) {
			f.errorf(pos, "%s: missing argument %d", name, i+1)
		}
		return f.convert(f.value(e.Args[i]), to, pos)
	}
	want := func(n int) {
		if len(e.Args) != n {
			f.errorf(pos, "%s takes %d arguments, not %d", name, n, len(e.Args))
		}
	}
	b := f.b
	if t.Opaque.Name == "mesh_grid_properties" {
		if name != "set_threadgroups_per_grid" {
			f.errorf(pos, "unsupported mesh_grid_properties method '%s'", name)
		}
		want(1)
		v := arg(0, sema.Vec(sema.UInt, 3))
		for k := range 3 {
			b.Store(ir.Device, ir.U32, f.addOff(base, 4*k), v.regs[k], 4)
		}
		b.Store(ir.Device, ir.U32, f.addOff(base, 12), b.ConstU32(1), 4)
		return nil
	}
	l, err := MeshLayout(t)
	if err != nil {
		f.errorf(pos, "%v", err)
	}
	// check faults the lanes whose idx is not below bound; the fault
	// reports limit.
	checkAt := func(code int, idx ir.Reg, bound, limit int) {
		bad := b.Binary(ir.OpGe, ir.U32, idx, b.ConstU32(uint32(bound)))
		b.If(bad)
		b.Intrinsic(f.p.out.Intrinsic(MeshFaultIntrinsic), b.ConstU32(uint32(code)), idx, b.ConstU32(uint32(limit)))
		b.EndIf()
	}
	check := func(code int, idx ir.Reg, limit int) { checkAt(code, idx, limit, limit) }
	at := func(idx ir.Reg, off, stride int) ir.Reg {
		i := b.Conv(ir.U64, ir.U32, idx)
		return b.Binary(ir.OpAdd, ir.U64, f.addOff(base, off), b.Binary(ir.OpMul, ir.U64, i, b.ConstU64(uint64(stride))))
	}
	maxIdx := l.MaxPrimitives * l.IndicesPerPrimitive
	switch name {
	case "set_vertex":
		want(2)
		i := arg(0, sema.UInt).regs[0]
		v := arg(1, l.Vertex)
		check(MeshFaultVertex, i, l.MaxVertices)
		f.store(&lvalue{t: l.Vertex, mem: true, addr: at(i, l.VertexOffset, l.VertexStride), space: ir.Device}, v)
	case "set_primitive":
		if l.Primitive == nil {
			f.errorf(pos, "set_primitive on a mesh whose primitive type is void")
		}
		want(2)
		i := arg(0, sema.UInt).regs[0]
		v := arg(1, l.Primitive)
		check(MeshFaultPrimitive, i, l.MaxPrimitives)
		f.store(&lvalue{t: l.Primitive, mem: true, addr: at(i, l.PrimitiveOffset, l.PrimitiveStride), space: ir.Device}, v)
	case "set_index":
		want(2)
		i := arg(0, sema.UInt).regs[0]
		v := arg(1, sema.UChar).regs[0]
		check(MeshFaultIndex, i, maxIdx)
		b.Store(ir.Device, ir.U8, at(i, l.IndexOffset, 1), v, 1)
	case "set_indices":
		want(2)
		vt := valueType(f.x(e.Args[1]).Type)
		n := vt.Width()
		if n != 2 && n != 4 {
			f.errorf(pos, "set_indices takes a uchar2 or uchar4, not '%s'", vt)
		}
		i := arg(0, sema.UInt).regs[0]
		w, word := f.indexWord(e.Args[1], n)
		var v value
		if !word {
			v = arg(1, sema.Vec(sema.UChar, n))
		}
		// i must be a multiple of n and i+n-1 below max_indices: fault
		// with the index when either fails.
		misaligned := b.Binary(ir.OpNe, ir.U32, b.Binary(ir.OpAnd, ir.U32, i, b.ConstU32(uint32(n-1))), b.ConstU32(0))
		b.If(misaligned)
		b.Intrinsic(f.p.out.Intrinsic(MeshFaultIntrinsic), b.ConstU32(MeshFaultIndex), i, b.ConstU32(uint32(maxIdx)))
		b.EndIf()
		checkAt(MeshFaultIndex, i, maxIdx-n+1, maxIdx)
		if word {
			// as_type<uchar4>(word): store the word (little-endian: the
			// same bytes in the same order).
			// Address the word as IndexOffset + (i/4)·4, so that
			// consecutive words of consecutive lanes are one affine store.
			b.Store(ir.Device, ir.U32, at(b.Binary(ir.OpShr, ir.U32, i, b.ConstU32(2)), l.IndexOffset, 4), w, 4)
			break
		}
		for k := range n {
			b.Store(ir.Device, ir.U8, at(i, l.IndexOffset+k, 1), v.regs[k], 1)
		}
	case "set_primitive_count":
		want(1)
		c := arg(0, sema.UInt).regs[0]
		checkAt(MeshFaultPrimitiveCount, c, l.MaxPrimitives+1, l.MaxPrimitives)
		b.Store(ir.Device, ir.U32, base, c, 4)
	default:
		f.errorf(pos, "unsupported mesh method '%s'", name)
	}
	return nil
}

// meshBindKindName names the mesh-shading binding kinds.
func meshBindKindName(k BindingKind) string {
	switch k {
	case BindPayload:
		return "payload"
	case BindMeshGrid:
		return "mesh_grid_properties"
	case BindMesh:
		return "mesh"
	case BindAmplificationID:
		return "amplification_id"
	case BindAmplificationCount:
		return "amplification_count"
	}
	return fmt.Sprintf("binding(%d)", uint8(k))
}

// indexWord recognises set_indices' argument as_type<uchar4>(x) with x a
// 32-bit scalar and returns x's register, so that the four indices are
// stored as one word (the bytes of x in memory order, as as_type gives
// them).
func (f *fn) indexWord(arg syntax.Expr, n int) (ir.Reg, bool) {
	for {
		p, ok := arg.(*syntax.ParenExpr)
		if !ok {
			break
		}
		arg = p.X
	}
	c, ok := arg.(*syntax.CallExpr)
	if !ok || n != 4 || len(c.Args) != 1 {
		return 0, false
	}
	if xi := f.x(c); xi == nil || xi.Builtin == nil || xi.Builtin.Name != "as_type" {
		return 0, false
	}
	at := f.x(c.Args[0])
	if at == nil || at.Type == nil {
		return 0, false
	}
	if k, ok := scalarKind(valueType(at.Type).Unqualified()); !ok || k != ir.U32 && k != ir.I32 {
		return 0, false
	}
	return f.value(c.Args[0]).regs[0], true
}
