package sema

import "github.com/ingot-render/ingot/shaders/syntax"

// Arg describes one call argument for overload resolution.
type Arg struct {
	Type   *Type
	LValue bool
	Const  bool
	Space  AddrSpace
	Null   bool // null pointer constant
}

// Match is the result of matching a call against one candidate.
type Match struct {
	Func    *Func
	Builtin *Builtin
	Result  *Type
	Params  []*Type      // the parameter type each argument is converted to
	Convs   []Conversion // per argument
	score   []Rank
}

// better reports whether m is a better match than o (C++ [over.match.best]:
// no argument worse and at least one better).
func (m *Match) better(o *Match) bool {
	anyBetter := false
	n := len(m.score)
	if len(o.score) < n {
		n = len(o.score)
	}
	for i := 0; i < n; i++ {
		switch {
		case m.score[i] < o.score[i]:
			anyBetter = true
		case m.score[i] > o.score[i]:
			return false
		}
	}
	if anyBetter {
		return true
	}
	// Tie-breakers: a non-template beats a template instantiation.
	if m.Func != nil && o.Func != nil && m.Func.Template == nil && o.Func.Template != nil {
		return true
	}
	// Partial ordering: a template without a function parameter pack is
	// more specialized than one with ([temp.deduct.partial]).
	if m.Func != nil && o.Func != nil && m.Func.Template != nil && o.Func.Template != nil &&
		!templateHasPack(m.Func.Template) && templateHasPack(o.Func.Template) {
		return true
	}
	return false
}

func templateHasPack(t *Template) bool {
	fd, ok := t.Decl.Decl.(*syntax.FuncDecl)
	return ok && hasParamPack(fd)
}

// paramConversion computes the conversion of an argument to a parameter,
// including reference binding rules: a non-const reference needs an lvalue
// of the same type in the same address space.
func paramConversion(a Arg, p *Type) Conversion {
	if p.Kind == KReference {
		if a.Type.IsBad() {
			return Conversion{Kind: ConvUnknown, Rank: RankExact, From: a.Type, To: p}
		}
		ref := p.Elem
		sameSpace := p.Space == SpaceNone || a.Space == SpaceNone || p.Space == a.Space ||
			(p.Space == SpaceThread && a.Space == SpaceNone)
		// A constant-address-space reference is read-only whether or not
		// it says const (constant T& binds to a constant lvalue).
		if !p.Const && p.Space != SpaceConstant {
			if !a.LValue || a.Const || !sameSpace {
				return Conversion{Rank: RankNone, From: a.Type, To: p}
			}
			if a.Type.Unqualified() == ref {
				return Conversion{Rank: RankExact, From: a.Type, To: p}
			}
			if a.Type.Kind == KStruct && ref.Kind == KStruct && derivesFrom(a.Type.Struct, ref) {
				return Conversion{Kind: ConvDerived, Rank: RankConversion, From: a.Type, To: p}
			}
			return Conversion{Rank: RankNone, From: a.Type, To: p}
		}
		// const reference: binds to lvalues in the same space directly, or
		// (thread space) to a temporary of a converted value.
		if a.LValue && sameSpace && a.Type.Unqualified() == ref {
			return Conversion{Rank: RankExact, From: a.Type, To: p}
		}
		if p.Space != SpaceThread && p.Space != SpaceNone && a.Space != p.Space {
			return Conversion{Rank: RankNone, From: a.Type, To: p}
		}
		return ImplicitConversion(a.Type, ref, ConvOpts{NullPtrConst: a.Null})
	}
	if a.Type.Kind == KArray && p.Kind == KPointer {
		// Array-to-pointer decay keeps the array's address space.
		if orThread(a.Space) != orThread(p.Space) || a.Const && !p.Const && p.Space != SpaceConstant {
			return Conversion{Rank: RankNone, From: a.Type, To: p}
		}
	}
	return ImplicitConversion(a.Type, p, ConvOpts{NullPtrConst: a.Null})
}

// newMatch returns an empty Match of f with room for n arguments (the
// Match and its three slices in two allocations).
func newMatch(f *Func, n int) *Match {
	type block struct {
		m      Match
		params [4]*Type
		score  [4]Rank
	}
	if n > 4 {
		return &Match{Func: f, Result: f.Result, Params: make([]*Type, 0, n), Convs: make([]Conversion, 0, n), score: make([]Rank, 0, n)}
	}
	b := &block{}
	b.m = Match{Func: f, Result: f.Result, Params: b.params[:0:n], score: b.score[:0:n]}
	if n > 0 {
		b.m.Convs = make([]Conversion, 0, n)
	}
	return &b.m
}

// MatchFunc matches args against a user function's parameters.
func MatchFunc(f *Func, args []Arg) *Match {
	if len(args) > len(f.Params) && !f.Variadic {
		return nil
	}
	if len(args) < f.minArgs() {
		return nil
	}
	m := newMatch(f, len(args))
	for i, a := range args {
		if i >= len(f.Params) {
			m.Params = append(m.Params, a.Type)
			m.Convs = append(m.Convs, Conversion{Rank: RankExact, From: a.Type, To: a.Type})
			m.score = append(m.score, RankConversion)
			continue
		}
		pt := f.Params[i].Type
		c := paramConversion(a, pt)
		if c.Rank == RankNone {
			return nil
		}
		m.Params = append(m.Params, pt)
		m.Convs = append(m.Convs, c)
		m.score = append(m.score, c.Rank)
	}
	return m
}

// matchFunc is MatchFunc, and where that finds f not viable, MatchFunc
// with the user-defined conversions of struct arguments through conversion
// function templates (`template <typename U, …> operator U() const`), which
// need instantiation and so the checker.
func (c *checker) matchFunc(f *Func, args []Arg) *Match {
	if m := MatchFunc(f, args); m != nil || !hasConvTemplateArg(args) {
		return m
	}
	if len(args) > len(f.Params) && !f.Variadic || len(args) < f.minArgs() {
		return nil
	}
	m := &Match{Func: f, Result: f.Result}
	for i, a := range args {
		if i >= len(f.Params) {
			m.Params = append(m.Params, a.Type)
			m.Convs = append(m.Convs, Conversion{Rank: RankExact, From: a.Type, To: a.Type})
			m.score = append(m.score, RankConversion)
			continue
		}
		pt := f.Params[i].Type
		cv := paramConversion(a, pt)
		if cv.Rank == RankNone {
			to := pt
			if to.Kind == KReference && (to.Const || to.Space == SpaceConstant) {
				to = to.Elem
			}
			if to.Kind == KReference || to.Kind == KStruct {
				return nil
			}
			op := c.templateConversion(a.Type, to)
			if op == nil {
				return nil
			}
			cv = Conversion{Kind: ConvUser, Rank: RankUser, From: a.Type, To: pt, Operator: op}
		}
		m.Params = append(m.Params, pt)
		m.Convs = append(m.Convs, cv)
		m.score = append(m.score, cv.Rank)
	}
	return m
}

// hasConvTemplateArg reports whether some argument is a struct with a
// conversion function template.
func hasConvTemplateArg(args []Arg) bool {
	for _, a := range args {
		t := a.Type.Unqualified()
		if t.Kind != KStruct || t.Struct == nil || t.Struct.Scope == nil {
			continue
		}
		if sym := t.Struct.Scope.lookupLocal("operator"); sym != nil && len(sym.Templs) > 0 {
			return true
		}
	}
	return false
}

// deduceGeneric binds a builtin's generic letter from the arguments.
func deduceGeneric(b *Builtin, args []Arg) *Type {
	var g byte
	for _, p := range b.Params {
		if p.gen != 0 {
			g = p.gen
			break
		}
	}
	if g == 0 {
		return nil
	}
	width := 0
	var elem, vecElem *Type
	for i, p := range b.Params {
		if i >= len(args) || p.gen != g {
			continue
		}
		at := args[i].Type.Unqualified()
		if at.Kind == KPacked {
			at = Vec(at.Elem, at.N)
		}
		if at.Kind == KPixel {
			at = at.Elem
		}
		if at.Kind == KEnum {
			at = at.Enum.Underlying
		}
		if !at.IsScalarOrVector() {
			if at.IsBad() {
				continue
			}
			return nil
		}
		if p.suffix == 0 || p.suffix == 'b' || p.suffix == 'i' || p.suffix == 'u' {
			if at.Kind == KVector {
				if width != 0 && width != at.N {
					return nil
				}
				width = at.N
			}
		}
		if p.suffix == 0 || p.suffix == 's' {
			s := at.Scalar()
			if at.Kind == KVector {
				// A vector argument fixes the element type: a scalar of
				// another type converts (mix(half3, half3, float)).
				if vecElem == nil || arithRank(s) > arithRank(vecElem) || (vecElem.Kind == KBool && s.Kind != KBool) {
					vecElem = s
				}
			}
			if elem == nil || arithRank(s) > arithRank(elem) || (elem.Kind == KBool && s.Kind != KBool) {
				elem = s
			}
		}
	}
	if vecElem != nil {
		elem = vecElem
	}
	if width == 0 {
		width = 1
	}
	if g == 'V' || g == 'W' {
		if width == 1 {
			return nil
		}
	}
	if elem == nil {
		return nil
	}
	elems := genElems[g]
	found := false
	for _, e := range elems {
		if e == elem {
			found = true
			break
		}
	}
	if !found {
		// An integer argument to a floating function: C++ templates in
		// metal_stdlib would reject it, but MSL's scalar overloads accept
		// ints converted to float. Use float.
		switch {
		case (g == 'F' || g == 'V' || g == 'W') && elem.IsInteger():
			elem = Float
		case g == 'F' && elem.Kind == KBFloat:
			elem = Float
		default:
			return nil
		}
	}
	if !genWidthOK(g, width) {
		return nil
	}
	return Vec(elem, width)
}

func substTok(p ptok, t *Type) *Type {
	if p.gen == 0 {
		return p.concrete
	}
	if t == nil {
		return nil
	}
	switch p.suffix {
	case 's':
		return t.Scalar()
	case 'b':
		return Vec(Bool, t.Width())
	case 'i':
		return Vec(Int, t.Width())
	case 'u':
		return t.Unsigned()
	}
	return t
}

// MatchBuiltin matches args against one generic builtin signature.
func MatchBuiltin(b *Builtin, args []Arg) *Match {
	req := 0
	for _, p := range b.Params {
		if !p.optional {
			req++
		}
	}
	if len(args) < req || len(args) > len(b.Params) {
		return nil
	}
	t := deduceGeneric(b, args)
	m := &Match{Builtin: b}
	for i, a := range args {
		p := b.Params[i]
		if p.any {
			m.Params = append(m.Params, a.Type)
			m.Convs = append(m.Convs, Conversion{Rank: RankExact, From: a.Type, To: a.Type})
			m.score = append(m.score, RankExact)
			continue
		}
		pt := substTok(p, t)
		if pt == nil {
			return nil
		}
		if p.outRef {
			pt = RefTo(pt, SpaceThread, false, false)
		}
		c := paramConversion(a, pt)
		if c.Rank == RankNone {
			return nil
		}
		m.Params = append(m.Params, pt)
		m.Convs = append(m.Convs, c)
		m.score = append(m.score, c.Rank)
	}
	m.Result = substTok(b.Results, t)
	if m.Result == nil {
		return nil
	}
	return m
}

// Resolve picks the best match among candidates. ambiguous is set (with
// the two best) when no single best exists.
func Resolve(cands []*Match) (best *Match, ambiguous []*Match) {
	for _, c := range cands {
		if c == nil {
			continue
		}
		if best == nil || c.better(best) {
			best = c
		}
	}
	if best == nil {
		return nil, nil
	}
	for _, c := range cands {
		if c == nil || c == best {
			continue
		}
		if !best.better(c) {
			// For builtins (generic signatures across groups, e.g. F max
			// vs I max) prefer the earlier, deterministic candidate when the
			// scores are equal; this mirrors metal_stdlib's templated
			// mixed-argument overloads.
			if best.Builtin != nil && c.Builtin != nil {
				continue
			}
			return nil, []*Match{best, c}
		}
	}
	return best, nil
}
