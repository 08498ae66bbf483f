package reflect

import (
	"sort"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Build describes the checked qualified function f of prog.
func Build(fset *diag.FileSet, prog *sema.Program, f *sema.Function) Function {
	out := Function{
		Name:                            f.Name,
		Kind:                            kindOf(f.Kind),
		EarlyFragmentTests:              f.EarlyFragmentTests,
		MaxTotalThreadsPerThreadgroup:   f.MaxTotalThreadsPerThreadgroup,
		MaxTotalThreadgroupsPerMeshGrid: f.MaxTotalThreadgroupsPerMeshGrid,
		UserAnnotation:                  f.UserAnnotation,
		Arguments:                       []Argument{},
	}
	if f.HostName != "" && f.HostName != f.Name {
		out.HostName = f.HostName
	}
	for _, a := range f.TemplArgs {
		out.TemplateArgs = append(out.TemplateArgs, a.String())
	}
	if f.Result != nil {
		out.ReturnType = f.Result.String()
	}
	if r := f.RequiredThreadsPerThreadgroup; r != [3]int{} {
		out.RequiredThreadsPerThreadgroup = []int{r[0], r[1], r[2]}
	}
	if f.Patch != nil {
		out.Patch = &Patch{Type: f.Patch.Type, ControlPointCount: f.Patch.Points}
	}
	if f.Intersection != nil {
		out.Intersection = &Intersection{Primitive: f.Intersection.Primitive, Tags: append([]string(nil), f.Intersection.Tags...)}
	}
	for _, p := range f.Params {
		switch p.Bind {
		case sema.BindStageIn:
			for _, a := range p.StageIn {
				if a.Index >= 0 && (f.Kind == sema.FuncVertex || f.Kind == sema.FuncKernel) {
					out.StageIn = append(out.StageIn, Attribute{Name: a.Path, Index: a.Index, Type: typeName(a.Type), Active: true})
				}
			}
			if f.Kind == sema.FuncFragment {
				out.Inputs = append(out.Inputs, stageInVaryings(fset, p)...)
			}
			continue
		case sema.BindNone, sema.BindBuiltin, sema.BindColor, sema.BindPayload, sema.BindMesh, sema.BindMeshGrid:
			if p.Bind == sema.BindMesh && p.Type != nil {
				out.Outputs = append(out.Outputs, meshVaryings(fset, p.Type)...)
			}
			continue
		}
		out.Arguments = append(out.Arguments, argument(p))
	}
	sort.SliceStable(out.Arguments, func(i, j int) bool {
		a, b := out.Arguments[i], out.Arguments[j]
		if a.Type != b.Type {
			return argOrder(a.Type) < argOrder(b.Type)
		}
		return a.Index < b.Index
	})
	if f.Kind == sema.FuncVertex && f.Result != nil {
		out.Outputs = resultVaryings(fset, f.Result)
	}
	out.FunctionConstants = functionConstants(prog, f)
	return out
}

func kindOf(k sema.FuncKind) FunctionKind {
	switch k {
	case sema.FuncVertex:
		return KindVertex
	case sema.FuncFragment:
		return KindFragment
	case sema.FuncKernel:
		return KindKernel
	case sema.FuncVisible:
		return KindVisible
	case sema.FuncStitchable:
		return KindStitchable
	case sema.FuncIntersection:
		return KindIntersection
	case sema.FuncObject:
		return KindObject
	case sema.FuncMesh:
		return KindMesh
	case sema.FuncTile:
		return KindTile
	}
	return FunctionKind(k.String())
}

func argOrder(t ArgumentType) int {
	switch t {
	case ArgBuffer, ArgPrimitiveAccelStruct, ArgInstanceAccelStruct, ArgIntersectionFuncTable, ArgVisibleFunctionTable:
		return 0
	case ArgTexture:
		return 1
	case ArgSampler:
		return 2
	case ArgThreadgroupMemory:
		return 3
	}
	return 4
}

// argument describes an entry point's resource argument; it is active when
// the body refers to it (sema's Param.Used).
func argument(p *sema.Param) Argument {
	a := Argument{Name: p.Name, Index: p.Index, ArrayLength: max(p.Count, 1), Active: p.Var == nil || p.Used}
	if p.FuncConst != nil {
		a.FunctionConstant = p.FuncConst.Name
	}
	if p.IndexConst != nil {
		a.IndexConstant = p.IndexConst.Name
	}
	t := p.Type
	switch p.Bind {
	case sema.BindTexture:
		a.Type = ArgTexture
		tex := t
		for tex != nil && (tex.Kind == sema.KArray || tex.Kind == sema.KReference) {
			tex = tex.Elem
		}
		if tex != nil && tex.Kind == sema.KTexture {
			a.TextureType = tex.Tex.String()
			a.IsDepthTexture = tex.Tex.IsDepth()
			if tex.Elem != nil {
				a.TextureDataType = tex.Elem.String()
			}
			a.Access = textureAccess(tex.Access)
		} else {
			a.Access = AccessRead
		}
	case sema.BindSampler:
		a.Type = ArgSampler
		a.Access = AccessRead
	case sema.BindThreadgroup:
		a.Type = ArgThreadgroupMemory
		a.Access = AccessReadWrite
		if pt := pointee(t); pt != nil {
			size, align, _ := sema.Layout(pt)
			a.ThreadgroupMemorySize, a.ThreadgroupMemoryAlignment = size, align
			a.DataType = dataType(pt)
		}
	case sema.BindImageblock, sema.BindImageblockData:
		a.Type = ArgImageblock
		if p.Bind == sema.BindImageblockData {
			a.Type = ArgImageblockData
		}
		a.Access = AccessReadWrite
	default: // buffers and the handles bound in the buffer table
		a.Type = bufferKind(t)
		a.AddressSpace = p.Space.String()
		a.Access = AccessReadWrite
		if p.Space == sema.SpaceConstant || (t != nil && (t.Kind == sema.KPointer || t.Kind == sema.KReference) && t.Const) {
			a.Access = AccessRead
		}
		if a.Type != ArgBuffer {
			a.Access = AccessRead
			break
		}
		if pt := pointee(t); pt != nil {
			describeData(&a, pt)
		} else if t != nil {
			// A buffer passed by value (a struct or an array of values in
			// the constant address space): describe it as it is.
			describeData(&a, t)
		}
	}
	return a
}

func textureAccess(acc sema.Access) Access {
	switch acc {
	case sema.AccessWrite:
		return AccessWrite
	case sema.AccessReadWrite:
		return AccessReadWrite
	}
	return AccessRead
}

// bufferKind classifies a [[buffer(n)]] argument: plain buffers, or the
// ray-tracing handles Metal binds in the buffer table.
func bufferKind(t *sema.Type) ArgumentType {
	if t == nil || t.Kind != sema.KOpaque || t.Opaque == nil {
		return ArgBuffer
	}
	switch t.Opaque.Name {
	case "acceleration_structure":
		for _, a := range t.Opaque.Args {
			if a.Type == nil && a.Value != nil && a.Value.Str == "instancing" || a.String() == "instancing" {
				return ArgInstanceAccelStruct
			}
		}
		return ArgPrimitiveAccelStruct
	case "instance_acceleration_structure":
		return ArgInstanceAccelStruct
	case "primitive_acceleration_structure":
		return ArgPrimitiveAccelStruct
	case "intersection_function_table":
		return ArgIntersectionFuncTable
	case "visible_function_table":
		return ArgVisibleFunctionTable
	}
	return ArgBuffer
}

// pointee strips one pointer or reference level.
func pointee(t *sema.Type) *sema.Type {
	if t == nil {
		return nil
	}
	if t.Kind == sema.KPointer || t.Kind == sema.KReference {
		return t.Elem
	}
	return nil
}

// describeData fills a buffer argument's data type, size, alignment and
// struct or array layout. A pointer to an array describes the element.
func describeData(a *Argument, t *sema.Type) {
	if t.Kind == sema.KArray && t.Elem != nil {
		t = t.Elem
	}
	a.DataType = dataType(t)
	size, align, _ := sema.Layout(t)
	a.DataSize, a.Alignment = size, align
	switch t.Kind {
	case sema.KStruct:
		a.Struct = structType(t)
	case sema.KArray:
		a.Array = arrayType(t)
	}
}

// dataType names a type as reflection reports it: "struct" and "array"
// for aggregates (their detail is in Struct/Array), the MSL spelling
// otherwise.
func dataType(t *sema.Type) string {
	switch t.Kind {
	case sema.KStruct:
		return "struct"
	case sema.KArray:
		return "array"
	case sema.KPointer:
		return "pointer"
	}
	return t.String()
}

func typeName(t *sema.Type) string {
	if t == nil {
		return ""
	}
	return t.String()
}

func structType(t *sema.Type) *StructType {
	s := t.Struct
	size, align, offs := sema.Layout(t)
	st := &StructType{Name: s.QualName, Size: size, Align: align, Members: []StructMember{}}
	if st.Name == "" {
		st.Name = s.Name
	}
	i := 0
	for _, f := range s.Fields {
		if f.Static {
			continue
		}
		m := StructMember{Name: f.Name, DataType: dataType(f.Type), Size: sema.SizeOf(f.Type), Attribute: attrText(f.Attrs)}
		if i < len(offs) {
			m.Offset = offs[i]
		}
		i++
		switch f.Type.Kind {
		case sema.KStruct:
			m.Struct = structType(f.Type)
		case sema.KArray:
			m.Array = arrayType(f.Type)
		}
		st.Members = append(st.Members, m)
	}
	return st
}

func arrayType(t *sema.Type) *ArrayType {
	at := &ArrayType{Length: t.N, Stride: sema.Stride(t.Elem), ElementType: dataType(t.Elem)}
	switch t.Elem.Kind {
	case sema.KStruct:
		at.Struct = structType(t.Elem)
	case sema.KArray:
		at.Array = arrayType(t.Elem)
	}
	return at
}

// attrText renders the first varying-related attribute of a member.
func attrText(as []sema.Attr) string {
	for _, a := range as {
		s := a.Name
		if len(a.Args) > 0 {
			s += "("
			for i, v := range a.Args {
				if i > 0 {
					s += ", "
				}
				if v.Str != "" {
					s += v.Str
				} else {
					s += v.String()
				}
			}
			s += ")"
		}
		return s
	}
	return ""
}

// functionConstants lists the program-scope function constants f depends
// on (sema computes them transitively: its body, its callees, the
// conditions of its arguments and, for derived constants, what they are
// computed from). A constant is required unless the function only asks
// is_function_constant_defined about it.
func functionConstants(prog *sema.Program, f *sema.Function) []FunctionConstant {
	if len(f.FuncConsts) == 0 {
		return nil // nothing to mark optional: skip the walk of the callees
	}
	optional := map[*sema.FuncConst]bool{}
	visited := map[*sema.Func]bool{}
	var walk func(fn *sema.Func)
	walk = func(fn *sema.Func) {
		if fn == nil || visited[fn] || fn.Info == nil {
			return
		}
		visited[fn] = true
		for e, x := range fn.Info.Exprs {
			call, ok := e.(*syntax.CallExpr)
			if !ok || x == nil || x.Builtin == nil || x.Builtin.Name != "is_function_constant_defined" || len(call.Args) != 1 {
				continue
			}
			if ax := fn.Info.Exprs[call.Args[0]]; ax != nil && ax.Var != nil && ax.Var.FuncConst != nil {
				optional[ax.Var.FuncConst] = true
			}
		}
		for _, c := range fn.Calls {
			walk(c)
		}
	}
	walk(f.Func)
	var out []FunctionConstant
	for _, fc := range f.FuncConsts {
		out = append(out, FunctionConstant{Name: fc.Name, Index: fc.Index, Type: typeName(fc.Type), Required: fc.Index >= 0 && !optional[fc]})
	}
	return out
}
