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
	// Tile functions (kernels dispatched per tile of a render pass).
	"pixels_per_tile": ruleOf(Vec(UShort, 2), Vec(UInt, 2)), "tile_index": ruleU,
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
	case FuncKernel:
		return kernelBuiltins
	case FuncObject:
		return objectBuiltins
	case FuncMesh:
		return meshBuiltins
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
