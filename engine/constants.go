package engine

import (
	"fmt"
	"math"
	"sort"

	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/ir"
)

// FunctionConstantValues holds the values of function constants for
// pipeline creation (MTLFunctionConstantValues), set by index or by name.
// A value must have the constant's type class: bool for bool constants,
// an integer for integer constants, a float for float and half constants
// (an untyped Go constant such as 3 or 2.5 works for either numeric
// class). The zero value is ready to use.
type FunctionConstantValues struct {
	byIndex map[int]constValue
	byName  map[string]constValue
}

type constClass uint8

const (
	classBool constClass = iota
	classInt
	classFloat
)

type constValue struct {
	class constClass
	i     int64
	u     uint64
	f     float64
	b     bool
	// unsigned is set for values given as unsigned Go integers.
	unsigned bool
	src      string // the Go type, for messages
}

// NewFunctionConstantValues returns an empty set of values.
func NewFunctionConstantValues() *FunctionConstantValues { return &FunctionConstantValues{} }

func toConst(v any) (constValue, error) {
	switch x := v.(type) {
	case bool:
		return constValue{class: classBool, b: x, src: "bool"}, nil
	case int:
		return constValue{class: classInt, i: int64(x), src: "int"}, nil
	case int8:
		return constValue{class: classInt, i: int64(x), src: "int8"}, nil
	case int16:
		return constValue{class: classInt, i: int64(x), src: "int16"}, nil
	case int32:
		return constValue{class: classInt, i: int64(x), src: "int32"}, nil
	case int64:
		return constValue{class: classInt, i: x, src: "int64"}, nil
	case uint:
		return constValue{class: classInt, u: uint64(x), unsigned: true, src: "uint"}, nil
	case uint8:
		return constValue{class: classInt, u: uint64(x), unsigned: true, src: "uint8"}, nil
	case uint16:
		return constValue{class: classInt, u: uint64(x), unsigned: true, src: "uint16"}, nil
	case uint32:
		return constValue{class: classInt, u: uint64(x), unsigned: true, src: "uint32"}, nil
	case uint64:
		return constValue{class: classInt, u: x, unsigned: true, src: "uint64"}, nil
	case float32:
		return constValue{class: classFloat, f: float64(x), src: "float32"}, nil
	case float64:
		return constValue{class: classFloat, f: x, src: "float64"}, nil
	}
	return constValue{}, fmt.Errorf("unsupported Go type %T (want bool, an integer or a float)", v)
}

// SetConstantValue sets the constant with [[function_constant(index)]]
// to v (bool, any Go integer or float type).
func (c *FunctionConstantValues) SetConstantValue(index int, v any) error {
	cv, err := toConst(v)
	if err != nil {
		return fmt.Errorf("engine: function constant %d: %w", index, err)
	}
	if index < 0 || index > math.MaxUint16 {
		return fmt.Errorf("engine: function constant index %d out of range [0, 65535]", index)
	}
	if c.byIndex == nil {
		c.byIndex = map[int]constValue{}
	}
	c.byIndex[index] = cv
	return nil
}

// SetConstantValueByName sets the function constant called name to v.
func (c *FunctionConstantValues) SetConstantValueByName(name string, v any) error {
	cv, err := toConst(v)
	if err != nil {
		return fmt.Errorf("engine: function constant %q: %w", name, err)
	}
	if name == "" {
		return fmt.Errorf("engine: function constant name is empty")
	}
	if c.byName == nil {
		c.byName = map[string]constValue{}
	}
	c.byName[name] = cv
	return nil
}

// Reset removes every value.
func (c *FunctionConstantValues) Reset() { c.byIndex, c.byName = nil, nil }

// pattern converts v to the value pattern of kind k.
func (v constValue) pattern(k ir.Kind) (uint64, bool) {
	switch k {
	case ir.Bool:
		if v.class != classBool {
			return 0, false
		}
		if v.b {
			return 1, true
		}
		return 0, true
	case ir.F32, ir.F16:
		var f float64
		switch v.class {
		case classFloat:
			f = v.f
		case classInt:
			if v.unsigned {
				f = float64(v.u)
			} else {
				f = float64(v.i)
			}
		default:
			return 0, false
		}
		x := float32(f)
		if k == ir.F16 {
			x = fmath.RoundHalf(x)
		}
		return uint64(math.Float32bits(x)), true
	default:
		if v.class != classInt {
			return 0, false
		}
		if v.unsigned {
			return ir.Normalize(k, v.u), true
		}
		return ir.Normalize(k, uint64(v.i)), true
	}
}

// resolve maps the values onto the constants of p (by index, then by name),
// returning the values Specialize takes. Names or indices the program
// does not declare are ignored (a library-wide set may hold values for
// other functions), as in Metal.
func (c *FunctionConstantValues) resolve(p *ir.Program) (map[int]uint64, error) {
	out := map[int]uint64{}
	if c == nil {
		return out, nil
	}
	consts := append([]ir.FuncConstant(nil), p.Constants...)
	sort.Slice(consts, func(i, j int) bool { return consts[i].Index < consts[j].Index })
	for _, fc := range consts {
		v, ok := c.byIndex[fc.Index]
		how := fmt.Sprintf("index %d", fc.Index)
		if nv, nok := c.byName[fc.Name]; nok {
			v, ok, how = nv, true, fmt.Sprintf("name %q", fc.Name)
		}
		if !ok {
			continue
		}
		pat, good := v.pattern(fc.Kind)
		if !good {
			return nil, fmt.Errorf("engine: function constant %q (%s) has type %v, given a Go %s", fc.Name, how, fc.Kind, v.src)
		}
		out[fc.Index] = pat
	}
	return out, nil
}

// has reports whether a value is given for the constant (by index or name).
func (c *FunctionConstantValues) has(index int, name string) bool {
	if c == nil {
		return false
	}
	if _, ok := c.byName[name]; ok {
		return true
	}
	_, ok := c.byIndex[index]
	return ok && index >= 0
}
