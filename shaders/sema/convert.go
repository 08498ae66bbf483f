package sema

import "github.com/ingot-render/ingot/shaders/syntax"

// Rank orders implicit conversion sequences as C++ [over.ics.rank] does:
// a lower rank is better.
type Rank uint8

// Conversion ranks.
const (
	RankExact      Rank = iota // identity, lvalue-to-rvalue, qualification adjustment
	RankPromotion              // integral promotion, half/bfloat → float
	RankConversion             // every other standard conversion (incl. scalar → vector splat)
	RankUser                   // a converting constructor or conversion operator
	RankNone                   // no implicit conversion
)

// String names r.
func (r Rank) String() string {
	return [...]string{"exact", "promotion", "conversion", "user-defined", "none"}[r]
}

// ConvKind says what an implicit conversion does, so that lowering can
// apply it without re-deriving it.
type ConvKind uint8

// Conversion kinds.
const (
	ConvNone           ConvKind = iota // identity (maybe a qualification change)
	ConvIntegral                       // integer → integer (incl. promotions), enum → integer
	ConvFloating                       // float type → float type
	ConvIntToFloat                     // integer/bool → floating
	ConvFloatToInt                     // floating → integer
	ConvToBool                         // scalar/pointer → bool
	ConvBoolToInt                      // bool → integer
	ConvSplat                          // scalar → vector (after converting to the element type; see Conversion.Elem)
	ConvPackedToVector                 // packed_vec<T,n> → vec<T,n>
	ConvVectorToPacked                 // vec<T,n> → packed_vec<T,n>
	ConvPointer                        // pointer qualification (adding const/volatile), nullptr → pointer, array → pointer decay
	ConvPixel                          // pixel storage type ↔ its ALU type
	ConvAtomicNone                     // (unused) reserved
	ConvUser                           // converting constructor (Conversion.Ctor) of a struct
	ConvDerived                        // derived struct → base struct (slicing / reference binding)
	ConvUnknown                        // involves an unknown/invalid type: accepted silently
	ConvUniform                        // uniform<T> → T
	ConvVector                         // vector → vector of another element type (explicit only)
)

// Conversion is an implicit conversion from From to To.
type Conversion struct {
	Kind ConvKind
	Rank Rank
	From *Type
	To   *Type
	// Elem is the element conversion of a ConvSplat (scalar → element type).
	Elem ConvKind
	Ctor *Func // ConvUser: the constructor used
	// Operator is the conversion function (`operator T() const`) of the
	// source struct a ConvUser uses instead of a constructor.
	Operator *Func
}

// ConvOpts carries facts about the source expression that affect
// implicit conversions.
type ConvOpts struct {
	NullPtrConst bool // the expression is a null pointer constant (0, nullptr)
	Explicit     bool // a cast or functional cast: vector ↔ vector, vector → scalar, etc. allowed
	// NoUser excludes user-defined (converting constructor) conversions:
	// an implicit conversion sequence holds at most one, so a
	// constructor's own argument is converted without another.
	NoUser bool
}

func scalarConv(from, to *Type) (ConvKind, Rank) {
	if from == to {
		return ConvNone, RankExact
	}
	fk, tk := from.Kind, to.Kind
	switch {
	case tk == KBool:
		return ConvToBool, RankConversion
	case from.IsFloat() && to.IsFloat():
		if tk == KFloat && (fk == KHalf || fk == KBFloat) {
			return ConvFloating, RankPromotion
		}
		return ConvFloating, RankConversion
	case fk == KBool && to.IsInteger():
		if tk == KInt {
			return ConvBoolToInt, RankPromotion
		}
		return ConvBoolToInt, RankConversion
	case fk == KBool && to.IsFloat():
		return ConvIntToFloat, RankConversion
	case from.IsInteger() && to.IsInteger():
		if tk == KInt && (fk == KChar || fk == KUChar || fk == KShort || fk == KUShort) {
			return ConvIntegral, RankPromotion
		}
		return ConvIntegral, RankConversion
	case from.IsInteger() && to.IsFloat():
		return ConvIntToFloat, RankConversion
	case from.IsFloat() && to.IsInteger():
		return ConvFloatToInt, RankConversion
	}
	return ConvNone, RankNone
}

// ImplicitConversion returns the implicit conversion from a value of type
// from to type to, following MSL (C++17 plus the vector rules of §2.2 and
// §2.22): scalars convert to each other (bfloat only to float); a scalar
// converts to a vector by splatting; vectors never convert implicitly to
// another element type or width; packed vectors and their aligned vectors
// convert both ways; pointers may add const/volatile but never change
// address space; pixel types convert to and from their ALU type;
// structs convert to their bases and through non-explicit one-argument
// constructors (user-defined rank). With opts.Explicit the static_cast /
// functional-cast conversions between vectors of the same width and from
// vectors to their first component type are allowed too.
func ImplicitConversion(from, to *Type, opts ConvOpts) Conversion {
	c := Conversion{From: from, To: to, Rank: RankNone}
	if from == nil || to == nil {
		return c
	}
	if from.IsBad() || to.IsBad() {
		c.Kind, c.Rank = ConvUnknown, RankExact
		return c
	}
	from = from.Unqualified()
	if to.Kind == KReference {
		// Binding a reference: the source must be (convertible to) the referent.
		to = to.Elem
		c.To = to
	}
	if from == to {
		c.Rank = RankExact
		return c
	}
	// simd_vote / quad_vote convert explicitly to and from their vote_t
	// (an unsigned integer): uint64_t(simd_ballot(c)), simd_vote(bits).
	if opts.Explicit && isVote(from) && to.IsInteger() {
		c.Kind, c.Rank = ConvIntegral, RankConversion
		return c
	}
	if opts.Explicit && isVote(to) && from.IsInteger() {
		c.Kind, c.Rank = ConvIntegral, RankConversion
		return c
	}
	if from.Kind == KEnum && to.IsScalar() {
		if from.Enum.Scoped && !opts.Explicit {
			return c
		}
		k, r := scalarConv(from.Enum.Underlying, to)
		if k == ConvNone {
			k = ConvIntegral
		}
		if r == RankExact {
			r = RankPromotion
		}
		c.Kind, c.Rank = k, r
		return c
	}
	if opts.Explicit && to.Kind == KEnum && from.IsScalar() {
		c.Kind, c.Rank = ConvIntegral, RankConversion
		return c
	}
	switch {
	case from.IsScalar() && to.IsScalar():
		if from.Kind == KBFloat || to.Kind == KBFloat {
			// bfloat converts implicitly to float; half and float never
			// convert implicitly to bfloat (§2.22). Between bfloat and the
			// integer types Apple's compiler converts implicitly both ways
			// (MLX's and candle's sort kernels assign indices to bfloat
			// outputs and bfloat values to integer ones).
			intBF := to.Kind == KBFloat && (from.IsInteger() || from.Kind == KBool) ||
				from.Kind == KBFloat && (to.IsInteger() || to.Kind == KBool || to.Kind == KFloat)
			if !opts.Explicit && !intBF {
				return c
			}
		}
		c.Kind, c.Rank = scalarConv(from, to)
		return c
	case from.IsScalar() && to.Kind == KVector:
		ek, er := scalarConv(from, to.Elem)
		if er == RankNone {
			return c
		}
		if to.Elem.Kind == KBFloat && from.Kind != KBFloat && !from.IsInteger() && from.Kind != KBool && !opts.Explicit {
			return c
		}
		c.Kind, c.Rank, c.Elem = ConvSplat, RankConversion, ek
		return c
	case from.Kind == KPacked && to.Kind == KVector && from.Elem == to.Elem && from.N == to.N:
		c.Kind, c.Rank = ConvPackedToVector, RankConversion
		return c
	case from.Kind == KVector && to.Kind == KPacked && from.Elem == to.Elem && from.N == to.N:
		c.Kind, c.Rank = ConvVectorToPacked, RankConversion
		return c
	case from.IsScalar() && to.Kind == KPacked:
		ek, er := scalarConv(from, to.Elem)
		if er == RankNone {
			return c
		}
		c.Kind, c.Rank, c.Elem = ConvSplat, RankConversion, ek
		return c
	case from.Kind == KPixel && to == from.Elem:
		c.Kind, c.Rank = ConvPixel, RankConversion
		return c
	case to.Kind == KPixel && (from == to.Elem || (from.IsScalar() && to.Elem.IsScalar())):
		c.Kind, c.Rank = ConvPixel, RankConversion
		return c
	case from.Kind == KNullptr && to.Kind == KPointer:
		c.Kind, c.Rank = ConvPointer, RankConversion
		return c
	case opts.NullPtrConst && from.IsInteger() && to.Kind == KPointer:
		c.Kind, c.Rank = ConvPointer, RankConversion
		return c
	case from.Kind == KPointer && to.Kind == KPointer:
		if pointerQualConvertible(from, to) {
			c.Kind, c.Rank = ConvPointer, RankExact
			return c
		}
		// T* → void* in the same address space.
		if to.Elem.Kind == KVoid && from.Space == to.Space && (to.Const || !from.Const) {
			c.Kind, c.Rank = ConvPointer, RankConversion
			return c
		}
		if from.Space == to.Space && from.Elem.Kind == KStruct && to.Elem.Kind == KStruct &&
			derivesFrom(from.Elem.Struct, to.Elem) && (to.Const || !from.Const) {
			c.Kind, c.Rank = ConvDerived, RankConversion
			return c
		}
		if opts.Explicit {
			c.Kind, c.Rank = ConvPointer, RankConversion
			return c
		}
		return c
	case from.Kind == KString && to.Kind == KPointer && to.Elem.Kind == KChar && to.Space == SpaceConstant:
		// A string literal is a char array in the constant address space
		// (`constant char* fmt`, os_log's subsystem and category).
		c.Kind, c.Rank = ConvPointer, RankExact
		return c
	case from.Kind == KFunc && to.Kind == KPointer && to.Elem == from:
		// Function-to-pointer conversion: fp = f.
		c.Kind, c.Rank = ConvPointer, RankExact
		return c
	case from.Kind == KPointer && to.Kind == KBool:
		c.Kind, c.Rank = ConvToBool, RankConversion
		return c
	case from.Kind == KArray && to.Kind == KPointer:
		switch {
		case from.Elem == to.Elem:
			c.Kind, c.Rank = ConvPointer, RankExact // array-to-pointer
			return c
		case to.Elem.Kind == KVoid:
			c.Kind, c.Rank = ConvPointer, RankConversion // then T* → void*
			return c
		}
		return c
	case from.Kind == KStruct && to.Kind == KStruct && derivesFrom(from.Struct, to):
		c.Kind, c.Rank = ConvDerived, RankConversion
		return c
	case from.Kind == KTexture && to.Kind == KTexture:
		// Textures copy by value; a sample texture may be viewed as read.
		if from.Tex == to.Tex && from.Elem == to.Elem {
			c.Kind, c.Rank = ConvNone, RankConversion
			return c
		}
		return c
	case from.Kind == KOpaque && to.Kind == KOpaque:
		if from.Opaque.Name == to.Opaque.Name {
			// Tag-compatible handles (e.g. acceleration structures) convert;
			// the exact tag rules are checked by the ray-tracing issue.
			c.Kind, c.Rank = ConvNone, RankConversion
			return c
		}
		return c
	}
	if opts.Explicit {
		switch {
		case (from.Kind == KVector || from.Kind == KPacked) && (to.Kind == KVector || to.Kind == KPacked) && from.N == to.N:
			// (float3)packed_half3: element conversion, packing changes.
			c.Kind, c.Rank = ConvVector, RankConversion
			return c
		case from.Kind == KMatrix && to.Kind == KMatrix && from.N == to.N && from.Rows == to.Rows:
			c.Kind, c.Rank = ConvVector, RankConversion
			return c
		case (from.Kind == KVector || from.Kind == KPacked) && to.IsScalar():
			c.Kind, c.Rank = ConvVector, RankConversion
			return c
		case from.Kind == KPointer && to.IsInteger(), from.IsInteger() && to.Kind == KPointer:
			c.Kind, c.Rank = ConvPointer, RankConversion
			return c
		}
	}
	if to.Kind == KStruct && to.Struct != nil && !opts.NoUser {
		for _, ctor := range threadCtors(to.Struct) {
			if ctor.Explicit || len(ctor.Params) < 1 || ctor.minArgs() > 1 {
				continue
			}
			pc := ImplicitConversion(from, ctor.Params[0].Type, ConvOpts{NoUser: true})
			if pc.Rank <= RankConversion {
				c.Kind, c.Rank, c.Ctor = ConvUser, RankUser, ctor
				return c
			}
		}
	}
	if from.Kind == KStruct && from.Struct != nil && !opts.NoUser {
		if op := conversionOperator(from.Struct, to, opts.Explicit); op != nil {
			c.Kind, c.Rank, c.Operator = ConvUser, RankUser, op
			return c
		}
	}
	return c
}

// conversionOperator returns the conversion function of st (`operator T()`,
// not qualified with an address space other than thread) whose result
// converts to to by a standard conversion; explicit ones only when allowed.
func conversionOperator(st *Struct, to *Type, explicit bool) *Func {
	for _, g := range st.Methods["operator"] {
		if g.Decl == nil || g.Decl.Name.Last().Kind != syntax.NameConversion || g.Explicit && !explicit ||
			g.SpaceM != SpaceNone && g.SpaceM != SpaceThread || g.Result == nil {
			continue
		}
		if pc := ImplicitConversion(g.Result, to, ConvOpts{NoUser: true}); pc.Rank <= RankConversion {
			return g
		}
	}
	return nil
}

// pointerQualConvertible reports whether from → to only adds qualifiers.
func pointerQualConvertible(from, to *Type) bool {
	if from.Space != to.Space {
		return false
	}
	// constant-space data is read-only whether or not const is written.
	if from.Const && !to.Const && from.Space != SpaceConstant || from.Volatile && !to.Volatile {
		return false
	}
	return from.Elem == to.Elem
}

func derivesFrom(s *Struct, base *Type) bool {
	for _, b := range s.Bases {
		if b == base || (b.Kind == KStruct && derivesFrom(b.Struct, base)) {
			return true
		}
	}
	return false
}

// arithRank orders scalar types for the usual arithmetic conversions.
func arithRank(t *Type) int {
	switch t.Kind {
	case KFloat:
		return 100
	case KHalf:
		return 90
	case KBFloat:
		return 80
	case KULong, KSizeT:
		return 41
	case KLong, KPtrDiffT:
		return 40
	case KUInt:
		return 31
	case KInt:
		return 30
	}
	return 30 // everything smaller promotes to int
}

// Promote applies the integral promotions to a scalar type: bool, char,
// uchar, short and ushort become int; other types are unchanged.
func Promote(t *Type) *Type {
	switch t.Kind {
	case KBool, KChar, KUChar, KShort, KUShort:
		return Int
	case KEnum:
		return Promote(t.Enum.Underlying)
	}
	return t
}

// CommonScalar returns the type of the usual arithmetic conversions of two
// scalar types (C++ [expr.arith.conv] with half < float and bfloat below
// half).
func CommonScalar(a, b *Type) *Type {
	if a.Kind == KEnum {
		a = a.Enum.Underlying
	}
	if b.Kind == KEnum {
		b = b.Enum.Underlying
	}
	if a.IsFloat() || b.IsFloat() {
		if arithRank(a) >= arithRank(b) {
			if a.IsFloat() {
				return a
			}
			return b
		}
		if b.IsFloat() {
			return b
		}
		return a
	}
	a, b = Promote(a), Promote(b)
	if a == b {
		return a
	}
	ra, rb := arithRank(a), arithRank(b)
	if ra >= rb {
		return a
	}
	return b
}

// BinaryOperandType returns the type both operands of an arithmetic,
// bitwise or comparison operator are converted to (before the result type
// is derived), or nil when the operand types are incompatible: vector op
// vector requires equal types (packed vectors count as their aligned
// vector), vector op scalar splats the scalar, matrix operands follow
// §3.2 (see MatrixMulType for *).
func BinaryOperandType(a, b *Type) *Type {
	a, b = a.Unqualified(), b.Unqualified()
	if a.Kind == KPacked {
		a = Vec(a.Elem, a.N)
	}
	if b.Kind == KPacked {
		b = Vec(b.Elem, b.N)
	}
	if a.Kind == KPixel {
		a = a.Elem
	}
	if b.Kind == KPixel {
		b = b.Elem
	}
	switch {
	case a.Kind == KVector && b.Kind == KVector:
		if a == b {
			return a
		}
		return nil
	case a.Kind == KVector && (b.IsScalar() || b.Kind == KEnum):
		return a
	case (a.IsScalar() || a.Kind == KEnum) && b.Kind == KVector:
		return b
	case (a.IsScalar() || a.Kind == KEnum) && (b.IsScalar() || b.Kind == KEnum):
		return CommonScalar(a, b)
	case a.Kind == KMatrix && b.Kind == KMatrix && a == b:
		return a
	case a.Kind == KMatrix && b.IsScalar():
		return a
	case a.IsScalar() && b.Kind == KMatrix:
		return b
	}
	return nil
}

// MatrixMulType returns the result type of a * b when at least one side is
// a matrix (§3.2): m*v (v has cols(m) components) gives a rows(m) vector,
// v*m gives a cols(m) vector, m*n needs cols(m) == rows(n) and gives
// matrix<cols(n), rows(m)>, and a scalar scales each element.
func MatrixMulType(a, b *Type) *Type {
	a, b = a.Unqualified(), b.Unqualified()
	switch {
	case a.Kind == KMatrix && b.Kind == KMatrix:
		if a.Elem != b.Elem || a.N != b.Rows {
			return nil
		}
		return Mat(a.Elem, b.N, a.Rows)
	case a.Kind == KMatrix && b.Kind == KVector:
		if b.Elem != a.Elem || b.N != a.N {
			return nil
		}
		return Vec(a.Elem, a.Rows)
	case a.Kind == KVector && b.Kind == KMatrix:
		if a.Elem != b.Elem || a.N != b.Rows {
			return nil
		}
		return Vec(b.Elem, b.N)
	case a.Kind == KMatrix && b.IsScalar():
		return a
	case a.IsScalar() && b.Kind == KMatrix:
		return b
	}
	return nil
}

// isVote reports whether t is simd_vote or quad_vote.
func isVote(t *Type) bool {
	return t.Kind == KOpaque && t.Opaque != nil && (t.Opaque.Name == "simd_vote" || t.Opaque.Name == "quad_vote")
}
