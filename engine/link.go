package engine

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// handleKind is the kind of resource a handle binding takes.
type handleKind uint8

const (
	handleAny handleKind = iota // SetHandle: not checked
	handleAccel
	handleIntersectionTable
	handleVisibleTable
)

var handleNames = [...]string{"a resource handle", "an acceleration structure", "an intersection function table", "a visible function table"}

// String returns the kind's name with its article ("an acceleration
// structure").
func (k handleKind) String() string { return handleNames[k] }

// handleKindOf classifies an argument's MSL type.
func handleKindOf(mslType string) handleKind {
	switch {
	case strings.Contains(mslType, "acceleration_structure"):
		return handleAccel
	case strings.Contains(mslType, "intersection_function_table"):
		return handleIntersectionTable
	case strings.Contains(mslType, "visible_function_table"):
		return handleVisibleTable
	}
	return handleAny
}

// linkOptions validates ComputePipelineOptions.LinkedFunctions and returns
// the lowering options and the set of linked names (nil: all linked).
func linkOptions(pipeline string, lib *Library, fns []*Function) (lower.Options, map[string]bool, error) {
	if fns == nil {
		return lower.Options{}, nil, nil
	}
	linked := map[string]bool{}
	opts := lower.Options{IntersectionFunctions: []string{}}
	for i, f := range fns {
		if f == nil {
			return opts, nil, fmt.Errorf("engine: NewComputePipelineState %s: LinkedFunctions[%d] is nil", pipeline, i)
		}
		if f.lib != lib {
			return opts, nil, fmt.Errorf("engine: NewComputePipelineState %s: LinkedFunctions[%d] (%s) is from another library than the kernel", pipeline, i, f.Name())
		}
		switch f.FunctionType() {
		case reflect.KindIntersection:
			opts.IntersectionFunctions = append(opts.IntersectionFunctions, f.Name())
		case reflect.KindVisible:
		default:
			return opts, nil, fmt.Errorf("engine: NewComputePipelineState %s: LinkedFunctions[%d] (%s) is a %s function, want intersection or visible", pipeline, i, f.Name(), f.FunctionType())
		}
		linked[f.Name()] = true
	}
	return opts, linked, nil
}

// externResolver resolves extern declarations against preloaded libraries
// (lower.Externs).
type externResolver struct {
	libs []*Library
}

// externsOf validates ComputePipelineOptions.PreloadedLibraries.
func externsOf(pipeline string, d *Device, libs []*Library) (lower.Externs, error) {
	for i, l := range libs {
		if l == nil {
			return nil, fmt.Errorf("engine: NewComputePipelineState %s: PreloadedLibraries[%d] is nil", pipeline, i)
		}
		if l.dev != d {
			return nil, fmt.Errorf("engine: NewComputePipelineState %s: PreloadedLibraries[%d] belongs to another device", pipeline, i)
		}
	}
	return externResolver{libs: libs}, nil
}

// Func finds a defined function with decl's name and signature.
func (r externResolver) Func(decl *sema.Func) (*sema.Program, *sema.Func) {
	for _, l := range r.libs {
		for _, f := range l.lib.Program.Funcs {
			if f.QualName == decl.QualName && f.Decl != nil && f.Decl.Body != nil && sameSignature(f, decl) {
				return l.lib.Program, f
			}
		}
	}
	return nil, nil
}

// Var finds a defined program-scope variable with decl's name and type.
func (r externResolver) Var(decl *sema.Var) (*sema.Program, *sema.Var) {
	for _, l := range r.libs {
		for _, v := range l.lib.Program.Globals {
			if v.Name != decl.Name || v.Extern || v.Type.String() != decl.Type.String() {
				continue
			}
			if vd, ok := v.Decl.(*syntax.VarDecl); ok && vd.Init != nil {
				return l.lib.Program, v
			}
		}
	}
	return nil, nil
}

// sameSignature compares parameter and result types by spelling (the
// programs are separate, so their types are distinct objects).
func sameSignature(a, b *sema.Func) bool {
	if len(a.Params) != len(b.Params) || typeString(a.Result) != typeString(b.Result) || len(a.TemplArgs) != len(b.TemplArgs) {
		return false
	}
	for i := range a.Params {
		if a.Params[i].Type.String() != b.Params[i].Type.String() {
			return false
		}
	}
	return true
}

func typeString(t *sema.Type) string {
	if t == nil {
		return "void"
	}
	return t.String()
}
