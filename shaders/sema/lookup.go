package sema

import (
	"math"
	"sync"

	"github.com/ingot-render/ingot/shaders/syntax"
)

func newBuiltinNS(parent *Scope, name string) *Scope {
	s := newScope(ScopeNamespace, parent, name)
	s.builtin = s.QualName
	if parent != nil {
		parent.insert(&Symbol{Kind: SymNamespace, Name: name, NS: s})
	}
	return s
}

// builtinTemplates are the class-template names of metal_stdlib.
var builtinTemplates = map[string]bool{
	"vec": true, "packed_vec": true, "matrix": true, "array": true, "atomic": true, "array_ref": true,
	"patch_control_point": true, "interpolant": true, "uniform": true, "imageblock": true,
	"imageblock_slice": true, "mesh": true, "visible_function_table": true, "simdgroup_matrix": true,
	"vertex_value": true, "sparse_color": true, "tensor": true, "initializer_list": true,
}

var rtTemplates = map[string]bool{
	"intersector": true, "intersection_result": true, "intersection_query": true,
	"intersection_function_table": true, "acceleration_structure": true, "intersection_result_ref": true,
	"max_levels": true,
}

var builtinOpaques = map[string]bool{
	"mesh_grid_properties": true, "simd_vote": true, "quad_vote": true, "level": true, "bias": true,
	"gradient2d": true, "gradient3d": true, "gradientcube": true, "min_lod_clamp": true,
	"imageblock_layout_explicit": true, "imageblock_layout_implicit": true, "os_log": true,
	"command_buffer": true, "render_command": true, "compute_command": true, "MTLResourceID": true,
	"render_pipeline_state": true, "compute_pipeline_state": true, "max_anisotropy": true,
	"lod_clamp": true, "function_constant_values": true,
}

var rtOpaques = map[string]bool{
	"instancing": true, "triangle_data": true, "world_space_data": true, "primitive_motion": true,
	"instance_motion": true, "extended_limits": true, "curve_data": true, "intersection_function_buffer": true,
	"user_data": true, "primitive_acceleration_structure": true, "instance_acceleration_structure": true,
	"intersection_params": true, "intersection_function_buffer_arguments": true,
	"MTLAccelerationStructureInstanceDescriptor": true, "MTLAccelerationStructureUserIDInstanceDescriptor": true,
}

var rtEnums = map[string]bool{"intersection_type": true, "winding": true, "triangle_cull_mode": true,
	"geometry_cull_mode": true, "opacity_cull_mode": true, "forced_opacity": true, "geometry_type": true,
	"curve_basis": true, "curve_type": true}

// builtinConsts are the float/int constants of metal_stdlib and the
// usual limit macros.
var builtinConsts = map[string]Value{
	"MAXFLOAT": FloatVal(Float, math.MaxFloat32), "HUGE_VALF": FloatVal(Float, math.Inf(1)),
	"INFINITY": FloatVal(Float, math.Inf(1)), "NAN": FloatVal(Float, math.NaN()),
	"M_E_F": FloatVal(Float, math.E), "M_LOG2E_F": FloatVal(Float, math.Log2E), "M_LOG10E_F": FloatVal(Float, math.Log10E),
	"M_LN2_F": FloatVal(Float, math.Ln2), "M_LN10_F": FloatVal(Float, math.Ln10), "M_PI_F": FloatVal(Float, math.Pi),
	"M_PI_2_F": FloatVal(Float, math.Pi/2), "M_PI_4_F": FloatVal(Float, math.Pi/4), "M_1_PI_F": FloatVal(Float, 1/math.Pi),
	"M_2_PI_F": FloatVal(Float, 2/math.Pi), "M_2_SQRTPI_F": FloatVal(Float, 2/math.Sqrt(math.Pi)),
	"M_SQRT2_F": FloatVal(Float, math.Sqrt2), "M_SQRT1_2_F": FloatVal(Float, 1/math.Sqrt2),
	"MAXHALF": FloatVal(Half, 65504), "HUGE_VALH": FloatVal(Half, math.Inf(1)),
	"M_E_H": FloatVal(Half, math.E), "M_PI_H": FloatVal(Half, math.Pi), "M_PI_2_H": FloatVal(Half, math.Pi/2),
	"M_PI_4_H": FloatVal(Half, math.Pi/4), "M_1_PI_H": FloatVal(Half, 1/math.Pi), "M_2_PI_H": FloatVal(Half, 2/math.Pi),
	"M_SQRT2_H": FloatVal(Half, math.Sqrt2), "M_SQRT1_2_H": FloatVal(Half, 1/math.Sqrt2),
	"M_LN2_H": FloatVal(Half, math.Ln2), "M_LOG2E_H": FloatVal(Half, math.Log2E),
	"FLT_MAX": FloatVal(Float, math.MaxFloat32), "FLT_MIN": FloatVal(Float, 1.1754943508222875e-38),
	"FLT_EPSILON": FloatVal(Float, 1.1920928955078125e-07), "HALF_MAX": FloatVal(Half, 65504),
	"HALF_MIN": FloatVal(Half, 6.103515625e-05), "HALF_EPSILON": FloatVal(Half, 0.0009765625),
	"INT_MAX": IntVal(Int, math.MaxInt32), "INT_MIN": IntVal(Int, math.MinInt32), "UINT_MAX": IntVal(UInt, math.MaxUint32),
	"SHRT_MAX": IntVal(Int, math.MaxInt16), "USHRT_MAX": IntVal(Int, math.MaxUint16), "UCHAR_MAX": IntVal(Int, 255),
	"CHAR_MAX": IntVal(Int, 127), "LONG_MAX": IntVal(Long, math.MaxInt64),
	"FLT_MAX_EXP": IntVal(Int, 128), "FLT_MANT_DIG": IntVal(Int, 24),
}

// synthBuiltin returns the symbol a metal_stdlib name denotes in the
// built-in namespace ns ("metal", "metal::raytracing", "metal::fast",
// "metal::precise"), or nil.
func (c *checker) synthBuiltin(ns *Scope, name string) *Symbol {
	var sym *Symbol
	switch ns.builtin {
	case "metal":
		sym = c.synthMetal(ns, name)
	case "metal::raytracing":
		sym = c.synthRT(name)
	case "metal::fast", "metal::precise":
		if len(Builtins(ns.builtin, name)) > 0 {
			sym = &Symbol{Kind: SymBuiltinFn, Name: name, builtinNS: ns.builtin}
		}
	}
	if sym != nil {
		ns.insert(sym)
	}
	return sym
}

func (c *checker) synthMetal(ns *Scope, name string) *Symbol {
	if t := builtinTypeByName(name); t != nil {
		return &Symbol{Kind: SymType, Name: name, Type: t}
	}
	switch name {
	case "sampler":
		return &Symbol{Kind: SymType, Name: name, Type: Sampler}
	case "atomic_int":
		return &Symbol{Kind: SymType, Name: name, Type: AtomicOf(Int)}
	case "atomic_uint":
		return &Symbol{Kind: SymType, Name: name, Type: AtomicOf(UInt)}
	case "atomic_bool":
		return &Symbol{Kind: SymType, Name: name, Type: AtomicOf(Bool)}
	case "atomic_ulong":
		return &Symbol{Kind: SymType, Name: name, Type: AtomicOf(ULong)}
	case "atomic_float":
		return &Symbol{Kind: SymType, Name: name, Type: AtomicOf(Float)}
	case "simdgroup_float8x8", "simdgroup_half8x8", "simdgroup_bfloat8x8":
		e := map[string]*Type{"simdgroup_float8x8": Float, "simdgroup_half8x8": Half, "simdgroup_bfloat8x8": BFloat}[name]
		v8 := IntVal(Int, 8)
		return &Symbol{Kind: SymType, Name: name, Type: OpaqueOf("simdgroup_matrix",
			[]TemplArg{{Type: e}, {Value: &v8}, {Value: &v8}}, nil)}
	case "fast", "precise", "raytracing":
		return &Symbol{Kind: SymNamespace, Name: name, NS: newBuiltinNS(nil, name).withParent(ns)}
	}
	if _, ok := TexKindByName(name); ok {
		return &Symbol{Kind: SymBuiltinTmp, Name: name}
	}
	if _, ok := PixelKindByName(name); ok {
		return &Symbol{Kind: SymBuiltinTmp, Name: name}
	}
	if builtinTemplates[name] {
		return &Symbol{Kind: SymBuiltinTmp, Name: name}
	}
	if builtinOpaques[name] {
		return &Symbol{Kind: SymType, Name: name, Type: OpaqueOf(name, nil, nil)}
	}
	if _, ok := builtinEnumValues[name]; ok && !rtEnums[name] {
		return &Symbol{Kind: SymType, Name: name, Type: builtinEnum(name)}
	}
	for en := range unscopedBuiltinEnums {
		t := builtinEnum(en)
		if v, ok := t.Enum.Values[name]; ok {
			val := Value{Type: t, I: v}
			return &Symbol{Kind: SymEnumConst, Name: name, Type: t, Value: &val}
		}
	}
	if v, ok := builtinConsts[name]; ok {
		vv := v
		return &Symbol{Kind: SymVar, Name: name, Var: &Var{Name: name, QualName: name, Type: v.Type, Const: true,
			Constexpr: true, Global: true, Space: SpaceConstant, Value: &vv}}
	}
	if IsBuiltinFunc(name) && len(Builtins("metal", name)) > 0 {
		return &Symbol{Kind: SymBuiltinFn, Name: name, builtinNS: "metal"}
	}
	return nil
}

func (c *checker) synthRT(name string) *Symbol {
	switch name {
	case "ray":
		return &Symbol{Kind: SymType, Name: name, Type: rayType()}
	}
	if rtTemplates[name] {
		return &Symbol{Kind: SymBuiltinTmp, Name: name}
	}
	if rtOpaques[name] {
		return &Symbol{Kind: SymType, Name: name, Type: OpaqueOf(name, nil, nil)}
	}
	if rtEnums[name] {
		return &Symbol{Kind: SymType, Name: name, Type: builtinEnum(name)}
	}
	return nil
}

func (s *Scope) withParent(p *Scope) *Scope {
	s.Parent = p
	if p != nil && p.QualName != "" {
		s.QualName = p.QualName + "::" + s.Name
	}
	s.builtin = s.QualName
	return s
}

var rayTypeCache struct {
	once sync.Once
	t    *Type
}

// rayType is metal::raytracing::ray.
func rayType() *Type {
	rayTypeCache.once.Do(func() { rayTypeCache.t = makeRayType() })
	return rayTypeCache.t
}

func makeRayType() *Type {
	st := &Struct{Name: "ray", QualName: "metal::raytracing::ray", Methods: map[string][]*Func{}}
	f3 := Vec(Float, 3)
	st.Fields = []*Field{{Name: "origin", Type: f3}, {Name: "direction", Type: f3},
		{Name: "min_distance", Type: Float}, {Name: "max_distance", Type: Float}}
	t := NewStructType(st)
	dflt := &syntax.BasicLit{Kind: syntax.IntLit, Value: "0"}
	ctor := &Func{Name: "ray", QualName: "metal::raytracing::ray::ray", Ctor: true, Method: st, Result: t,
		Params: []*Var{{Name: "origin", Type: f3}, {Name: "direction", Type: f3}, {Name: "min_distance", Type: Float},
			{Name: "max_distance", Type: Float}},
		Defaults: []syntax.Expr{dflt, dflt, dflt, dflt}}
	st.Ctors = []*Func{ctor}
	st.Complete = true
	return t
}

// lookupIn finds name directly in scope s (its own symbols, synthesized
// built-ins, then using-directive namespaces).
func (c *checker) lookupIn(s *Scope, name string, seen map[*Scope]bool) *Symbol {
	if sym := s.lookupLocal(name); sym != nil {
		return sym
	}
	if s.builtin != "" {
		if sym := c.synthBuiltin(s, name); sym != nil {
			return sym
		}
	}
	if len(s.Using) == 0 {
		return nil
	}
	if seen == nil {
		seen = map[*Scope]bool{s: true}
	}
	var found *Symbol
	for _, u := range s.Using {
		if seen[u] {
			continue
		}
		seen[u] = true
		if sym := c.lookupIn(u, name, seen); sym != nil {
			if found == nil {
				found = sym
			} else if found.Kind == SymFunc && sym.Kind == SymFunc && found != sym {
				merged := *found
				merged.Funcs = append(append([]*Func{}, found.Funcs...), sym.Funcs...)
				found = &merged
			}
		}
	}
	return found
}

// lookup performs unqualified name lookup from scope s outward, falling
// back to the metal namespaces so that shaders omitting `using namespace
// metal` still resolve the standard names.
func (c *checker) lookup(name string, s *Scope) *Symbol {
	for sc := s; sc != nil; sc = sc.Parent {
		if sym := c.lookupIn(sc, name, nil); sym != nil {
			return sym
		}
	}
	if sym := c.lookupIn(c.metal, name, nil); sym != nil {
		return sym
	}
	if rt := c.lookupIn(c.metal, "raytracing", nil); rt != nil && rt.NS != nil {
		if sym := c.lookupIn(rt.NS, name, nil); sym != nil {
			return sym
		}
	}
	return nil
}

// lookupNamespace resolves a namespace name (for using-directives and aliases).
func (c *checker) lookupNamespace(n *syntax.Name, s *Scope) *Scope {
	sym := c.lookupQualified(n, s, true)
	if sym == nil {
		return nil
	}
	if sym.Kind != SymNamespace {
		c.errorf(n.Pos(), "not-namespace", "'%s' is not a namespace", n.Plain())
		return nil
	}
	return sym.NS
}

// scopeOf returns the scope named by a symbol used as a qualifier (A:: in A::b).
func (c *checker) scopeOf(sym *Symbol, seg *syntax.NameSegment, s *Scope) *Scope {
	switch sym.Kind {
	case SymNamespace:
		return sym.NS
	case SymType:
		t := sym.Type
		switch t.Kind {
		case KStruct:
			return t.Struct.Scope
		case KEnum:
			if t.Enum.scope == nil {
				es := newScope(ScopeStruct, nil, t.Enum.Name)
				for k, v := range t.Enum.Values {
					val := Value{Type: t, I: v}
					es.insert(&Symbol{Kind: SymEnumConst, Name: k, Type: t, Value: &val})
				}
				t.Enum.scope = es
			}
			return t.Enum.scope
		}
	case SymTemplate:
		if seg.Template != nil {
			if t := c.instantiateClassFromSym(sym, seg, s); t != nil && t.Kind == KStruct {
				return t.Struct.Scope
			}
		}
	}
	return nil
}

// lookupQualified resolves a possibly qualified name. With report, a
// failed lookup is diagnosed.
func (c *checker) lookupQualified(n *syntax.Name, s *Scope, report bool) *Symbol {
	if len(n.Segs) == 0 {
		return nil
	}
	if !n.Qualified() {
		sym := c.lookup(n.Segs[0].Name, s)
		if sym == nil && report {
			c.errorf(n.Pos(), "undeclared", "use of undeclared identifier '%s'", n.Segs[0].Name)
		}
		return sym
	}
	var cur *Scope
	start := 0
	if n.Decltype != nil {
		// decltype(x)::member
		t := c.resolveType(n.Decltype, s).Unqualified()
		switch {
		case t.IsBad() || t.Kind == KOpaque:
			return &Symbol{Kind: SymType, Name: n.Last().Name, Type: Unknown}
		case t.Kind != KStruct || t.Struct.Scope == nil:
			if report {
				c.errorf(n.Pos(), "not-scope", "'%s' is not a class, namespace, or enumeration", t)
			}
			return nil
		}
		cur = t.Struct.Scope
	} else if n.Global {
		cur = c.global
	} else {
		first := n.Segs[0]
		sym := c.lookup(first.Name, s)
		if sym == nil {
			if report {
				c.errorf(first.NamePos, "undeclared", "use of undeclared identifier '%s'", first.Name)
			}
			return nil
		}
		if sym.Kind == SymBuiltinTmp && first.Name == "intersector" && len(n.Segs) == 2 && n.Segs[1].Name == "result_type" {
			var args []TemplArg
			if first.Template != nil {
				args = c.templArgs(first.Template, s)
			}
			return &Symbol{Kind: SymType, Name: "result_type", Type: intersectionResult(args)}
		}
		if sym.Kind == SymType && sym.Type.Kind == KOpaque && sym.Type.Opaque.Name == "intersector" &&
			len(n.Segs) == 2 && n.Segs[1].Name == "result_type" {
			return &Symbol{Kind: SymType, Name: "result_type", Type: intersectionResult(sym.Type.Opaque.Args)}
		}
		if sym.Kind == SymType && len(n.Segs) == 2 {
			if cs := meshStaticMember(sym.Type, n.Segs[1].Name); cs != nil {
				return cs
			}
			if t := opaqueMemberType(sym.Type, n.Segs[1].Name); t != nil {
				return &Symbol{Kind: SymType, Name: n.Segs[1].Name, Type: t}
			}
		}
		if sym.Kind == SymBuiltinTmp || (sym.Kind == SymType && (sym.Type.Kind == KOpaque || sym.Type.IsBad())) {
			// Other members of built-in templates are not modelled.
			return &Symbol{Kind: SymType, Name: n.Last().Name, Type: Unknown}
		}
		cur = c.scopeOf(sym, first, s)
		if cur == nil {
			if report && !(sym.Kind == SymType && sym.Type.IsBad()) {
				c.errorf(first.NamePos, "not-scope", "'%s' is not a class, namespace, or enumeration", first.Name)
			}
			return nil
		}
		start = 1
	}
	for i := start; i < len(n.Segs); i++ {
		seg := n.Segs[i]
		sym := c.lookupIn(cur, seg.Name, nil)
		if sym == nil && cur == c.global && seg.Name == "metal" {
			sym = &Symbol{Kind: SymNamespace, Name: "metal", NS: c.metal}
		}
		if sym == nil {
			if report {
				c.errorf(seg.NamePos, "undeclared", "no member named '%s' in '%s'", seg.Name, scopeName(cur))
			}
			return nil
		}
		if i == len(n.Segs)-1 {
			return sym
		}
		if sym.Kind == SymType && i == len(n.Segs)-2 {
			if cs := meshStaticMember(sym.Type, n.Segs[i+1].Name); cs != nil {
				return cs
			}
			if t := opaqueMemberType(sym.Type, n.Segs[i+1].Name); t != nil {
				return &Symbol{Kind: SymType, Name: n.Segs[i+1].Name, Type: t}
			}
		}
		if sym.Kind == SymBuiltinTmp || (sym.Kind == SymType && sym.Type.Kind == KOpaque) {
			return &Symbol{Kind: SymType, Name: n.Last().Name, Type: Unknown}
		}
		next := c.scopeOf(sym, seg, s)
		if next == nil {
			if report {
				c.errorf(seg.NamePos, "not-scope", "'%s' is not a class, namespace, or enumeration", seg.Name)
			}
			return nil
		}
		cur = next
	}
	return nil
}

func scopeName(s *Scope) string {
	if s.QualName == "" {
		return "the global namespace"
	}
	return s.QualName
}

// opaqueMemberType returns the member type name of a built-in type t
// (simd_vote::vote_t is the 64-bit mask type), or nil when not modelled.
func opaqueMemberType(t *Type, name string) *Type {
	if t != nil && t.Kind == KOpaque && t.Opaque != nil && t.Opaque.Name == "simd_vote" && name == "vote_t" {
		return ULong
	}
	return nil
}
