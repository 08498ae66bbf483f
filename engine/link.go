package engine

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
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
