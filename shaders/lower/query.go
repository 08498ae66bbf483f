package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// intersection_query<tags>: a U64 variable holding the traversal handle
// (0 when none). Construction and reset() end the previous traversal and
// rt.begin a new one in query mode (stdlib.RTOptQuery); next() is rt.step;
// commit_* are rt.decide; abort() is rt.abort; the getters read the
// candidate (rt.candidate.*) or the committed hit (rt.result.*). Every
// return of the declaring function rt.ends its live queries.

// isRTQuery reports whether t is an intersection_query.
func isRTQuery(t *sema.Type) bool { return isOpaqueNamed(t, "intersection_query") }

// queryDecl lowers the declaration of query variable v.
func (f *fn) queryDecl(v *sema.Var, vd *syntax.VarDecl) *lvalue {
	k := ir.U64
	var lv *lvalue
	if f.mem[v] {
		lv = &lvalue{t: v.Type, mem: true, addr: f.b.Alloca(8, 8), space: ir.Thread}
		f.store(lv, value{t: v.Type, regs: []ir.Reg{f.b.ConstU64(0)}})
	} else {
		lv = &lvalue{t: v.Type, alts: []alt{{regs: []ir.Reg{f.b.Var(k, v.Name)}}}}
	}
	f.locals[v] = lv
	f.queries = append(f.queries, lv)
	if vd.Init == nil {
		return lv
	}
	il, ok := vd.Init.(*syntax.InitListExpr)
	if !ok {
		f.errorf(vd.Pos(), "intersection_query must be constructed with (ray, acceleration structure, ...)")
	}
	f.queryStart(lv, v.Type, il.Elems, vd.Pos())
	return lv
}

// endQuery ends lv's traversal if one is live.
func (f *fn) endQuery(lv *lvalue) {
	b := f.b
	h := f.load(lv).regs[0]
	b.If(b.Binary(ir.OpNe, ir.U64, h, b.ConstU64(0)))
	f.rtCall(stdlib.RTEnd, h)
	f.store(lv, value{t: lv.t, regs: []ir.Reg{b.ConstU64(0)}})
	b.EndIf()
}

// endQueries ends every live query of the function (before a return).
func (f *fn) endQueries() {
	for _, lv := range f.queries {
		f.endQuery(lv)
	}
}

// queryStart (re)starts query lv with (ray, as [, mask] [, params]).
func (f *fn) queryStart(lv *lvalue, qt *sema.Type, args []syntax.Expr, pos diag.Pos) {
	if len(args) < 2 {
		f.errorf(pos, "intersection_query needs a ray and an acceleration structure")
	}
	b := f.b
	rv := f.value(args[0])
	if !isRayType(valueType(rv.t)) {
		f.errorf(args[0].Pos(), "intersection_query: first argument must be a ray")
	}
	as := f.value(args[1]).regs[0]
	mask, opts := b.ConstU32(^uint32(0)), b.ConstU32(0)
	for _, a := range args[2:] {
		t := f.x(a).Type
		if isRTConfig(t) {
			opts = f.value(a).regs[0]
			continue
		}
		mask = f.convert(f.value(a), sema.UInt, pos).regs[0]
	}
	tags, levels := rtTags(qt)
	_ = tags
	extra := uint32(stdlib.RTOptQuery | stdlib.RTOptWorldSpace)
	if levels > 0 {
		extra |= uint32(levels) << stdlib.RTOptLevelsShift
	}
	opts = b.Binary(ir.OpOr, ir.U32, opts, b.ConstU32(extra))
	f.endQuery(lv)
	st := f.rtCall(stdlib.RTBegin, append(append([]ir.Reg{as}, rv.regs...), b.ConstF32(0), mask, opts, b.ConstU64(0))...)[0]
	f.store(lv, value{t: lv.t, regs: []ir.Reg{st}})
}

// queryCall lowers a method of an intersection_query.
func (f *fn) queryCall(e *syntax.CallExpr, me *syntax.MemberExpr, qt *sema.Type, xi *sema.ExprInfo) *lvalue {
	name := me.Name.Last().Name
	pos := e.Pos()
	if me.Arrow {
		f.errorf(pos, "intersection_query methods through pointers are not supported")
	}
	lv := f.lval(me.X)
	if name == "reset" {
		f.queryStart(lv, qt, e.Args, pos)
		return nil
	}
	b := f.b
	st := f.load(lv).regs[0]
	ret := func(t *sema.Type, regs ...ir.Reg) *lvalue {
		v := value{t: t, regs: regs}
		if xi.Type != nil && xi.Type.Kind != sema.KUnknown && xi.Type != t {
			v = f.convert(v, xi.Type, pos)
		}
		return &lvalue{t: v.t, alts: []alt{{regs: v.regs}}, readOnly: true}
	}
	f2, f3, m43 := sema.Vec(sema.Float, 2), sema.Vec(sema.Float, 3), sema.Mat(sema.Float, 4, 3)
	itype := xi.Type
	switch name {
	case "next":
		fid := f.rtCall(stdlib.RTStep, st)[0]
		return ret(sema.Bool, b.Binary(ir.OpNe, ir.U32, fid, b.ConstU32(0)))
	case "commit_triangle_intersection":
		f.rtCall(stdlib.RTDecide, st, b.ConstBool(true), b.ConstBool(true), b.ConstF32(0))
		return nil
	case "commit_bounding_box_intersection":
		if len(e.Args) != 1 {
			f.errorf(pos, "commit_bounding_box_intersection takes a distance")
		}
		d := f.convert(f.value(e.Args[0]), sema.Float, pos).regs[0]
		f.rtCall(stdlib.RTDecide, st, b.ConstBool(true), b.ConstBool(true), d)
		return nil
	case "abort":
		f.rtCall(stdlib.RTAbort, st)
		return nil
	case "get_candidate_intersection_type":
		return ret(itype, f.rtCall(stdlib.RTCandType, st)[0])
	case "get_committed_intersection_type":
		return ret(itype, f.rtCall(stdlib.RTResult, st)[0])
	case "get_candidate_triangle_distance":
		return ret(sema.Float, f.rtCall(stdlib.RTCandTriangle, st)[0])
	case "get_committed_distance":
		return ret(sema.Float, f.rtCall(stdlib.RTResult, st)[1])
	case "get_candidate_primitive_id", "get_candidate_geometry_id", "get_candidate_instance_id", "get_candidate_user_instance_id":
		j := map[string]int{"get_candidate_primitive_id": 0, "get_candidate_geometry_id": 1, "get_candidate_instance_id": 2, "get_candidate_user_instance_id": 3}[name]
		return ret(sema.UInt, f.rtCall(stdlib.RTCandIDs, st)[j])
	case "get_committed_primitive_id", "get_committed_geometry_id":
		j := 2
		if name == "get_committed_geometry_id" {
			j = 3
		}
		return ret(sema.UInt, f.rtCall(stdlib.RTResult, st)[j])
	case "get_committed_instance_id", "get_committed_user_instance_id":
		j := 0
		if name == "get_committed_user_instance_id" {
			j = 1
		}
		return ret(sema.UInt, f.rtCall(stdlib.RTResultInstance, st, b.ConstU32(0))[j])
	case "get_candidate_triangle_barycentric_coord":
		return ret(f2, f.rtCall(stdlib.RTCandTriangle, st)[1:3]...)
	case "is_candidate_triangle_front_facing":
		return ret(sema.Bool, f.rtCall(stdlib.RTCandTriangle, st)[3])
	case "get_committed_triangle_barycentric_coord":
		return ret(f2, f.rtCall(stdlib.RTResultTriangle, st)[0:2]...)
	case "is_committed_triangle_front_facing":
		return ret(sema.Bool, f.rtCall(stdlib.RTResultTriangle, st)[2])
	case "is_candidate_non_opaque_bounding_box":
		return ret(sema.Bool, b.Unary(ir.OpNot, ir.Bool, f.rtCall(stdlib.RTCandOpaque, st)[0]))
	case "get_candidate_object_to_world_transform":
		return ret(m43, f.rtCall(stdlib.RTCandTransforms, st)[0:12]...)
	case "get_candidate_world_to_object_transform":
		return ret(m43, f.rtCall(stdlib.RTCandTransforms, st)[12:24]...)
	case "get_committed_world_to_object_transform":
		return ret(m43, f.rtCall(stdlib.RTResultTransforms, st)[0:12]...)
	case "get_committed_object_to_world_transform":
		return ret(m43, f.rtCall(stdlib.RTResultTransforms, st)[12:24]...)
	case "get_candidate_ray_origin":
		return ret(f3, f.rtCall(stdlib.RTCandRay, st)[0:3]...)
	case "get_candidate_ray_direction":
		return ret(f3, f.rtCall(stdlib.RTCandRay, st)[3:6]...)
	case "get_world_space_ray_origin":
		return ret(f3, f.rtCall(stdlib.RTRay, st)[0:3]...)
	case "get_world_space_ray_direction":
		return ret(f3, f.rtCall(stdlib.RTRay, st)[3:6]...)
	case "get_ray_min_distance":
		return ret(sema.Float, f.rtCall(stdlib.RTRay, st)[6])
	}
	f.errorf(pos, "unsupported intersection_query method '%s'", name)
	return nil
}
