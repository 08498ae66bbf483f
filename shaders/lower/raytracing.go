package lower

import (
	"math"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Ray tracing (metal::raytracing). An intersector<tags> is one U32
// register holding its configuration as a stdlib RTOptions word (zero is
// Metal's default). intersect() becomes rt.begin, a loop of rt.step and a
// switch over the linked [[intersection]] functions compatible with the
// tags (each called for the lanes waiting on it, its outputs fed to
// rt.decide), the rt.result reads and rt.end; see stdlib/raytracing.go.
// An intersection function is lowered as an IR function taking the
// traversal state, the payload's Thread address and the program-scope
// bindings; it reads its table 5.10 inputs with the rt.candidate
// intrinsics and its [[buffer(i)]] arguments with rt.buffer. A call site
// where no intersection function can run (none linked with its tags, or
// no table operand) is one fused rt.intersect call instead, whose variant
// (stdlib.RTIntersectLayout) returns exactly the fields of the result
// type.

const rayQualName = "metal::raytracing::ray"

// isRayType reports whether t is metal::raytracing::ray.
func isRayType(t *sema.Type) bool {
	return t != nil && t.Kind == sema.KStruct && t.Struct.QualName == rayQualName
}

// isRTConfig reports whether t is an opaque type kept as an RTOptions
// word (intersector, intersection_params).
func isRTConfig(t *sema.Type) bool {
	return t != nil && t.Kind == sema.KOpaque && t.Opaque != nil &&
		(t.Opaque.Name == "intersector" || t.Opaque.Name == "intersection_params")
}

// rayValue builds a ray from the given component values; missing
// trailing arguments take the constructor defaults (0, 0, 0, +Inf).
func (f *fn) rayValue(t *sema.Type, args []value, pos diag.Pos) value {
	f3 := sema.Vec(sema.Float, 3)
	regs := make([]ir.Reg, 0, 8)
	for i := 0; i < 4; i++ {
		want := f3
		if i >= 2 {
			want = sema.Float
		}
		if i < len(args) {
			regs = append(regs, f.convert(args[i], want, pos).regs...)
			continue
		}
		switch i {
		case 0, 1:
			z := f.b.ConstF32(0)
			regs = append(regs, z, z, z)
		case 2:
			regs = append(regs, f.b.ConstF32(0))
		case 3:
			regs = append(regs, f.b.ConstF32(float32(math.Inf(1))))
		}
	}
	return value{t: t, regs: regs}
}

// rtTags returns the base names of the tags of an intersector-like type.
func rtTags(t *sema.Type) (names []string, levels int) {
	for _, a := range t.Opaque.Args {
		if a.Type != nil && a.Type.Kind == sema.KOpaque {
			n := a.Type.Opaque.Name
			names = append(names, n)
			if n == "max_levels" && len(a.Type.Opaque.Args) > 0 && a.Type.Opaque.Args[0].Value != nil {
				levels = int(a.Type.Opaque.Args[0].Value.AsInt())
			}
		}
	}
	return names, levels
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

func (f *fn) rtCall(name string, args ...ir.Reg) []ir.Reg {
	d, ok := stdlib.LookupRayTracingIntrinsic(name)
	if !ok {
		panic("lower: unknown ray-tracing intrinsic " + name)
	}
	return f.b.Intrinsic(f.p.out.Intrinsic(d), args...)
}

// setBits returns (old &^ (m << sh)) | ((v & m) << sh) on U32.
func (f *fn) setBits(old, v ir.Reg, m uint32, sh int) ir.Reg {
	b := f.b
	keep := b.Binary(ir.OpAnd, ir.U32, old, b.ConstU32(^(m << uint(sh))))
	nv := b.Binary(ir.OpShl, ir.U32, b.Binary(ir.OpAnd, ir.U32, v, b.ConstU32(m)), b.ConstU32(uint32(sh)))
	return b.Binary(ir.OpOr, ir.U32, keep, nv)
}

// geomBits maps a geometry_type / geometry_cull_mode enumerator (ingot
// numbers them none 0, triangle 1, bounding_box 2, curve 3, all 4; OR-ed
// values are taken as bits) to accel's bit set. none maps to none.
func (f *fn) geomBits(v ir.Reg) ir.Reg {
	b := f.b
	all := b.Binary(ir.OpEq, ir.U32, v, b.ConstU32(4))
	return b.Select(ir.U32, all, b.ConstU32(7), b.Binary(ir.OpAnd, ir.U32, v, b.ConstU32(3)))
}

// intersectorCall lowers a method of an intersector or
// intersection_params.
func (f *fn) intersectorCall(e *syntax.CallExpr, me *syntax.MemberExpr, bt *sema.Type, xi *sema.ExprInfo) *lvalue {
	name := me.Name.Last().Name
	pos := e.Pos()
	if me.Arrow {
		f.errorf(pos, "intersector methods through pointers are not supported")
	}
	if name == "intersect" && bt.Opaque.Name == "intersector" {
		return f.intersect(e, f.value(me.X).regs[0], bt, xi)
	}
	recv := f.lval(me.X)
	u32arg := func() ir.Reg {
		if len(e.Args) < 1 {
			f.errorf(pos, "%s needs an argument", name)
		}
		return f.convert(f.value(e.Args[0]), sema.UInt, pos).regs[0]
	}
	old := f.load(recv).regs[0]
	var nw ir.Reg
	b := f.b
	switch name {
	case "set_triangle_front_facing_winding":
		nw = f.setBits(old, u32arg(), 1, 0)
	case "set_triangle_cull_mode":
		nw = f.setBits(old, u32arg(), 3, stdlib.RTOptCullShift)
	case "set_geometry_cull_mode":
		nw = f.setBits(old, f.geomBits(u32arg()), 7, stdlib.RTOptGeomCullShift)
	case "set_opacity_cull_mode":
		nw = f.setBits(old, u32arg(), 3, stdlib.RTOptOpacityShift)
	case "force_opacity", "set_force_opacity":
		nw = f.setBits(old, u32arg(), 3, stdlib.RTOptForceShift)
	case "assume_geometry_type":
		g := f.geomBits(u32arg())
		// none (0) would read as the default: use the curve bit, which
		// never hits.
		g = b.Select(ir.U32, b.Binary(ir.OpEq, ir.U32, g, b.ConstU32(0)), b.ConstU32(4), g)
		nw = f.setBits(old, g, 7, stdlib.RTOptAssumeShift)
	case "accept_any_intersection":
		nw = f.setBits(old, u32arg(), 1, 13)
	case "assume_identity_transforms":
		nw = f.setBits(old, u32arg(), 1, 14)
	case "set_base_id", "set_geometry_multiplier", "assume_curve_basis", "assume_curve_type",
		"assume_curve_control_point_count", "set_max_levels":
		for _, a := range e.Args {
			f.value(a)
		}
		return nil
	default:
		f.errorf(pos, "unsupported %s method '%s'", bt.Opaque.Name, name)
	}
	f.store(recv, value{t: bt, regs: []ir.Reg{nw}})
	return nil
}

func isOpaqueNamed(t *sema.Type, names ...string) bool {
	if t == nil || t.Kind != sema.KOpaque || t.Opaque == nil {
		return false
	}
	for _, n := range names {
		if t.Opaque.Name == n {
			return true
		}
	}
	return false
}

// intersect lowers intersector<tags>::intersect(ray, as, [mask,] [time,]
// [table [, payload]]).
func (f *fn) intersect(e *syntax.CallExpr, cfg ir.Reg, it *sema.Type, xi *sema.ExprInfo) *lvalue {
	pos := e.Pos()
	args := e.Args
	if len(args) < 2 {
		f.errorf(pos, "intersect needs a ray and an acceleration structure")
	}
	tags, levels := rtTags(it)
	rv := f.value(args[0])
	if !isRayType(valueType(rv.t)) {
		f.errorf(args[0].Pos(), "intersect: first argument must be a ray, not '%s'", rv.t)
	}
	as := f.value(args[1])
	if len(as.regs) != 1 {
		f.errorf(args[1].Pos(), "intersect: second argument must be an acceleration structure")
	}
	b := f.b
	mask, tm, table := b.ConstU32(^uint32(0)), b.ConstF32(0), b.ConstU64(0)
	isTable := func(x syntax.Expr) bool {
		return isOpaqueNamed(f.x(x).Type, "intersection_function_table", "intersection_function_buffer_arguments")
	}
	i := 2
	if hasTag(tags, "instancing") && i < len(args) && !isTable(args[i]) {
		mask = f.convert(f.value(args[i]), sema.UInt, pos).regs[0]
		i++
	}
	if (hasTag(tags, "primitive_motion") || hasTag(tags, "instance_motion")) && i < len(args) && !isTable(args[i]) {
		tm = f.convert(f.value(args[i]), sema.Float, pos).regs[0]
		i++
	}
	hasTable := false
	if i < len(args) && isTable(args[i]) {
		table = f.value(args[i]).regs[0]
		hasTable = true
		i++
	}
	var payload *lvalue
	if i < len(args) {
		if !f.x(args[i]).LValue {
			f.errorf(args[i].Pos(), "intersect: the payload must be an object (thread T&)")
		}
		payload = f.lval(args[i])
		i++
	}
	if i < len(args) {
		f.errorf(args[i].Pos(), "intersect: unsupported argument (callbacks and intersection function buffers are not supported)")
	}
	opts := cfg
	var extra uint32
	if hasTag(tags, "world_space_data") {
		extra |= stdlib.RTOptWorldSpace
	}
	if levels > 0 {
		extra |= uint32(levels) << stdlib.RTOptLevelsShift
	}
	if extra != 0 {
		opts = b.Binary(ir.OpOr, ir.U32, opts, b.ConstU32(extra))
	}
	beginArgs := append(append([]ir.Reg{as.regs[0]}, rv.regs...), tm, mask, opts, table)
	fns := f.p.linkedIntersections(tags, pos)
	rt := xi.Type
	if lay, ok := fusedLayout(rt); ok && (len(fns) == 0 || !hasTable) {
		// No intersection function can run here (none linked with these
		// tags, or no table to select one): one rt.intersect does it all.
		// The linked functions are still declared, as the general path
		// would, so the program and its diagnostics stay the same.
		for _, lf := range fns {
			f.p.intersectionFunction(lf.fn, pos)
		}
		d := lay.Decl()
		res := f.b.Intrinsic(f.p.out.Intrinsic(d), beginArgs...)
		v := f.resultValue(rt, fusedReads(lay, res), pos)
		return &lvalue{t: rt, alts: []alt{{regs: v.regs}}, readOnly: true}
	}
	st := f.rtCall(stdlib.RTBegin, beginArgs...)[0]
	pl := b.ConstU64(0)
	var back func()
	if payload != nil {
		pl, back = f.addressOf(payload, ir.Thread, true)
	}
	b.Loop()
	fid := f.rtCall(stdlib.RTStep, st)[0]
	b.If(b.Binary(ir.OpEq, ir.U32, fid, b.ConstU32(0)))
	b.Break()
	b.EndIf()
	if len(fns) > 0 {
		b.Switch(fid)
		for _, lf := range fns {
			b.Case(int64(lf.id))
			callee := f.p.intersectionFunction(lf.fn, pos)
			res := b.Call(callee, append([]ir.Reg{st, pl}, f.gregs...)...)
			acc, cont, dist := f.intersectionOutputs(lf.fn, res)
			f.rtCall(stdlib.RTDecide, st, acc, cont, dist)
			b.Break()
		}
		b.EndSwitch()
	}
	b.EndLoop()
	if back != nil {
		back()
	}
	v := f.resultValue(rt, f.stateReads(st), pos)
	f.rtCall(stdlib.RTEnd, st)
	return &lvalue{t: rt, alts: []alt{{regs: v.regs}}, readOnly: true}
}

// intersectionOutputs picks accept, continue and distance from the
// flattened result of an intersection function (table 5.11).
func (f *fn) intersectionOutputs(sfn *sema.Function, res []ir.Reg) (acc, cont, dist ir.Reg) {
	b := f.b
	acc, cont, dist = b.ConstBool(false), b.ConstBool(true), b.ConstF32(0)
	rt := sfn.Result
	if rt == nil || rt.Kind == sema.KVoid {
		return
	}
	if rt.Kind != sema.KStruct {
		acc = res[0]
		return
	}
	fs, _ := fieldsOf(rt)
	n := 0
	for _, fld := range fs {
		c := ncomps(fld.Type)
		for _, a := range fld.Attrs {
			switch a.Name {
			case "accept_intersection":
				acc = res[n]
			case "continue_search":
				cont = res[n]
			case "distance":
				dist = res[n]
			}
		}
		n += c
	}
	return
}

// resultReads gives resultValue the committed-hit values: base (type,
// distance, primitive_id, geometry_id), tri (barycentric u, v,
// front_facing), instance(k) (instance_id, user_instance_id at level k,
// instance_count) and xf (world_to_object, object_to_world).
type resultReads struct {
	base, tri, xf func() []ir.Reg
	instance      func(k int) []ir.Reg
}

// stateReads reads the committed hit of traversal state st with the
// rt.result intrinsics, each once, as resultValue first asks for it.
func (f *fn) stateReads(st ir.Reg) resultReads {
	var tri, xf []ir.Reg
	inst := map[int][]ir.Reg{}
	return resultReads{
		base: func() []ir.Reg { return f.rtCall(stdlib.RTResult, st) },
		tri: func() []ir.Reg {
			if tri == nil {
				tri = f.rtCall(stdlib.RTResultTriangle, st)
			}
			return tri
		},
		xf: func() []ir.Reg {
			if xf == nil {
				xf = f.rtCall(stdlib.RTResultTransforms, st)
			}
			return xf
		},
		instance: func(k int) []ir.Reg {
			if inst[k] == nil {
				inst[k] = f.rtCall(stdlib.RTResultInstance, st, f.b.ConstU32(uint32(k)))
			}
			return inst[k]
		},
	}
}

// fusedLayout returns the rt.intersect variant that has every field
// resultValue reads for result type rt, or false when there is none.
func fusedLayout(rt *sema.Type) (stdlib.RTIntersectLayout, bool) {
	var lay stdlib.RTIntersectLayout
	if rt == nil || rt.Kind != sema.KStruct {
		return lay, false
	}
	fs, _ := fieldsOf(rt)
	for _, fld := range fs {
		switch fld.Name {
		case "instance_count":
			lay.Instances = max(lay.Instances, 1)
		case "instance_id", "user_instance_id":
			n := 1
			if fld.Type.Kind == sema.KArray {
				n = fld.Type.N
			}
			lay.Instances = max(lay.Instances, n)
		case "triangle_barycentric_coord", "triangle_front_facing":
			lay.Triangle = true
		case "world_to_object_transform", "object_to_world_transform":
			lay.Transforms = true
		}
	}
	return lay, lay.Instances <= stdlib.RTMaxInstanceLevels
}

// fusedReads splits the results of rt.intersect variant lay.
func fusedReads(lay stdlib.RTIntersectLayout, res []ir.Reg) resultReads {
	kt, ki := 4, 4
	if lay.Triangle {
		ki += 3
	}
	kx := ki
	if lay.Instances > 0 {
		kx += 1 + 2*lay.Instances
	}
	return resultReads{
		base: func() []ir.Reg { return res[:4] },
		tri:  func() []ir.Reg { return res[kt : kt+3] },
		xf:   func() []ir.Reg { return res[kx : kx+24] },
		instance: func(k int) []ir.Reg {
			return []ir.Reg{res[ki+1+2*k], res[ki+2+2*k], res[ki]}
		},
	}
}

// resultValue assembles the intersection_result fields after traversal.
func (f *fn) resultValue(rt *sema.Type, rd resultReads, pos diag.Pos) value {
	if rt == nil || rt.Kind != sema.KStruct {
		f.errorf(pos, "intersect: unexpected result type '%s'", rt)
	}
	b := f.b
	base := rd.base()
	instance := rd.instance
	fs, _ := fieldsOf(rt)
	var regs []ir.Reg
	for _, fld := range fs {
		var v []ir.Reg
		switch fld.Name {
		case "type":
			v = []ir.Reg{base[0]}
		case "distance":
			v = []ir.Reg{base[1]}
		case "primitive_id":
			v = []ir.Reg{base[2]}
		case "geometry_id":
			v = []ir.Reg{base[3]}
		case "instance_count":
			v = []ir.Reg{instance(0)[2]}
		case "instance_id", "user_instance_id":
			j := 0
			if fld.Name == "user_instance_id" {
				j = 1
			}
			if fld.Type.Kind == sema.KArray {
				for k := 0; k < fld.Type.N; k++ {
					v = append(v, instance(k)[j])
				}
			} else {
				v = []ir.Reg{instance(0)[j]}
			}
		case "triangle_barycentric_coord", "triangle_front_facing":
			tri := rd.tri()
			if fld.Name == "triangle_front_facing" {
				v = []ir.Reg{tri[2]}
			} else {
				v = tri[:2]
			}
		case "world_to_object_transform", "object_to_world_transform":
			xf := rd.xf()
			if fld.Name == "world_to_object_transform" {
				v = xf[:12]
			} else {
				v = xf[12:]
			}
		}
		cs, ok := flatten(fld.Type)
		if !ok {
			f.errorf(pos, "intersect: result field '%s' has no value form", fld.Name)
		}
		if v == nil {
			// primitive_data, curve_parameter: not available.
			for _, c := range cs {
				v = append(v, b.Const(c.kind, 0))
			}
		}
		for i, c := range cs {
			r := v[i]
			if k := f.b.Fn.Regs[r].Kind; k != c.kind {
				r = f.convScalar(r, k, c.kind)
			}
			regs = append(regs, r)
		}
	}
	return value{t: rt, regs: regs}
}

// linkedFunc is an intersection function linked into the program.
type linkedFunc struct {
	fn *sema.Function
	id uint32
}

// linked returns the program's linked [[intersection]] functions (all of
// them unless Options.IntersectionFunctions names a subset), numbered
// from 1 in declaration order.
func (p *program) linked() []linkedFunc {
	if p.isectLinked != nil {
		return p.isectLinked
	}
	p.isectLinked = []linkedFunc{}
	var want map[string]bool
	if p.opts.IntersectionFunctions != nil {
		want = map[string]bool{}
		for _, n := range p.opts.IntersectionFunctions {
			want[n] = true
		}
	}
	id := uint32(0)
	for _, fn := range p.sp.Functions {
		if fn.Kind != sema.FuncIntersection || fn.Func == nil || fn.Func.Decl == nil || fn.Func.Decl.Body == nil {
			continue
		}
		id++
		if want != nil && !want[fn.HostName] {
			continue
		}
		p.isectLinked = append(p.isectLinked, linkedFunc{fn: fn, id: id})
	}
	return p.isectLinked
}

// linkedIntersections returns the linked functions whose tags equal tags.
func (p *program) linkedIntersections(tags []string, pos diag.Pos) []linkedFunc {
	var out []linkedFunc
	for _, lf := range p.linked() {
		it := lf.fn.Intersection
		if it == nil || it.Primitive == "curve" || len(it.Tags) != len(tags) {
			continue
		}
		same := true
		for i, t := range it.Tags {
			if t != tags[i] {
				same = false
			}
		}
		if same {
			out = append(out, lf)
		}
	}
	return out
}

// intersectionIDs maps the host names of the linked intersection
// functions to their ids.
func (p *program) intersectionIDs() map[string]uint64 {
	var m map[string]uint64
	for _, lf := range p.linked() {
		if m == nil {
			m = map[string]uint64{}
		}
		m[lf.fn.HostName] = uint64(lf.id)
	}
	return m
}

// intersectionFunction returns the IR function of intersection function
// sfn, declaring it and queueing its body on first use. Its parameters
// are the traversal state, the payload address and the program-scope
// bindings; its results are the flattened MSL result.
func (p *program) intersectionFunction(sfn *sema.Function, pos diag.Pos) *ir.Function {
	if f := p.isectFuncs[sfn]; f != nil {
		return f
	}
	params := []ir.Kind{ir.U64, ir.U64}
	for range p.numGlobalParams() {
		params = append(params, ir.U64)
	}
	res := p.resultKinds(sfn.Result, sfn.Pos)
	b := ir.NewFunction(p.out, p.irName(sfn.Func), params, res)
	b.Fn.Pos = sfn.Pos
	if p.isectFuncs == nil {
		p.isectFuncs = map[*sema.Function]*ir.Function{}
	}
	p.isectFuncs[sfn] = b.Fn
	p.pending = append(p.pending, pendingFunc{sf: sfn.Func, fn: b.Fn, isect: sfn})
	p.builders = append(p.builders, b)
	return b.Fn
}

// lowerIntersectionBody lowers the body of intersection function sfn.
func (p *program) lowerIntersectionBody(sfn *sema.Function, irf *ir.Function) {
	sf := sfn.Func
	b := p.builderOf(irf)
	f := p.newFn(b, sf, sf.Info)
	b.Pos = sf.Pos()
	f.result = sf.Result
	if f.result != nil && f.result.Kind == sema.KVoid {
		f.result = nil
	}
	f.scan(sf.Decl.Body)
	st, pl := b.Param(0), b.Param(1)
	if n := p.numGlobalParams(); n > 0 {
		g := make([]ir.Reg, n)
		for k := range g {
			g[k] = b.Param(2 + k)
		}
		f.bindGlobals(g)
	}
	cache := map[string][]ir.Reg{}
	read := func(name string) []ir.Reg {
		if cache[name] == nil {
			cache[name] = f.rtCall(name, st)
		}
		return cache[name]
	}
	for i, v := range sf.Params {
		if i >= len(sfn.Params) {
			break
		}
		prm := sfn.Params[i]
		pos := prm.Pos
		switch prm.Bind {
		case sema.BindPayload:
			f.locals[v] = &lvalue{t: v.Type.Elem, mem: true, addr: pl, space: ir.Thread}
			continue
		case sema.BindBuffer:
			t := v.Type
			if t.Kind != sema.KPointer && t.Kind != sema.KReference {
				p.errorf(pos, "intersection function argument '%s': only device/constant pointers and references can be bound", v.Name)
			}
			addr := f.rtCall(stdlib.RTBuffer, st, b.ConstU32(uint32(max(prm.Index, 0))))[0]
			if t.Kind == sema.KReference {
				f.locals[v] = &lvalue{t: t.Elem, mem: true, addr: addr, space: spaceOf(t.Space)}
				continue
			}
			f.declare(v, t, &value{t: t, regs: []ir.Reg{addr}}, pos)
			continue
		case sema.BindBuiltin:
		default:
			p.errorf(pos, "intersection function argument '%s' bound as %s is not supported", v.Name, prm.Bind)
		}
		f3 := sema.Vec(sema.Float, 3)
		var nat *sema.Type
		var regs []ir.Reg
		switch prm.Builtin {
		case "origin":
			nat, regs = f3, read(stdlib.RTCandRay)[0:3]
		case "direction":
			nat, regs = f3, read(stdlib.RTCandRay)[3:6]
		case "min_distance":
			nat, regs = sema.Float, read(stdlib.RTCandRay)[6:7]
		case "max_distance":
			nat, regs = sema.Float, read(stdlib.RTCandRay)[7:8]
		case "world_space_origin":
			nat, regs = f3, read(stdlib.RTCandWorldRay)[0:3]
		case "world_space_direction":
			nat, regs = f3, read(stdlib.RTCandWorldRay)[3:6]
		case "primitive_id":
			nat, regs = sema.UInt, read(stdlib.RTCandIDs)[0:1]
		case "geometry_id":
			nat, regs = sema.UInt, read(stdlib.RTCandIDs)[1:2]
		case "instance_id", "user_instance_id":
			j := 2
			if prm.Builtin == "user_instance_id" {
				j = 3
			}
			if v.Type.Kind == sema.KArray {
				p.errorf(pos, "[[%s]] with max_levels is not supported", prm.Builtin)
			}
			nat, regs = sema.UInt, read(stdlib.RTCandIDs)[j:j+1]
		case "instance_intersection_function_table_offset":
			nat, regs = sema.UInt, read(stdlib.RTCandIDs)[4:5]
		case "geometry_intersection_function_table_offset":
			nat, regs = sema.UInt, read(stdlib.RTCandIDs)[5:6]
		case "distance":
			nat, regs = sema.Float, read(stdlib.RTCandTriangle)[0:1]
		case "barycentric_coord":
			nat, regs = sema.Vec(sema.Float, 2), read(stdlib.RTCandTriangle)[1:3]
		case "front_facing":
			nat, regs = sema.Bool, read(stdlib.RTCandTriangle)[3:4]
		case "opaque":
			nat, regs = sema.Bool, read(stdlib.RTCandOpaque)
		case "time":
			nat, regs = sema.Float, read(stdlib.RTCandMotion)[0:1]
		case "motion_start_time":
			nat, regs = sema.Float, read(stdlib.RTCandMotion)[1:2]
		case "motion_end_time":
			nat, regs = sema.Float, read(stdlib.RTCandMotion)[2:3]
		case "key_frame_count":
			nat, regs = sema.UInt, read(stdlib.RTCandMotion)[3:4]
		case "object_to_world_transform":
			nat, regs = sema.Mat(sema.Float, 4, 3), read(stdlib.RTCandTransforms)[0:12]
		case "world_to_object_transform":
			nat, regs = sema.Mat(sema.Float, 4, 3), read(stdlib.RTCandTransforms)[12:24]
		default:
			p.errorf(pos, "intersection input [[%s]] is not supported", prm.Builtin)
		}
		val := f.convert(value{t: nat, regs: regs}, valueType(v.Type), pos)
		if v.Type.Kind == sema.KReference {
			lv := f.alloca(v.Type.Elem)
			f.store(lv, val)
			f.locals[v] = lv
			continue
		}
		f.declare(v, v.Type, &val, pos)
	}
	f.prologue(sf.Decl.Body)
	f.block(sf.Decl.Body)
	f.finishReturn()
	if err := b.Finish(); err != nil {
		p.errorf(sf.Pos(), "%v", err)
	}
}
