package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

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
					if !a.FuncConst.Type.IsInteger() && !a.FuncConst.Type.IsBad() {
						c.errorf(a.ArgExprs[0].Pos(), "fc-index-type", "function constant '%s' used as a binding index must have a scalar integer type, not '%s'",
							a.FuncConst.Name, a.FuncConst.Type)
					}
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
			case "user":
				// [[user(name)]] on a resource argument (as naga emits it for
				// unbound resources) names nothing clang checks: the argument
				// binds by its type.
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

// checkNoSizeT rejects size_t/ptrdiff_t in entry-point arguments passed by
// value (also inside structs); buffer contents may use them.
func (c *checker) checkNoSizeT(fn *Function, p *Param, t *Type, seen map[*Struct]bool) {
	if fn.Kind == FuncVisible || fn.Kind == FuncStitchable {
		return
	}
	switch t.Kind {
	case KSizeT, KPtrDiffT:
		c.errorf(p.Pos, "size-t-arg", "'%s' cannot be used in arguments of %s functions", t, fn.Kind)
	case KArray:
		c.checkNoSizeT(fn, p, t.Elem, seen)
	case KPointer, KReference:
		// The contents of a buffer may be size_t/ptrdiff_t (Apple's
		// compiler accepts `constant size_t& n [[buffer(0)]]`): the rule is
		// about the argument itself.
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
			*imageblocks += imageblockArgWeight(t) // tile.go
			if fn.Kind != FuncKernel {
				c.errorf(p.Pos, "imageblock-arg", "imageblock arguments are only allowed in kernel functions")
			} else if imageblocksTooMany(*imageblocks) {
				c.errorf(p.Pos, "imageblock-arg", "a kernel function can have only one explicit and one implicit imageblock argument")
			}
		case "mesh":
			p.Bind = BindMesh
			if fn.Kind != FuncMesh {
				c.errorf(p.Pos, "mesh-arg", "mesh<...> arguments are only allowed in mesh functions")
			}
			c.checkMeshArg(p)
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
