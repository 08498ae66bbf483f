package lower

import (
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// pureCondBudget bounds the size (in expression nodes) of a right operand
// of && or || that is evaluated unconditionally instead of behind a branch.
const pureCondBudget = 24

// cheapPure reports whether evaluating e can have no effect and cannot
// fault: constants, scalar/vector locals and by-value parameters (thread
// space), swizzles of those, and built-in arithmetic, bitwise, logical and
// comparison operators on them (the IR defines integer division by zero
// and out-of-range shifts, so they cannot fault). Loads through pointers,
// indexing, calls, user operators and conversions, and assignments are
// not. Short-circuit operands that pass may be evaluated eagerly: the
// result is the same and the branch (a mask push and pop per lane group
// in the executor) disappears.
func (f *fn) cheapPure(e syntax.Expr, budget *int) bool {
	*budget--
	if *budget < 0 {
		return false
	}
	xi := f.info.Exprs[e]
	if xi == nil || xi.Type == nil || !xi.Type.IsScalarOrVector() {
		return false
	}
	if xi.Conv != nil && xi.Conv.Ctor != nil {
		return false
	}
	if xi.Value != nil {
		return true
	}
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return f.cheapPure(e.X, budget)
	case *syntax.NameExpr:
		return xi.Var != nil && (xi.Space == sema.SpaceThread || xi.Space == sema.SpaceNone)
	case *syntax.MemberExpr:
		return xi.Swizzle != nil && !e.Arrow && f.cheapPure(e.X, budget)
	case *syntax.UnaryExpr:
		switch e.Op {
		case syntax.Add, syntax.Sub, syntax.Not, syntax.Tilde:
			return opFunc(xi) == nil && f.cheapPure(e.X, budget)
		}
	case *syntax.BinaryExpr:
		switch e.Op {
		case syntax.Add, syntax.Sub, syntax.Star, syntax.Slash, syntax.Percent, syntax.Amp, syntax.Pipe,
			syntax.Caret, syntax.Shl, syntax.Shr, syntax.AndAnd, syntax.OrOr, syntax.Lt, syntax.Gt,
			syntax.Le, syntax.Ge, syntax.Eq, syntax.Ne:
			return opFunc(xi) == nil && f.cheapPure(e.X, budget) && f.cheapPure(e.Y, budget)
		}
	}
	return false
}
