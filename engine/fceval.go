package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// fcEval evaluates function constants (given ones and derived ones such
// as `constant int indexB = indexA + 2;`) on the host, for the uses the
// IR does not see: binding indices and the conditions that enable
// arguments.
type fcEval struct {
	prog   *sema.Program
	values *FunctionConstantValues
	depth  int
}

// constant returns the value of the function constant called name, and
// whether it is defined (a constant without a value is undefined).
func (ev *fcEval) constant(name string) (constValue, bool, error) {
	for _, fc := range ev.prog.FuncConsts {
		if fc.Name == name {
			return ev.funcConst(fc)
		}
	}
	return constValue{}, false, fmt.Errorf("no function constant %q", name)
}

func (ev *fcEval) funcConst(fc *sema.FuncConst) (constValue, bool, error) {
	if fc.Index >= 0 || fc.Init == nil {
		if ev.values == nil {
			return constValue{}, false, nil
		}
		v, ok := ev.values.byName[fc.Name]
		if !ok && fc.Index >= 0 {
			v, ok = ev.values.byIndex[fc.Index]
		}
		return v, ok, nil
	}
	if ev.depth > 64 {
		return constValue{}, false, fmt.Errorf("function constant %q: definition too deep", fc.Name)
	}
	ev.depth++
	defer func() { ev.depth-- }()
	v, err := ev.expr(fc.Init)
	if err != nil {
		return constValue{}, false, fmt.Errorf("function constant %q: %w", fc.Name, err)
	}
	switch {
	case fc.Type != nil && fc.Type.Kind == sema.KBool:
		return constValue{class: classBool, b: v.truth(), src: "bool"}, true, nil
	case fc.Type != nil && fc.Type.IsInteger():
		return constValue{class: classInt, i: v.int(), src: "int"}, true, nil
	}
	return constValue{class: classFloat, f: v.float(), src: "float"}, true, nil
}

func (v constValue) truth() bool {
	switch v.class {
	case classBool:
		return v.b
	case classInt:
		return v.i != 0 || v.u != 0
	}
	return v.f != 0
}

func (v constValue) int() int64 {
	switch v.class {
	case classBool:
		if v.b {
			return 1
		}
		return 0
	case classInt:
		if v.unsigned {
			return int64(v.u)
		}
		return v.i
	}
	return int64(v.f)
}

func (v constValue) float() float64 {
	if v.class == classFloat {
		return v.f
	}
	return float64(v.int())
}

func boolC(b bool) constValue   { return constValue{class: classBool, b: b, src: "bool"} }
func intC(i int64) constValue   { return constValue{class: classInt, i: i, src: "int"} }
func fltC(f float64) constValue { return constValue{class: classFloat, f: f, src: "float"} }

func (ev *fcEval) expr(e syntax.Expr) (constValue, error) {
	if x := ev.prog.Info.Exprs[e]; x != nil {
		if x.Value != nil && x.Value.Type != nil && x.Value.Elems == nil {
			t := x.Value.Type
			switch {
			case t.Kind == sema.KBool:
				return boolC(x.Value.I != 0), nil
			case t.IsInteger():
				return intC(x.Value.I), nil
			default:
				return fltC(x.Value.F), nil
			}
		}
		if x.Var != nil {
			for _, fc := range ev.prog.FuncConsts {
				if fc.Var == x.Var {
					v, ok, err := ev.funcConst(fc)
					if err != nil {
						return v, err
					}
					if !ok {
						return v, fmt.Errorf("function constant %q has no value", fc.Name)
					}
					return v, nil
				}
			}
		}
	}
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return ev.expr(e.X)
	case *syntax.CastExpr:
		return ev.expr(e.X)
	case *syntax.UnaryExpr:
		x, err := ev.expr(e.X)
		if err != nil {
			return x, err
		}
		switch e.Op {
		case syntax.Not:
			return boolC(!x.truth()), nil
		case syntax.Sub:
			if x.class == classFloat {
				return fltC(-x.f), nil
			}
			return intC(-x.int()), nil
		case syntax.Add:
			return x, nil
		case syntax.Tilde:
			return intC(^x.int()), nil
		}
	case *syntax.CondExpr:
		c, err := ev.expr(e.Cond)
		if err != nil {
			return c, err
		}
		if c.truth() {
			return ev.expr(e.Then)
		}
		return ev.expr(e.Else)
	case *syntax.BinaryExpr:
		x, err := ev.expr(e.X)
		if err != nil {
			return x, err
		}
		y, err := ev.expr(e.Y)
		if err != nil {
			return y, err
		}
		return evalBinary(e.Op, x, y)
	}
	return constValue{}, fmt.Errorf("cannot evaluate the expression at %v on the host", ev.prog.Fset.Position(e.Pos()))
}

func evalBinary(op syntax.Kind, x, y constValue) (constValue, error) {
	switch op {
	case syntax.AndAnd:
		return boolC(x.truth() && y.truth()), nil
	case syntax.OrOr:
		return boolC(x.truth() || y.truth()), nil
	}
	if x.class == classFloat || y.class == classFloat {
		a, b := x.float(), y.float()
		switch op {
		case syntax.Add:
			return fltC(a + b), nil
		case syntax.Sub:
			return fltC(a - b), nil
		case syntax.Star:
			return fltC(a * b), nil
		case syntax.Slash:
			return fltC(a / b), nil
		case syntax.Eq:
			return boolC(a == b), nil
		case syntax.Ne:
			return boolC(a != b), nil
		case syntax.Lt:
			return boolC(a < b), nil
		case syntax.Le:
			return boolC(a <= b), nil
		case syntax.Gt:
			return boolC(a > b), nil
		case syntax.Ge:
			return boolC(a >= b), nil
		}
		return constValue{}, fmt.Errorf("operator %v on floats", op)
	}
	a, b := x.int(), y.int()
	switch op {
	case syntax.Add:
		return intC(a + b), nil
	case syntax.Sub:
		return intC(a - b), nil
	case syntax.Star:
		return intC(a * b), nil
	case syntax.Slash, syntax.Percent:
		if b == 0 {
			return constValue{}, fmt.Errorf("division by zero")
		}
		if op == syntax.Slash {
			return intC(a / b), nil
		}
		return intC(a % b), nil
	case syntax.Shl:
		return intC(a << uint(b&63)), nil
	case syntax.Shr:
		return intC(a >> uint(b&63)), nil
	case syntax.Amp:
		return intC(a & b), nil
	case syntax.Pipe:
		return intC(a | b), nil
	case syntax.Caret:
		return intC(a ^ b), nil
	case syntax.Eq:
		return boolC(a == b), nil
	case syntax.Ne:
		return boolC(a != b), nil
	case syntax.Lt:
		return boolC(a < b), nil
	case syntax.Le:
		return boolC(a <= b), nil
	case syntax.Gt:
		return boolC(a > b), nil
	case syntax.Ge:
		return boolC(a >= b), nil
	}
	return constValue{}, fmt.Errorf("operator %v", op)
}
