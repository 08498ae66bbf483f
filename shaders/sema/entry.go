package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// builtinRule describes the types a built-in input attribute accepts.
type builtinRule struct {
	class string // "pos" (ushort/uint scalar or 2/3-vector), "idx" (ushort/uint), or a fixed type list
	types []*Type
}

var (
	ruleU   = &builtinRule{class: "idx"}
	rulePos = &builtinRule{class: "pos"}
)

func ruleOf(ts ...*Type) *builtinRule { return &builtinRule{types: ts} }

// kernelBuiltins are the kernel input attributes of Table 5.8 (shared by
// object and mesh functions, Tables 5.12/5.13).
var kernelBuiltins = map[string]*builtinRule{
	"thread_position_in_grid": rulePos, "threads_per_grid": rulePos, "thread_position_in_threadgroup": rulePos,
	"threads_per_threadgroup": rulePos, "threadgroup_position_in_grid": rulePos, "threadgroups_per_grid": rulePos,
	"dispatch_threads_per_threadgroup": rulePos, "grid_origin": rulePos, "grid_size": rulePos,
	"thread_index_in_threadgroup": ruleU, "thread_index_in_simdgroup": ruleU, "threads_per_simdgroup": ruleU,
	"thread_execution_width": ruleU, "simdgroup_index_in_threadgroup": ruleU, "simdgroups_per_threadgroup": ruleU,
	"dispatch_simdgroups_per_threadgroup": ruleU, "quadgroup_index_in_threadgroup": ruleU,
	"quadgroups_per_threadgroup": ruleU, "dispatch_quadgroups_per_threadgroup": ruleU, "thread_index_in_quadgroup": ruleU,
	"render_target_array_index": ruleOf(UChar, UShort, UInt),
}

var vertexBuiltins = map[string]*builtinRule{
	"vertex_id": ruleU, "base_vertex": ruleU, "instance_id": ruleU, "base_instance": ruleU,
	"amplification_id": ruleU, "amplification_count": ruleU, "patch_id": ruleU,
	"position_in_patch":         ruleOf(Vec(Float, 2), Vec(Float, 3)),
	"thread_index_in_simdgroup": ruleU, "threads_per_simdgroup": ruleU,
}

// vertexOutputs are the typed built-in outputs of Table 5.4.
var vertexOutputs = map[string]*builtinRule{
	"point_size": ruleOf(Float), "clip_distance": ruleOf(Float),
	"render_target_array_index": ruleOf(UChar, UShort, UInt), "viewport_array_index": ruleOf(UShort, UInt),
}

var fragmentBuiltins = map[string]*builtinRule{
	"position": ruleOf(Vec(Float, 4)), "front_facing": ruleOf(Bool), "point_coord": ruleOf(Vec(Float, 2)),
	"sample_id": ruleOf(UInt), "sample_mask": ruleOf(UInt), "primitive_id": ruleOf(UInt),
	"barycentric_coord":         ruleOf(Float, Vec(Float, 2), Vec(Float, 3)),
	"render_target_array_index": ruleOf(UChar, UShort, UInt), "viewport_array_index": ruleOf(UShort, UInt),
	"amplification_id": ruleU, "amplification_count": ruleU, "pixel_position_in_tile": ruleOf(Vec(UShort, 2), Vec(UInt, 2)),
	"pixels_per_tile": ruleOf(Vec(UShort, 2), Vec(UInt, 2)), "tile_index": ruleU,
	"thread_index_in_quadgroup": ruleU, "thread_index_in_simdgroup": ruleU, "threads_per_simdgroup": ruleU,
	"simdgroup_index_in_threadgroup": ruleU, "simdgroups_per_threadgroup": ruleU, "quadgroup_index_in_threadgroup": ruleU,
	"quadgroups_per_threadgroup": ruleU,
}

// intersectionInput is one row of Table 5.10.
type intersectionInput struct {
	rule *builtinRule
	prim string   // required primitive type ("" = any)
	tags []string // required tags (all)
	anyT []string // at least one of these tags
}

var intersectionInputs = map[string]intersectionInput{
	"origin": {rule: ruleOf(Vec(Float, 3))}, "direction": {rule: ruleOf(Vec(Float, 3))},
	"min_distance": {rule: ruleOf(Float)}, "max_distance": {rule: ruleOf(Float)},
	"geometry_id": {rule: ruleU}, "primitive_id": {rule: ruleU},
	"instance_id":           {rule: ruleU, tags: []string{"instancing"}},
	"user_instance_id":      {rule: ruleU, tags: []string{"instancing"}},
	"world_space_origin":    {rule: ruleOf(Vec(Float, 3)), tags: []string{"world_space_data"}},
	"world_space_direction": {rule: ruleOf(Vec(Float, 3)), tags: []string{"world_space_data"}},
	"barycentric_coord":     {rule: ruleOf(Vec(Float, 2)), prim: "triangle", tags: []string{"triangle_data"}},
	"front_facing":          {rule: ruleOf(Bool), prim: "triangle", tags: []string{"triangle_data"}},
	"distance":              {rule: ruleOf(Float), prim: "triangle"},
	"opaque":                {rule: ruleOf(Bool), prim: "bounding_box"},
	"instance_intersection_function_table_offset": {rule: ruleU},
	"geometry_intersection_function_table_offset": {rule: ruleU},
	"motion_start_time":                           {rule: ruleOf(Float), tags: []string{"primitive_motion"}},
	"motion_end_time":                             {rule: ruleOf(Float), tags: []string{"primitive_motion"}},
	"key_frame_count":                             {rule: ruleU, tags: []string{"primitive_motion"}},
	"time":                                        {rule: ruleOf(Float), anyT: []string{"primitive_motion", "instance_motion"}},
	"object_to_world_transform":                   {rule: ruleOf(Mat(Float, 4, 3)), tags: []string{"instancing", "world_space_data"}},
	"world_to_object_transform":                   {rule: ruleOf(Mat(Float, 4, 3)), tags: []string{"instancing", "world_space_data"}},
	"curve_parameter":                             {rule: ruleOf(Float), tags: []string{"curve_data"}},
	"function_id":                                 {rule: ruleU, tags: []string{"intersection_function_buffer"}},
	"primitive_data":                              {},
	"user_data_buffer":                            {tags: []string{"intersection_function_buffer", "user_data"}},
}

var validIntersectionTags = map[string]bool{"instancing": true, "triangle_data": true, "world_space_data": true,
	"primitive_motion": true, "instance_motion": true, "extended_limits": true, "curve_data": true,
	"max_levels": true, "intersection_function_buffer": true, "user_data": true}

// resourceAttrs are the binding attributes.
var resourceAttrs = map[string]BindKind{"buffer": BindBuffer, "texture": BindTexture, "sampler": BindSampler, "threadgroup": BindThreadgroup}

var slotLimit = map[BindKind]int{BindBuffer: 31, BindTexture: 128, BindSampler: 16, BindThreadgroup: 31}

func (c *checker) builtinTable(k FuncKind) map[string]*builtinRule {
	switch k {
	case FuncKernel, FuncObject, FuncMesh:
		return kernelBuiltins
	case FuncVertex:
		return vertexBuiltins
	case FuncFragment:
		return fragmentBuiltins
	}
	return nil
}

// checkEntryInstance registers an explicit instantiation of a qualified
// function template as its own qualified function.
func (c *checker) checkEntryInstance(f *Func, kind FuncKind, as []Attr, d *syntax.FuncDecl) {
	saved := f.Kind
	f.Kind = kind
	c.checkEntry(f, as, d)
	f.Kind = saved
	if f.Kind == FuncPlain {
		f.Kind = kind
	}
}

// checkEntry applies the chapter 5 rules to a qualified function and
// registers its Function description.
func (c *checker) checkEntry(f *Func, as []Attr, inst *syntax.FuncDecl) {
	d := f.Decl // parameters and result as declared (the template's for instances)
	fn := &Function{Kind: f.Kind, Name: f.QualName, HostName: f.QualName, TemplArgs: f.TemplArgs, Func: f,
		Result: f.Result, Attrs: as, Pos: f.pos}
	if inst != nil {
		fn.Pos = inst.Name.Last().NamePos
	}
	f.Entry = fn
	c.entries = append(c.entries, f)
	c.prog.Functions = append(c.prog.Functions, fn)

	// Function attributes. Later attributes (the instantiation's) override.
	for i := range as {
		a := &as[i]
		switch a.Name {
		case "host_name":
			if s := a.StrArg(0); s != "" {
				fn.HostName = s
			} else {
				c.errorf(a.Pos, "host-name", "host_name requires a string literal argument")
			}
		case "user_annotation":
			fn.UserAnnotation = a.StrArg(0)
		case "early_fragment_tests":
			if f.Kind != FuncFragment {
				c.errorf(fn.Pos, "early-fragment-tests", "[[early_fragment_tests]] can only be used with fragment functions ('%s' is a %s function)", fn.Name, f.Kind)
			}
			fn.EarlyFragmentTests = true
		case "patch":
			if f.Kind != FuncVertex {
				c.errorf(a.Pos, "patch", "[[patch]] can only be used with vertex functions")
			}
			p := &Patch{Type: a.StrArg(0)}
			if p.Type != "quad" && p.Type != "triangle" {
				c.errorf(a.Pos, "patch", "patch type must be 'quad' or 'triangle'")
			}
			if len(a.Args) > 1 {
				p.Points = int(a.IntArg(1, 0))
				if p.Points < 0 || p.Points > 32 {
					c.errorf(a.ArgExprs[1].Pos(), "patch", "number of patch control points must be between 0 and 32")
				}
			}
			fn.Patch = p
		case "max_total_threads_per_threadgroup":
			if f.Kind != FuncKernel && f.Kind != FuncObject && f.Kind != FuncMesh {
				c.errorf(a.Pos, "threads-attr", "[[max_total_threads_per_threadgroup]] requires a kernel, object or mesh function")
			}
			fn.MaxTotalThreadsPerThreadgroup = c.u32Arg(a, 0)
		case "required_threads_per_threadgroup":
			if f.Kind != FuncKernel && f.Kind != FuncObject && f.Kind != FuncMesh {
				c.errorf(a.Pos, "threads-attr", "[[required_threads_per_threadgroup]] requires a kernel, object or mesh function")
			}
			for j := 0; j < 3; j++ {
				fn.RequiredThreadsPerThreadgroup[j] = 1
				if j < len(a.Args) {
					fn.RequiredThreadsPerThreadgroup[j] = c.u32Arg(a, j)
				}
			}
		case "max_total_threadgroups_per_mesh_grid":
			if f.Kind != FuncObject {
				c.errorf(a.Pos, "mesh-grid-attr", "[[max_total_threadgroups_per_mesh_grid]] requires an object function")
			}
			fn.MaxTotalThreadgroupsPerMeshGrid = c.u32Arg(a, 0)
		case "intersection":
			in := &Intersection{}
			for j, arg := range a.Args {
				s := arg.Str
				if arg.Type == nil || arg.Type.Kind != KString {
					s = ""
				}
				if j < len(a.ArgExprs) {
					switch ae := a.ArgExprs[j].(type) {
					case *syntax.NameExpr:
						s = ae.Name.Last().Name
						if ae.Name.Last().Template != nil {
							s += "<...>"
						}
					case *syntax.TypeIDExpr:
						s = typeExprName(ae.Type)
						if i := lastIndex(s, "::"); i >= 0 {
							s = s[i+2:]
						}
					}
				}
				if j == 0 {
					if s != "triangle" && s != "bounding_box" && s != "curve" {
						c.errorf(a.ArgExprs[0].Pos(), "intersection-prim", "invalid intersection primitive type '%s' (expected triangle, bounding_box or curve)", s)
					}
					in.Primitive = s
					continue
				}
				base := s
				if i := indexByte(s, '<'); i >= 0 {
					base = s[:i]
				}
				if !validIntersectionTags[base] {
					c.errorf(a.ArgExprs[j].Pos(), "intersection-tag", "unknown intersection tag '%s'", s)
				}
				in.Tags = append(in.Tags, base)
			}
			if len(a.Args) == 0 {
				c.errorf(a.Pos, "intersection-prim", "[[intersection]] requires a primitive type")
			}
			fn.Intersection = in
		}
	}
	if fn.HostName != "" {
		if old := c.hostNames[fn.HostName]; old != nil && old.Func != f {
			c.errorf(hostNamePos(as, fn.Pos), "dup-host-name", "function name '%s' is already used by another qualified function", fn.HostName)
			c.notef(old.Pos, "previous function is here")
		} else {
			c.hostNames[fn.HostName] = fn
		}
	}
	c.checkResult(fn, d)
	c.checkParams(fn, d)
}

func lastIndex(s, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// isIntegral reports whether constants of type t can serve as indices
// (integers and enums, e.g. `[[buffer(BufferIndexFrame)]]`).
func isIntegral(t *Type) bool { return t.IsInteger() || t.Kind == KEnum }

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

func hostNamePos(as []Attr, def diag.Pos) diag.Pos {
	for i := len(as) - 1; i >= 0; i-- {
		if as[i].Name == "host_name" {
			if len(as[i].ArgExprs) > 0 {
				return as[i].ArgExprs[0].Pos()
			}
			return as[i].Pos
		}
	}
	return def
}

func (c *checker) u32Arg(a *Attr, i int) int {
	if i >= len(a.Args) || a.Args[i].Type == nil || !isIntegral(a.Args[i].Type) {
		if a.FuncConst == nil {
			c.errorf(a.Pos, "attr-arg", "[[%s]] requires an integer constant argument", a.Name)
		}
		return 0
	}
	v := a.Args[i].AsInt()
	if v <= 0 || v > 0xffffffff {
		c.errorf(a.ArgExprs[i].Pos(), "attr-arg", "[[%s]] value %d must be positive and fit in 32 bits", a.Name, v)
		return 0
	}
	return int(v)
}

func resultPos(d *syntax.FuncDecl, def diag.Pos) diag.Pos {
	if d != nil && d.Result != nil {
		return d.Result.Pos()
	}
	return def
}

// checkResult applies the return-type rules of §5.1 and §5.2.3.
func (c *checker) checkResult(fn *Function, d *syntax.FuncDecl) {
	rt := fn.Result
	if rt.IsBad() {
		return
	}
	pos := resultPos(d, fn.Pos)
	switch fn.Kind {
	case FuncKernel, FuncObject, FuncMesh:
		if rt.Kind != KVoid {
			c.errorf(pos, "entry-return", "%s function '%s' must return void, not '%s'", fn.Kind, fn.Name, rt)
		}
	case FuncVertex:
		switch {
		case rt.Kind == KVoid:
		case rt == Vec(Float, 4):
		case rt.Kind == KStruct:
			c.stageOutputMembers(fn, rt.Struct, pos)
			if !hasMemberAttr(rt.Struct, "position") {
				c.errorf(pos, "vertex-position", "vertex function output struct '%s' must have a member with [[position]]", rt)
			}
		default:
			c.errorf(pos, "vertex-return", "vertex function must return void, float4 or a struct with a [[position]] member, not '%s'", rt)
		}
	case FuncFragment:
		switch {
		case rt.Kind == KVoid:
		case rt.Kind == KVector || rt.IsScalar():
			if s := rt.Scalar(); !(s.IsFloat() || s.IsInteger()) {
				c.errorf(pos, "fragment-return", "invalid fragment function return type '%s'", rt)
			}
		case rt.Kind == KStruct:
			c.stageOutputMembers(fn, rt.Struct, pos)
			if fn.EarlyFragmentTests {
				for _, f := range rt.Struct.Fields {
					for _, a := range f.Attrs {
						if a.Name == "depth" || a.Name == "stencil" {
							c.errorf(pos, "early-fragment-tests", "[[early_fragment_tests]] fragment function cannot output [[%s]] (member '%s')", a.Name, f.Name)
						}
					}
				}
			}
			c.fragmentOutputs(fn, rt.Struct)
		default:
			c.errorf(pos, "fragment-return", "invalid fragment function return type '%s'", rt)
		}
	case FuncIntersection:
		c.intersectionResult(fn, rt, pos)
	}
}

func hasMemberAttr(st *Struct, name string) bool {
	for _, f := range st.Fields {
		if f.Attr(name) != nil {
			return true
		}
	}
	return false
}

// stageOutputMembers checks §5.11: vertex/fragment outputs cannot contain
// packed vectors, matrices, structs (except imageblock data), pointers or references.
func (c *checker) stageOutputMembers(fn *Function, st *Struct, pos diag.Pos) {
	c.checkMemberAttrs(st)
	for _, f := range st.Fields {
		t := f.Type
		if t.Kind == KArray && f.Attr("clip_distance") != nil {
			continue
		}
		if f.Attr("imageblock_data") != nil {
			c.checkImageblockData(fn, f.Type, f.Attr("imageblock_data"), diag.Pos(f.Pos))
			continue
		}
		bad := ""
		switch t.Kind {
		case KPacked:
			bad = "a packed vector"
		case KMatrix:
			bad = "a matrix"
		case KStruct:
			bad = "a struct"
		case KPointer, KReference:
			bad = "a pointer or reference"
		}
		if bad != "" {
			c.errorf(pos, "stage-output", "%s function output '%s' cannot contain %s (member '%s')", fn.Kind, st.QualName, bad, f.Name)
		}
		if fn.Kind == FuncVertex && f.Attr("position") != nil && t != Vec(Float, 4) && !t.IsBad() {
			c.errorf(diag.Pos(f.Pos), "position-type", "[[position]] output must be float4, not '%s'", t)
		}
		if a := f.Attr("invariant"); a != nil && f.Attr("position") == nil {
			c.errorf(a.Pos, "invariant", "[[invariant]] can only be used on the [[position]] output")
		}
		if fn.Kind == FuncVertex {
			for _, a := range f.Attrs {
				if r := vertexOutputs[a.Name]; r != nil && !t.IsBad() && !ruleAccepts(r, t) &&
					!(a.Name == "clip_distance" && t.Kind == KArray && t.Elem == Float) {
					c.errorf(a.Pos, "output-type", "invalid type '%s' for vertex output [[%s]] (%s)", t, a.Name, ruleDesc(r))
				}
			}
		}
	}
}

// fragmentOutputs checks the types of fragment output attributes (Table 5.7).
func (c *checker) fragmentOutputs(fn *Function, st *Struct) {
	colors := map[int64]*Type{}
	var bare []*Field // members without any attribute: implicit color(0)
	nColor := 0
	for _, f := range st.Fields {
		if f.Attr("color") != nil {
			nColor++
		}
		if len(f.Attrs) == 0 && !f.Static {
			bare = append(bare, f)
		}
	}
	if len(bare) > 1 || len(bare) == 1 && nColor > 0 {
		c.errorf(diag.Pos(bare[len(bare)-1].Pos), "color-missing",
			"fragment output member '%s' needs [[color(m)]] when there are several color outputs", bare[len(bare)-1].Name)
	}
	for _, f := range st.Fields {
		t := f.Type
		for _, a := range f.Attrs {
			switch a.Name {
			case "color":
				if !(t.Kind == KVector || t.IsScalar()) || t.Scalar().Kind == KBool || t.Scalar().Kind == KBFloat {
					c.errorf(a.Pos, "color-type", "[[color]] output must be a float, half or integer scalar/vector, not '%s'", t)
				}
				if a.FuncConst == nil {
					idx := a.IntArg(0, 0)
					if prev, ok := colors[idx]; ok && prev != t {
						c.errorf(a.Pos, "color-dup", "outputs to color attachment %d must have the same type", idx)
					}
					colors[idx] = t
				}
			case "depth":
				if t != Float && !t.IsBad() {
					c.errorf(a.Pos, "depth-type", "[[depth]] output must be float, not '%s'", t)
				}
				if arg := a.StrArg(0); arg != "any" && arg != "greater" && arg != "less" {
					c.errorf(a.Pos, "depth-arg", "[[depth]] argument must be any, greater or less")
				}
			case "sample_mask", "stencil":
				if t != UInt && !t.IsBad() {
					c.errorf(a.Pos, "output-type", "[[%s]] output must be uint, not '%s'", a.Name, t)
				}
			}
		}
	}
}

func (c *checker) intersectionResult(fn *Function, rt *Type, pos diag.Pos) {
	prim := ""
	if fn.Intersection != nil {
		prim = fn.Intersection.Primitive
	}
	switch {
	case rt.Kind == KBool, rt.Kind == KVoid:
	case rt.Kind == KStruct:
		accept := false
		for _, f := range rt.Struct.Fields {
			for _, a := range f.Attrs {
				switch a.Name {
				case "accept_intersection":
					accept = true
					if f.Type != Bool {
						c.errorf(a.Pos, "intersection-output", "[[accept_intersection]] must be bool, not '%s'", f.Type)
					}
				case "continue_search":
					if f.Type != Bool {
						c.errorf(a.Pos, "intersection-output", "[[continue_search]] must be bool, not '%s'", f.Type)
					}
				case "distance":
					if f.Type != Float {
						c.errorf(a.Pos, "intersection-output", "[[distance]] must be float, not '%s'", f.Type)
					}
					if prim != "bounding_box" {
						c.errorf(pos, "intersection-output", "[[distance]] output (member '%s') is only allowed for bounding_box intersection functions", f.Name)
					}
				}
			}
		}
		if !accept {
			c.errorf(pos, "intersection-output", "intersection function result '%s' must have a bool [[accept_intersection]] member", rt)
		}
	default:
		c.errorf(pos, "intersection-output", "intersection function must return bool or a struct with [[accept_intersection]], not '%s'", rt)
	}
}

// paramInfo gathers one parameter's attributes during checkParams.
type paramInfo struct {
	p     *Param
	d     *syntax.ParamDecl
	attrs []Attr
}

// checkParams classifies parameters, checks built-in types, bindings and
// assigns indices.
func (c *checker) checkParams(fn *Function, d *syntax.FuncDecl) {
	f := fn.Func
	table := c.builtinTable(fn.Kind)
	var ps []paramInfo
	builtinTypes := map[string]*Type{}
	builtinPos := map[string]diag.Pos{}
	payloads := 0
	imageblocks := 0
	for i, v := range f.Params {
		var pd *syntax.ParamDecl
		if d != nil && i < len(d.Params) {
			pd = d.Params[i]
		}
		var as []Attr
		if pd != nil {
			as = c.attrs(append(append([]*syntax.AttrList{}, pd.Attrs...), pd.NameAttrs...), f.scope)
		}
		p := &Param{Name: v.Name, Type: v.Type, Index: -1, Attrs: as, Var: v, Pos: v.Pos, Count: 1}
		t := v.Type
		switch t.Kind {
		case KPointer, KReference:
			p.Space = t.Space
			p.Access = AccessReadWrite
			if t.Const || t.Space == SpaceConstant {
				p.Access = AccessRead
			}
		case KTexture:
			p.Access = t.Access
		case KArray:
			if t.Elem.Kind == KTexture {
				p.Access = t.Elem.Access
			}
		}
		if v.Space != SpaceThread && v.Space != SpaceNone && t.Kind != KPointer && t.Kind != KReference {
			p.Space = v.Space
		}
		ps = append(ps, paramInfo{p: p, d: pd, attrs: as})
		fn.Params = append(fn.Params, p)
		if t.IsBad() {
			continue
		}
		c.checkNoSizeT(fn, p, t, map[*Struct]bool{})
		bound := false
		for ai := range as {
			a := &as[ai]
			switch a.Name {
			case "function_constant":
				if a.FuncConst == nil {
					c.errorf(a.Pos, "fc-arg", "[[function_constant]] argument must name a function constant")
				}
				p.FuncConst = a.FuncConst
				continue
			case "buffer", "texture", "sampler", "threadgroup":
				bound = true
				p.Bind = resourceAttrs[a.Name]
				c.checkResourceType(fn, p, a)
				if a.FuncConst != nil {
					p.IndexConst = a.FuncConst
					p.IndexExplicit = true
				} else if len(a.Args) == 1 && a.Args[0].Type != nil && isIntegral(a.Args[0].Type) {
					p.Index = int(a.Args[0].AsInt())
					p.IndexExplicit = true
					if p.Index < 0 || p.Index >= slotLimit[p.Bind] {
						c.errorf(a.ArgExprs[0].Pos(), "index-range", "%s index %d is out of range [0, %d]", a.Name, p.Index, slotLimit[p.Bind]-1)
					}
				} else {
					c.errorf(a.Pos, "attr-arg", "[[%s]] requires an integer constant index", a.Name)
				}
			case "stage_in":
				bound = true
				p.Bind = BindStageIn
				if fn.StageIn != nil {
					c.errorf(a.Pos, "stage-in-dup", "only one [[stage_in]] argument is allowed (also '%s')", fn.StageIn.Name)
					continue
				}
				fn.StageIn = p
				c.checkStageIn(fn, p, a)
			case "payload":
				bound = true
				p.Bind = BindPayload
				payloads++
				if payloads > 1 {
					c.errorf(a.Pos, "payload-dup", "[[payload]] can be declared only once per function")
				}
				c.checkPayload(fn, p, a)
			case "imageblock_data":
				bound = true
				p.Bind = BindImageblockData
				if fn.Kind != FuncFragment {
					c.errorf(a.Pos, "imageblock-data", "[[imageblock_data]] is only allowed in fragment functions")
				}
				c.checkImageblockData(fn, t, a, a.Pos)
			case "color":
				bound = true
				p.Bind = BindColor
				p.Builtin = "color"
				if fn.Kind != FuncFragment {
					c.errorf(a.Pos, "builtin-kind", "[[color]] input is only allowed in fragment functions")
				}
			case "raster_order_group":
				if fn.Kind != FuncFragment {
					c.errorf(a.Pos, "rog", "[[raster_order_group]] is only allowed in fragment functions")
				}
				if t.Kind == KStruct {
					c.errorf(a.Pos, "rog", "[[raster_order_group]] cannot be used on a struct")
				} else if (t.Kind == KPointer || t.Kind == KReference) && t.Space != SpaceDevice {
					c.errorf(a.Pos, "rog", "[[raster_order_group]] requires a device buffer or texture, not '%s'", t)
				}
			case "visible_function_table", "intersection_function_table":
			default:
				if c.checkBuiltinParam(fn, p, a, table, builtinTypes, builtinPos) {
					bound = true
				}
			}
		}
		if !bound {
			c.autoBind(fn, p, &imageblocks)
		}
	}
	c.checkBuiltinConsistency(builtinTypes, builtinPos)
	for _, p := range fn.Params {
		if p.Bind == BindBuffer {
			t := p.Type
			if t.Kind == KPointer || t.Kind == KReference {
				t = t.Elem
			}
			c.checkArgumentBuffer(t)
		}
	}
	c.assignIndices(fn)
	c.checkAliasColors(fn)
}

// checkNoSizeT rejects size_t/ptrdiff_t in entry-point arguments (also inside structs).
func (c *checker) checkNoSizeT(fn *Function, p *Param, t *Type, seen map[*Struct]bool) {
	if fn.Kind == FuncVisible || fn.Kind == FuncStitchable {
		return
	}
	switch t.Kind {
	case KSizeT, KPtrDiffT:
		c.errorf(p.Pos, "size-t-arg", "'%s' cannot be used in arguments of %s functions", t, fn.Kind)
	case KPointer, KReference, KArray:
		c.checkNoSizeT(fn, p, t.Elem, seen)
	case KStruct:
		if seen[t.Struct] {
			return
		}
		seen[t.Struct] = true
		for _, f := range t.Struct.Fields {
			if f.Type.Kind == KSizeT || f.Type.Kind == KPtrDiffT {
				c.errorf(p.Pos, "size-t-arg", "argument '%s' of %s function contains member '%s' of type '%s'", p.Name, fn.Kind, f.Name, f.Type)
				return
			}
			c.checkNoSizeT(fn, p, f.Type, seen)
		}
	}
}

func (c *checker) checkResourceType(fn *Function, p *Param, a *Attr) {
	t := p.Type
	if (t.Kind == KPointer || t.Kind == KReference) && t.Space == SpaceNone {
		return // already reported: missing address space
	}
	ok := true
	switch p.Bind {
	case BindBuffer:
		switch {
		case (t.Kind == KPointer || t.Kind == KReference) && (t.Space == SpaceDevice || t.Space == SpaceConstant):
		case t.Kind == KOpaque:
		case t.Kind == KStruct || t.Kind == KArray || t.IsScalarOrVector() || t.Kind == KMatrix:
			// Argument buffers passed by value, constant-space values.
		default:
			ok = false
		}
		if fn.Kind == FuncIntersection && t.Kind == KTexture {
			ok = false
		}
	case BindTexture:
		ok = t.Kind == KTexture || t.Kind == KArray && t.Elem.Kind == KTexture
		if t.Kind == KArray {
			p.Count = t.N
		}
		if fn.Kind == FuncIntersection {
			c.errorf(a.Pos, "intersection-texture", "intersection functions cannot take texture arguments")
			return
		}
	case BindSampler:
		ok = t.Kind == KSampler || t.Kind == KArray && t.Elem.Kind == KSampler
		if t.Kind == KArray {
			p.Count = t.N
		}
	case BindThreadgroup:
		ok = (t.Kind == KPointer || t.Kind == KReference) && t.Space == SpaceThreadgroup
		switch fn.Kind {
		case FuncVertex, FuncIntersection, FuncMesh:
			c.errorf(a.Pos, "threadgroup-arg", "%s functions cannot take threadgroup arguments", fn.Kind)
			return
		}
	}
	if !ok {
		c.errorf(a.Pos, "bind-type", "[[%s]] cannot be applied to an argument of type '%s'", a.Name, t)
	}
}

// autoBind classifies an argument without a binding attribute by its type.
func (c *checker) autoBind(fn *Function, p *Param, imageblocks *int) {
	t := p.Type
	switch {
	case fn.Kind == FuncVisible || fn.Kind == FuncStitchable:
		p.Bind = BindNone
	case fn.Kind == FuncPlain:
	case t.Kind == KPointer || t.Kind == KReference:
		switch t.Space {
		case SpaceNone:
			p.Bind = BindBuffer // missing address space, already reported
		case SpaceDevice, SpaceConstant:
			p.Bind = BindBuffer
		case SpaceThreadgroup:
			p.Bind = BindThreadgroup
			if fn.Kind == FuncVertex || fn.Kind == FuncIntersection || fn.Kind == FuncMesh {
				c.errorf(p.Pos, "threadgroup-arg", "%s functions cannot take threadgroup arguments", fn.Kind)
			}
		case SpaceRayData, SpaceObjectData:
			c.errorf(p.Pos, "payload-attr", "argument '%s' in the %s address space requires [[payload]]", p.Name, t.Space)
		default:
			c.errorf(p.Pos, "entry-arg", "argument '%s' of %s function must be in the device, constant or threadgroup address space", p.Name, fn.Kind)
		}
	case t.Kind == KTexture:
		p.Bind = BindTexture
		if fn.Kind == FuncIntersection {
			c.errorf(p.Pos, "intersection-texture", "intersection functions cannot take texture arguments")
		}
	case t.Kind == KArray && t.Elem.Kind == KTexture:
		p.Bind, p.Count = BindTexture, t.N
	case t.Kind == KSampler:
		p.Bind = BindSampler
	case t.Kind == KArray && t.Elem.Kind == KSampler:
		p.Bind, p.Count = BindSampler, t.N
	case t.Kind == KOpaque:
		switch t.Opaque.Name {
		case "imageblock":
			p.Bind = BindImageblock
			*imageblocks++
			if fn.Kind != FuncKernel {
				c.errorf(p.Pos, "imageblock-arg", "imageblock arguments are only allowed in kernel functions")
			} else if *imageblocks > 1 {
				c.errorf(p.Pos, "imageblock-arg", "a kernel function can have only one imageblock argument")
			}
		case "mesh":
			p.Bind = BindMesh
			if fn.Kind != FuncMesh {
				c.errorf(p.Pos, "mesh-arg", "mesh<...> arguments are only allowed in mesh functions")
			}
		case "mesh_grid_properties":
			p.Bind = BindMeshGrid
			if fn.Kind != FuncObject {
				c.errorf(p.Pos, "mesh-grid-arg", "mesh_grid_properties arguments are only allowed in object functions")
			}
		default:
			p.Bind = BindBuffer // acceleration structures, function tables
		}
	case p.Space == SpaceConstant || p.Space == SpaceDevice:
		p.Bind = BindBuffer
	case t.Kind == KStruct || t.Kind == KArray:
		p.Bind = BindBuffer // argument buffer by value
	default:
		c.errorf(p.Pos, "entry-arg", "argument '%s' of %s function needs a binding or built-in attribute (type '%s')", p.Name, fn.Kind, t)
	}
}

// checkBuiltinParam checks a built-in input attribute; it reports false
// for attributes that are not built-ins (unknown attributes are errors).
func (c *checker) checkBuiltinParam(fn *Function, p *Param, a *Attr, table map[string]*builtinRule,
	types map[string]*Type, poss map[string]diag.Pos) bool {
	t := p.Type
	if fn.Kind == FuncIntersection {
		in, ok := intersectionInputs[a.Name]
		if !ok {
			c.errorf(a.Pos, "builtin-kind", "[[%s]] is not a valid intersection function input", a.Name)
			return true
		}
		p.Bind, p.Builtin = BindBuiltin, a.Name
		c.checkIntersectionInput(fn, p, a, in)
		return true
	}
	rule, ok := table[a.Name]
	if !ok {
		if isKnownAttr(a.Name) {
			c.errorf(a.Pos, "builtin-kind", "[[%s]] is not a valid input attribute for %s functions", a.Name, fn.Kind)
		} else {
			c.errorf(a.Pos, "unknown-attr", "unknown attribute '%s'", a.Name)
		}
		return true
	}
	p.Bind, p.Builtin = BindBuiltin, a.Name
	if _, dup := types[a.Name]; dup {
		c.errorf(a.Pos, "builtin-dup", "[[%s]] can be declared only once per function", a.Name)
		return true
	}
	if fn.Kind == FuncFragment {
		c.checkInterpolation(p.Attrs, t)
	}
	if !ruleAccepts(rule, t) {
		c.errorf(a.Pos, "builtin-type", "invalid type '%s' for [[%s]] (%s)", t, a.Name, ruleDesc(rule))
		return true
	}
	types[a.Name] = t
	poss[a.Name] = a.Pos
	return true
}

func ruleAccepts(r *builtinRule, t *Type) bool {
	switch r.class {
	case "idx":
		return t == UShort || t == UInt
	case "pos":
		s := t.Scalar()
		return (s == UShort || s == UInt) && (t.IsScalar() || t.Kind == KVector && t.N <= 3)
	}
	for _, x := range r.types {
		if x == t {
			return true
		}
	}
	return false
}

func ruleDesc(r *builtinRule) string {
	switch r.class {
	case "idx":
		return "expected ushort or uint"
	case "pos":
		return "expected ushort, ushort2, ushort3, uint, uint2 or uint3"
	}
	return "expected " + fmtTypes(r.types)
}

var knownAttrs = map[string]bool{"position": true, "point_size": true, "clip_distance": true, "user": true,
	"flat": true, "center_perspective": true, "center_no_perspective": true, "centroid_perspective": true,
	"centroid_no_perspective": true, "sample_perspective": true, "sample_no_perspective": true, "attribute": true,
	"id": true, "shared": true, "invariant": true, "depth": true, "stencil": true, "index": true,
	"accept_intersection": true, "continue_search": true, "primitive_culled": true, "alias_implicit_imageblock": true,
	"alias_implicit_imageblock_color": true, "coherent": true}

func isKnownAttr(n string) bool {
	if knownAttrs[n] || kernelBuiltins[n] != nil || vertexBuiltins[n] != nil || fragmentBuiltins[n] != nil ||
		interpolationAttrs[n] || memberAttrs[n] {
		return true
	}
	_, ok := intersectionInputs[n]
	return ok
}

// memberAttrs are attributes that may appear on members of stage input
// and output structs besides the built-ins.
var memberAttrs = map[string]bool{"color": true, "raster_order_group": true, "function_constant": true,
	"imageblock_data": true, "buffer": true, "texture": true, "sampler": true, "alignas": true,
	"render_target_array_index": true, "viewport_array_index": true, "amplification_id": true}

// checkMemberAttrs reports unknown attributes on the members of a stage
// input/output struct (a misspelt [[positon]] would otherwise be ignored).
func (c *checker) checkMemberAttrs(st *Struct) {
	if c.attrChecked == nil {
		c.attrChecked = map[*Struct]bool{}
	}
	if c.attrChecked[st] {
		return
	}
	c.attrChecked[st] = true
	for _, f := range st.Fields {
		for _, a := range f.Attrs {
			if !isKnownAttr(a.Name) {
				c.errorf(a.Pos, "unknown-attr", "unknown attribute '%s' on member '%s'", a.Name, f.Name)
			}
		}
	}
}

// checkBuiltinConsistency applies the matching-type rules of §5.2.3.6.
func (c *checker) checkBuiltinConsistency(types map[string]*Type, poss map[string]diag.Pos) {
	flagged := map[string]bool{}
	match := func(names ...string) {
		var first *Type
		var firstName string
		for _, n := range names {
			t, ok := types[n]
			if !ok {
				continue
			}
			if first == nil {
				first, firstName = t, n
				continue
			}
			if t != first {
				c.errorf(poss[n], "builtin-mismatch", "type '%s' of [[%s]] must match type '%s' of [[%s]]", t, n, first, firstName)
				flagged[n] = true
			}
		}
	}
	match("thread_position_in_grid", "threads_per_grid")
	match("thread_position_in_threadgroup", "threads_per_threadgroup", "dispatch_threads_per_threadgroup")
	match("thread_index_in_simdgroup", "threads_per_simdgroup", "thread_execution_width", "simdgroup_index_in_threadgroup",
		"simdgroups_per_threadgroup", "dispatch_simdgroups_per_threadgroup", "quadgroup_index_in_threadgroup",
		"quadgroups_per_threadgroup", "dispatch_quadgroups_per_threadgroup", "thread_index_in_quadgroup")
	match("pixel_position_in_tile", "pixels_per_tile")
	// Vector widths of the position-like built-ins must agree.
	width := 0
	widthName := ""
	for _, n := range []string{"thread_position_in_grid", "threads_per_grid", "thread_position_in_threadgroup",
		"threads_per_threadgroup", "threadgroup_position_in_grid", "threadgroups_per_grid", "dispatch_threads_per_threadgroup"} {
		t, ok := types[n]
		if !ok || t.Kind != KVector {
			continue
		}
		if width == 0 {
			width, widthName = t.N, n
		} else if t.N != width && !flagged[n] {
			c.errorf(poss[n], "builtin-width", "vector width of [[%s]] (%d) must match [[%s]] (%d)", n, t.N, widthName, width)
		}
	}
	if tp, ok := types["thread_position_in_threadgroup"]; ok && tp.Scalar() == UInt {
		if ti, ok := types["thread_index_in_threadgroup"]; ok && ti != UInt && !flagged["thread_index_in_threadgroup"] {
			c.errorf(poss["thread_index_in_threadgroup"], "builtin-mismatch",
				"[[thread_index_in_threadgroup]] must be uint when [[thread_position_in_threadgroup]] is '%s'", tp)
		}
	}
}

func (c *checker) checkIntersectionInput(fn *Function, p *Param, a *Attr, in intersectionInput) {
	ix := fn.Intersection
	if ix == nil {
		return
	}
	if in.prim != "" && ix.Primitive != in.prim {
		c.errorf(a.Pos, "intersection-input", "[[%s]] requires primitive type '%s' (function uses '%s')", a.Name, in.prim, ix.Primitive)
		return
	}
	for _, tag := range in.tags {
		if !ix.HasTag(tag) {
			c.errorf(a.Pos, "intersection-input", "[[%s]] requires the '%s' intersection tag", a.Name, tag)
			return
		}
	}
	if len(in.anyT) > 0 {
		found := false
		for _, tag := range in.anyT {
			if ix.HasTag(tag) {
				found = true
			}
		}
		if !found {
			c.errorf(a.Pos, "intersection-input", "[[%s]] requires a motion intersection tag", a.Name)
			return
		}
	}
	t := p.Type
	switch a.Name {
	case "primitive_data", "user_data_buffer":
		if !((t.Kind == KPointer || t.Kind == KReference) && t.Space == SpaceDevice && t.Const) {
			c.errorf(a.Pos, "builtin-type", "[[%s]] must be a 'const device T*' or 'const device T&', not '%s'", a.Name, t)
		}
		return
	case "instance_id", "user_instance_id":
		if ix.HasTag("max_levels") {
			if !(t.Kind == KArray && t.Elem == UInt) {
				c.errorf(a.Pos, "builtin-type", "[[%s]] must be array_ref<uint> with max_levels, not '%s'", a.Name, t)
			}
			return
		}
	}
	if in.rule != nil && !ruleAccepts(in.rule, t) {
		c.errorf(a.Pos, "builtin-type", "invalid type '%s' for [[%s]] (%s)", t, a.Name, ruleDesc(in.rule))
	}
}

func (c *checker) checkPayload(fn *Function, p *Param, a *Attr) {
	t := p.Type
	switch fn.Kind {
	case FuncIntersection:
		if t.Kind != KReference || t.Space != SpaceRayData {
			c.errorf(a.Pos, "payload-type", "intersection function [[payload]] must be a 'ray_data T&', not '%s'", t)
			return
		}
		c.checkRayPayload(t.Elem, a.Pos, map[*Struct]bool{})
	case FuncObject:
		if !((t.Kind == KReference || t.Kind == KPointer) && t.Space == SpaceObjectData) {
			c.errorf(a.Pos, "payload-type", "object function [[payload]] must be an object_data pointer or reference, not '%s'", t)
		}
	case FuncMesh:
		if !((t.Kind == KReference || t.Kind == KPointer) && t.Space == SpaceObjectData) {
			c.errorf(a.Pos, "payload-type", "mesh function [[payload]] must be a const object_data pointer or reference, not '%s'", t)
		} else if !t.Const {
			c.errorf(a.Pos, "payload-const", "mesh function [[payload]] must be const-qualified")
		}
	default:
		c.errorf(a.Pos, "payload-kind", "[[payload]] is only allowed in intersection, object and mesh functions")
	}
}

func (c *checker) checkRayPayload(t *Type, pos diag.Pos, seen map[*Struct]bool) {
	switch t.Kind {
	case KAtomic:
		c.errorf(pos, "payload-type", "ray payload cannot contain atomic types")
	case KOpaque:
		if t.Opaque.Name == "imageblock" {
			c.errorf(pos, "payload-type", "ray payload cannot contain imageblocks")
		}
	case KArray:
		c.checkRayPayload(t.Elem, pos, seen)
	case KStruct:
		if seen[t.Struct] {
			return
		}
		seen[t.Struct] = true
		for _, f := range t.Struct.Fields {
			c.checkRayPayload(f.Type, pos, seen)
		}
	}
}

// checkStageIn checks a [[stage_in]] argument and records its attributes.
func (c *checker) checkStageIn(fn *Function, p *Param, a *Attr) {
	switch fn.Kind {
	case FuncVertex, FuncFragment, FuncKernel:
	default:
		c.errorf(a.Pos, "stage-in-kind", "[[stage_in]] is not allowed in %s functions", fn.Kind)
		return
	}
	t := p.Type
	if t.Kind == KReference {
		t = t.Elem
	}
	if t.Kind != KStruct {
		if fn.Kind == FuncFragment && (t.IsScalarOrVector()) {
			p.StageIn = append(p.StageIn, StageInAttr{Path: p.Name, Type: t, Index: -1})
			return
		}
		c.errorf(a.Pos, "stage-in-type", "[[stage_in]] argument must be a struct, not '%s'", t)
		return
	}
	c.stageInMembers(fn, p, t.Struct, "", 0)
}

func (c *checker) stageInMembers(fn *Function, p *Param, st *Struct, prefix string, base int) {
	c.checkMemberAttrs(st)
	_, _, offs := Layout(st.Self)
	for i, f := range st.Fields {
		if f.Static {
			continue
		}
		path := prefix + f.Name
		t := f.Type
		attr := &StageInAttr{Path: path, Field: f, Type: t, Index: -1, Offset: base + offs[i]}
		for _, a := range f.Attrs {
			switch a.Name {
			case "attribute":
				if a.FuncConst != nil {
					break
				}
				attr.Index = int(a.IntArg(0, -1))
				attr.Attr = "attribute"
			case "user":
				attr.User = a.StrArg(0)
			case "function_constant":
				attr.FuncConst = a.FuncConst
			default:
				if attr.Attr == "" {
					attr.Attr = a.Name
				}
			}
		}
		bad := ""
		switch t.Kind {
		case KPacked:
			bad = "a packed vector"
		case KMatrix:
			bad = "a matrix"
		case KPointer, KReference:
			bad = "a pointer or reference"
		case KArray:
			bad = "an array"
		case KStruct:
			if fn.Kind == FuncFragment || fn.Kind == FuncVertex {
				c.stageInMembers(fn, p, t.Struct, path+".", base+offs[i])
				continue
			}
			bad = "a struct"
		case KOpaque:
			if t.Opaque.Name == "interpolant" && fn.Kind == FuncFragment {
				break
			}
			bad = "'" + t.String() + "'"
		}
		if fn.Kind == FuncVertex && t.Kind == KOpaque && t.Opaque.Name == "patch_control_point" {
			bad = ""
		}
		if bad != "" {
			c.errorf(diag.Pos(f.Pos), "stage-in-member", "[[stage_in]] member '%s' cannot be %s", f.Name, bad)
			continue
		}
		if fn.Kind == FuncFragment {
			c.checkInterpolation(f.Attrs, t)
		}
		if (fn.Kind == FuncVertex || fn.Kind == FuncKernel) && attr.Index < 0 && !t.IsBad() &&
			!(t.Kind == KOpaque) {
			c.errorf(diag.Pos(f.Pos), "stage-in-attribute", "[[stage_in]] member '%s' must have an [[attribute(n)]]", f.Name)
		}
		p.StageIn = append(p.StageIn, *attr)
	}
	// Attribute indices must be unique.
	seen := map[int]string{}
	for _, sa := range p.StageIn {
		if sa.Index < 0 || sa.FuncConst != nil {
			continue
		}
		if prev, ok := seen[sa.Index]; ok && prefix == "" {
			c.errorf(diag.Pos(sa.Field.Pos), "dup-attribute", "[[attribute(%d)]] is used by both '%s' and '%s'", sa.Index, prev, sa.Path)
			continue
		}
		seen[sa.Index] = sa.Path
	}
}

var interpolationAttrs = map[string]bool{"center_perspective": true, "center_no_perspective": true,
	"centroid_perspective": true, "centroid_no_perspective": true, "sample_perspective": true,
	"sample_no_perspective": true, "flat": true}

// checkInterpolation applies §5.4: [[position]] only with
// center_no_perspective, integers only flat, [[barycentric_coord]] only
// center_perspective or center_no_perspective.
func (c *checker) checkInterpolation(as []Attr, t *Type) {
	var interp *Attr
	for i := range as {
		if interpolationAttrs[as[i].Name] {
			interp = &as[i]
		}
	}
	if interp == nil || t.IsBad() {
		return
	}
	switch {
	case findAttr(as, "position") != nil:
		if interp.Name != "center_no_perspective" {
			c.errorf(interp.Pos, "interpolation", "[[position]] input can only use center_no_perspective, not %s", interp.Name)
		}
	case findAttr(as, "barycentric_coord") != nil:
		if interp.Name != "center_perspective" && interp.Name != "center_no_perspective" {
			c.errorf(interp.Pos, "interpolation", "[[barycentric_coord]] input can only use center_perspective or center_no_perspective, not %s", interp.Name)
		}
	default:
		if s := t.Scalar(); s != nil && (s.IsInteger() || s.Kind == KBool) && interp.Name != "flat" {
			c.errorf(interp.Pos, "interpolation", "integer input of type '%s' can only use flat interpolation, not %s", t, interp.Name)
		}
	}
}

// assignIndices gives binding indices to arguments without explicit ones,
// in declaration order, per resource group, skipping indices already taken
// explicitly; function-constant arguments neither reserve indices nor
// conflict (§5.2.1, §5.8.1).
func (c *checker) assignIndices(fn *Function) {
	used := map[BindKind]map[int]*Param{}
	for _, k := range []BindKind{BindBuffer, BindTexture, BindSampler, BindThreadgroup} {
		used[k] = map[int]*Param{}
	}
	for _, p := range fn.Params {
		if used[p.Bind] == nil || !p.IndexExplicit || p.Index < 0 || p.FuncConst != nil {
			continue
		}
		for j := 0; j < p.Count; j++ {
			if prev := used[p.Bind][p.Index+j]; prev != nil {
				c.errorf(bindAttrPos(p), "dup-index", "%s index %d is already used by argument '%s'", p.Bind, p.Index+j, prev.Name)
				break
			}
			used[p.Bind][p.Index+j] = p
		}
	}
	for _, p := range fn.Params {
		if used[p.Bind] == nil || p.IndexExplicit {
			continue
		}
		idx := 0
		for {
			free := true
			for j := 0; j < p.Count; j++ {
				if used[p.Bind][idx+j] != nil {
					free = false
					break
				}
			}
			if free {
				break
			}
			idx++
		}
		p.Index = idx
		if p.FuncConst == nil {
			for j := 0; j < p.Count; j++ {
				used[p.Bind][idx+j] = p
			}
		}
		if idx+p.Count > slotLimit[p.Bind] {
			c.errorf(p.Pos, "index-range", "no free %s index for argument '%s'", p.Bind, p.Name)
		}
	}
}

func bindAttrPos(p *Param) diag.Pos {
	for _, a := range p.Attrs {
		if _, ok := resourceAttrs[a.Name]; ok {
			if len(a.ArgExprs) > 0 {
				return a.ArgExprs[0].Pos()
			}
			return a.Pos
		}
	}
	return p.Pos
}

// checkImageblockData checks an explicit imageblock struct used through
// [[imageblock_data]] or [[imageblock_data(Master)]].
func (c *checker) checkImageblockData(fn *Function, t *Type, a *Attr, pos diag.Pos) {
	if t.Kind == KReference {
		t = t.Elem
	}
	if t.Kind != KStruct {
		if !t.IsBad() {
			c.errorf(pos, "imageblock-data", "[[imageblock_data]] requires a struct type, not '%s'", t)
		}
		return
	}
	if c.ibChecked == nil {
		c.ibChecked = map[*Struct]bool{}
	}
	c.noColorMembers(t.Struct, c.ibChecked)
	var master *Type
	if a != nil && len(a.ArgExprs) == 1 {
		switch ae := a.ArgExprs[0].(type) {
		case *syntax.NameExpr:
			master = c.namedType(ae.Name, fn.Func.scope)
		case *syntax.TypeIDExpr:
			master = c.resolveType(ae.Type, fn.Func.scope)
		}
	}
	if master == nil || master == t {
		if fn.Kind == FuncFragment {
			c.checkROG(t.Struct)
		}
		return
	}
	if master.Kind != KStruct {
		return
	}
	c.checkROG(master.Struct)
	key := [2]*Struct{t.Struct, master.Struct}
	if c.viewChecked == nil {
		c.viewChecked = map[[2]*Struct]bool{}
	}
	if !c.viewChecked[key] {
		c.viewChecked[key] = true
		c.checkView(t.Struct, master.Struct)
	}
}

func (c *checker) noColorMembers(st *Struct, seen map[*Struct]bool) {
	if seen[st] {
		return
	}
	seen[st] = true
	for _, f := range st.Fields {
		if a := f.Attr("color"); a != nil {
			c.errorf(a.Pos, "imageblock-color", "explicit imageblock member '%s' cannot have a [[color(n)]] attribute", f.Name)
		}
		if a := f.Attr("function_constant"); a != nil {
			c.errorf(a.Pos, "imageblock-fc", "imageblock member '%s' cannot have a [[function_constant]] attribute", f.Name)
		}
		if f.Type.Kind == KStruct {
			c.noColorMembers(f.Type.Struct, seen)
		}
	}
}

// checkROG checks raster order groups on a master explicit imageblock
// struct (§5.6.2): a nested struct member takes a group either as a whole
// or on every one of its members, and an array member has exactly one
// group, written on the array. (Members without any group are accepted:
// the spec's own examples omit them.)
func (c *checker) checkROG(st *Struct) {
	if c.rogChecked == nil {
		c.rogChecked = map[*Struct]bool{}
	}
	if c.rogChecked[st] {
		return
	}
	c.rogChecked[st] = true
	for _, f := range st.Fields {
		if f.Attr("raster_order_group") != nil {
			continue
		}
		switch {
		case f.Type.Kind == KArray && f.Type.Elem.Kind == KStruct && anyROG(f.Type.Elem.Struct):
			c.errorf(diag.Pos(f.Pos), "rog-array", "array member '%s' of an explicit imageblock must have a single [[raster_order_group]] on the array, not on the members of '%s'", f.Name, f.Type.Elem)
		case f.Type.Kind == KStruct && anyROG(f.Type.Struct) && !allROG(f.Type.Struct):
			c.errorf(diag.Pos(f.Pos), "rog-partial", "member '%s' needs a [[raster_order_group]], on the struct as a whole or on every member of '%s'", f.Name, f.Type)
		}
	}
}

func anyROG(st *Struct) bool {
	for _, f := range st.Fields {
		if f.Attr("raster_order_group") != nil {
			return true
		}
	}
	return false
}

func allROG(st *Struct) bool {
	for _, f := range st.Fields {
		if f.Attr("raster_order_group") == nil {
			return false
		}
	}
	return true
}

type masterField struct {
	path string
	t    *Type
}

// checkView matches an imageblock view struct against its master (§5.6.1).
func (c *checker) checkView(view, master *Struct) {
	byUser := map[string]masterField{}
	byName := map[string]masterField{}
	var collect func(st *Struct, prefix string, top bool)
	collect = func(st *Struct, prefix string, top bool) {
		for _, f := range st.Fields {
			mf := masterField{path: prefix + f.Name, t: f.Type}
			if u := f.Attr("user"); u != nil {
				if n := u.StrArg(0); n != "" {
					byUser[n] = mf
				}
			}
			if top {
				byName[f.Name] = mf
			}
			if f.Type.Kind == KStruct {
				collect(f.Type.Struct, mf.path+".", false)
			}
		}
	}
	collect(master, "", true)
	var taken []masterField
	userSeen := map[string]bool{}
	for _, f := range view.Fields {
		var mf masterField
		var ok bool
		if u := f.Attr("user"); u != nil {
			n := u.StrArg(0)
			if userSeen[n] {
				c.errorf(u.Pos, "view-user-dup", "[[user(%s)]] is used twice in imageblock view '%s'", n, view.QualName)
				continue
			}
			userSeen[n] = true
			mf, ok = byUser[n]
			if !ok {
				c.errorf(u.Pos, "view-match", "imageblock view member '%s' ([[user(%s)]]) matches no member of '%s'", f.Name, n, master.QualName)
				continue
			}
		} else {
			mf, ok = byName[f.Name]
			if !ok {
				c.errorf(diag.Pos(f.Pos), "view-match", "imageblock view member '%s' matches no member of '%s'", f.Name, master.QualName)
				continue
			}
		}
		if mf.t != f.Type && !f.Type.IsBad() {
			c.errorf(diag.Pos(f.Pos), "view-type", "type '%s' of imageblock view member '%s' differs from master member type '%s'", f.Type, f.Name, mf.t)
			continue
		}
		for _, o := range taken {
			if o.path == mf.path || hasPathPrefix(o.path, mf.path) || hasPathPrefix(mf.path, o.path) {
				c.errorf(diag.Pos(f.Pos), "view-alias", "imageblock view member '%s' aliases another view member (master '%s' overlaps '%s')", f.Name, mf.path, o.path)
				break
			}
		}
		taken = append(taken, mf)
	}
}

func hasPathPrefix(p, prefix string) bool {
	return len(p) > len(prefix) && p[:len(prefix)] == prefix && p[len(prefix)] == '.'
}

// checkAliasColors checks [[alias_implicit_imageblock_color(n)]]: n lying
// between declared color attachments without being declared is an error.
func (c *checker) checkAliasColors(fn *Function) {
	declared := map[int64]bool{}
	lo, hi := int64(-1), int64(-1)
	note := func(a *Attr) {
		if a == nil || a.FuncConst != nil {
			return
		}
		n := a.IntArg(0, 0)
		declared[n] = true
		if lo < 0 || n < lo {
			lo = n
		}
		if n > hi {
			hi = n
		}
	}
	var aliases []*Attr
	for _, p := range fn.Params {
		note(findAttr(p.Attrs, "color"))
		if a := findAttr(p.Attrs, "alias_implicit_imageblock_color"); a != nil {
			aliases = append(aliases, a)
		}
	}
	if fn.Result.Kind == KStruct {
		for _, f := range fn.Result.Struct.Fields {
			note(f.Attr("color"))
			if a := f.Attr("alias_implicit_imageblock_color"); a != nil {
				aliases = append(aliases, a)
			}
		}
	}
	// A color attachment used as input and output must have one type.
	outs := map[int64]*Type{}
	switch rt := fn.Result; {
	case rt.Kind == KStruct:
		for _, f := range rt.Struct.Fields {
			if a := f.Attr("color"); a != nil && a.FuncConst == nil {
				outs[a.IntArg(0, 0)] = f.Type
			}
		}
	case fn.Kind == FuncFragment && (rt.Kind == KVector || rt.IsScalar()):
		outs[0] = rt
	}
	for _, p := range fn.Params {
		if a := findAttr(p.Attrs, "color"); a != nil && a.FuncConst == nil {
			if ot, ok := outs[a.IntArg(0, 0)]; ok && ot != p.Type && !p.Type.IsBad() && !ot.IsBad() {
				c.errorf(a.Pos, "color-inout", "color attachment %d is read as '%s' but written as '%s'", a.IntArg(0, 0), p.Type, ot)
			}
		}
	}
	for _, a := range aliases {
		n := a.IntArg(0, -1)
		if n > lo && n < hi && !declared[n] {
			c.errorf(a.Pos, "alias-color", "alias_implicit_imageblock_color(%d) refers to an undeclared color attachment between %d and %d", n, lo, hi)
		}
	}
}
