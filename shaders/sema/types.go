package sema

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"weak"
)

// Kind classifies a Type.
type Kind uint8

// Kinds of types. The scalar kinds are ordered so that a range test
// classifies them (see IsInteger, IsFloat).
const (
	KInvalid Kind = iota // an error was already reported; suppresses follow-on errors
	KUnknown             // a value of a type sema does not model; accepted silently
	KVoid
	KBool
	KChar
	KUChar
	KShort
	KUShort
	KInt
	KUInt
	KLong
	KULong
	KSizeT    // size_t: 64-bit unsigned, forbidden in entry-point arguments
	KPtrDiffT // ptrdiff_t: 64-bit signed, forbidden in entry-point arguments
	KHalf
	KBFloat
	KFloat
	KVector    // vec<Elem, N>
	KPacked    // packed_vec<Elem, N>
	KMatrix    // matrix<Elem, N columns, Rows>
	KArray     // Elem[N] or array<Elem, N>; N == 0 means unsized
	KStruct    // struct/class/union
	KEnum      // enum / enum class
	KPointer   // Space Elem*
	KReference // Space Elem&
	KTexture   // texture*/depth* with component type Elem and Access
	KSampler   // sampler
	KAtomic    // atomic<Elem>
	KPixel     // pixel storage type with ALU type Elem
	KOpaque    // named built-in handle types (mesh<...>, intersector<...>, imageblock<...>, ...)
	KFunc      // function type (overload sets, visible function table signatures)
	KNullptr   // type of nullptr
	KString    // string literal (attribute arguments, logging)
)

// AddrSpace is an MSL address space.
type AddrSpace uint8

// Address spaces. SpaceNone means "not given" (an error for pointers, the
// implicit thread space for locals).
const (
	SpaceNone AddrSpace = iota
	SpaceThread
	SpaceDevice
	SpaceConstant
	SpaceThreadgroup
	SpaceThreadgroupImageblock
	SpaceRayData
	SpaceObjectData
)

var spaceNames = [...]string{"", "thread", "device", "constant", "threadgroup", "threadgroup_imageblock", "ray_data", "object_data"}

// String returns the MSL spelling of s.
func (s AddrSpace) String() string {
	if int(s) < len(spaceNames) {
		return spaceNames[s]
	}
	return "space(" + strconv.Itoa(int(s)) + ")"
}

// SpaceByName maps an address-space keyword to its AddrSpace.
func SpaceByName(name string) (AddrSpace, bool) {
	for i, n := range spaceNames {
		if i > 0 && n == name {
			return AddrSpace(i), true
		}
	}
	return SpaceNone, false
}

// Access is a texture access qualifier.
type Access uint8

// Texture access qualifiers.
const (
	AccessSample Access = iota
	AccessRead
	AccessWrite
	AccessReadWrite
)

var accessNames = [...]string{"sample", "read", "write", "read_write"}

// String returns the MSL spelling of a.
func (a Access) String() string { return accessNames[a&3] }

// TexKind is the shape of a texture type.
type TexKind uint8

// Texture shapes.
const (
	Tex1D TexKind = iota
	Tex1DArray
	Tex2D
	Tex2DArray
	Tex3D
	TexCube
	TexCubeArray
	Tex2DMS
	Tex2DMSArray
	TexBuffer
	Depth2D
	Depth2DArray
	DepthCube
	DepthCubeArray
	Depth2DMS
	Depth2DMSArray
)

var texNames = [...]string{"texture1d", "texture1d_array", "texture2d", "texture2d_array", "texture3d",
	"texturecube", "texturecube_array", "texture2d_ms", "texture2d_ms_array", "texture_buffer",
	"depth2d", "depth2d_array", "depthcube", "depthcube_array", "depth2d_ms", "depth2d_ms_array"}

// String returns the MSL spelling of k.
func (k TexKind) String() string { return texNames[k] }

// IsDepth reports whether k is a depth texture shape.
func (k TexKind) IsDepth() bool { return k >= Depth2D }

// IsMS reports whether k is multisampled.
func (k TexKind) IsMS() bool {
	return k == Tex2DMS || k == Tex2DMSArray || k == Depth2DMS || k == Depth2DMSArray
}

// DefaultAccess is the access a texture of shape k has when none is written.
func (k TexKind) DefaultAccess() Access {
	if k.IsMS() || k == TexBuffer {
		return AccessRead
	}
	return AccessSample
}

// TexKindByName maps a texture template name to its shape.
func TexKindByName(name string) (TexKind, bool) {
	for i, n := range texNames {
		if n == name {
			return TexKind(i), true
		}
	}
	return 0, false
}

// PixelKind is a pixel storage format (§2.7).
type PixelKind uint8

// Pixel storage formats.
const (
	PixR8Unorm PixelKind = iota
	PixR8Snorm
	PixR16Unorm
	PixR16Snorm
	PixRG8Unorm
	PixRG8Snorm
	PixRG16Unorm
	PixRG16Snorm
	PixRGBA8Unorm
	PixSRGBA8Unorm
	PixRGBA8Snorm
	PixRGBA16Unorm
	PixRGBA16Snorm
	PixRGB10A2
	PixRG11B10F
	PixRGB9E5
)

type pixelInfo struct {
	name        string
	size, align int
	comps       int // ALU type width
}

var pixelInfos = [...]pixelInfo{
	{"r8unorm", 1, 1, 1}, {"r8snorm", 1, 1, 1}, {"r16unorm", 2, 2, 1}, {"r16snorm", 2, 2, 1},
	{"rg8unorm", 2, 1, 2}, {"rg8snorm", 2, 1, 2}, {"rg16unorm", 4, 2, 2}, {"rg16snorm", 4, 2, 2},
	{"rgba8unorm", 4, 1, 4}, {"srgba8unorm", 4, 1, 4}, {"rgba8snorm", 4, 1, 4},
	{"rgba16unorm", 8, 2, 4}, {"rgba16snorm", 8, 2, 4},
	{"rgb10a2", 4, 4, 4}, {"rg11b10f", 4, 4, 3}, {"rgb9e5", 4, 4, 3},
}

// String returns the MSL spelling of p.
func (p PixelKind) String() string { return pixelInfos[p].name }

// Components is the component count of the ALU type of p.
func (p PixelKind) Components() int { return pixelInfos[p].comps }

// PixelKindByName maps a pixel type template name to its format. The
// spec's alternate spelling rgb11b10f is accepted.
func PixelKindByName(name string) (PixelKind, bool) {
	if name == "rgb11b10f" {
		return PixRG11B10F, true
	}
	for i, p := range pixelInfos {
		if p.name == name {
			return PixelKind(i), true
		}
	}
	return 0, false
}

// Type is an MSL type. Types are interned: two types are identical
// exactly when their pointers are equal, except for struct, enum and
// opaque types, which are identical when they are the same declaration
// (also pointer equality).
type Type struct {
	Kind     Kind
	Elem     *Type     // vector/packed/matrix scalar; array element; pointee; atomic value; pixel ALU type; texture component
	N        int       // vector/packed width; matrix columns; array length (0 = unsized)
	Rows     int       // matrix rows
	Space    AddrSpace // pointer/reference address space
	Const    bool      // pointer/reference: pointee is const
	Volatile bool      // pointer/reference: pointee is volatile
	Access   Access    // texture access
	Tex      TexKind   // texture shape
	Pixel    PixelKind // pixel format
	StdArray bool      // array spelled array<T,N> (metal::array) rather than T[N]

	Struct *Struct  // KStruct
	Enum   *Enum    // KEnum
	Opaque *Opaque  // KOpaque
	Func   *FuncSig // KFunc

	name string
}

// Opaque describes a built-in handle type: its template name and
// arguments (types or constant values).
type Opaque struct {
	Name string     // e.g. "mesh", "intersector", "imageblock", "acceleration_structure"
	Args []TemplArg // template arguments as written (after resolution)
	// Methods of the type, by name; absent methods are accepted permissively
	// with KUnknown results unless Closed is set.
	Methods map[string][]*Builtin
	Closed  bool
}

// FuncSig is a function type.
type FuncSig struct {
	Result   *Type
	Params   []*Type
	Variadic bool
	// Generic is set for the type of a generic lambda (a parameter
	// declared auto): each such type is distinct, and a call instantiates
	// the body for its argument types (lambda_generic.go).
	Generic *GenericLambda
}

// TemplArg is one template argument: a type or a constant value.
type TemplArg struct {
	Type  *Type
	Value *Value
	// Pack holds the arguments deduced for a template parameter pack
	// (only while deducing; instances list them flattened).
	Pack   []TemplArg
	isPack bool
}

// String returns the MSL spelling of a.
func (a TemplArg) String() string {
	if a.Type != nil {
		return a.Type.String()
	}
	if a.Value != nil {
		return a.Value.String()
	}
	return "?"
}

// Predeclared scalar and special types.
var (
	Invalid  = &Type{Kind: KInvalid, name: "<invalid>"}
	Unknown  = &Type{Kind: KUnknown, name: "<unknown>"}
	Void     = &Type{Kind: KVoid, name: "void"}
	Bool     = &Type{Kind: KBool, name: "bool"}
	Char     = &Type{Kind: KChar, name: "char"}
	UChar    = &Type{Kind: KUChar, name: "uchar"}
	Short    = &Type{Kind: KShort, name: "short"}
	UShort   = &Type{Kind: KUShort, name: "ushort"}
	Int      = &Type{Kind: KInt, name: "int"}
	UInt     = &Type{Kind: KUInt, name: "uint"}
	Long     = &Type{Kind: KLong, name: "long"}
	ULong    = &Type{Kind: KULong, name: "ulong"}
	SizeT    = &Type{Kind: KSizeT, name: "size_t"}
	PtrDiffT = &Type{Kind: KPtrDiffT, name: "ptrdiff_t"}
	Half     = &Type{Kind: KHalf, name: "half"}
	BFloat   = &Type{Kind: KBFloat, name: "bfloat"}
	Float    = &Type{Kind: KFloat, name: "float"}
	Sampler  = &Type{Kind: KSampler, name: "sampler"}
	Nullptr  = &Type{Kind: KNullptr, name: "nullptr_t"}
	String   = &Type{Kind: KString, name: "string literal"}
)

// Scalars lists every scalar type in kind order.
var Scalars = []*Type{Bool, Char, UChar, Short, UShort, Int, UInt, Long, ULong, SizeT, PtrDiffT, Half, BFloat, Float}

func scalarByKind(k Kind) *Type {
	if k >= KBool && k <= KFloat {
		return Scalars[k-KBool]
	}
	return nil
}

// vector, packed and matrix tables, built once.
var (
	vecTab, packedTab = buildVecTabs()
	matTab            = buildMatTab() // [half, float, bfloat][cols][rows]
)

func buildVecTabs() (vec [KFloat + 1][17]*Type, packed [KFloat + 1][5]*Type) {
	for _, s := range Scalars {
		for n := 2; n <= 4; n++ {
			vec[s.Kind][n] = &Type{Kind: KVector, Elem: s, N: n, name: s.name + strconv.Itoa(n)}
			packed[s.Kind][n] = &Type{Kind: KPacked, Elem: s, N: n, name: "packed_" + s.name + strconv.Itoa(n)}
		}
		for _, n := range []int{8, 16} {
			// No type name exists; the display form is the template.
			vec[s.Kind][n] = &Type{Kind: KVector, Elem: s, N: n, name: "vec<" + s.name + ", " + strconv.Itoa(n) + ">"}
		}
	}
	return vec, packed
}

func buildMatTab() (m [3][5][5]*Type) {
	for i, s := range []*Type{Half, Float, BFloat} {
		for c := 2; c <= 4; c++ {
			for r := 2; r <= 4; r++ {
				m[i][c][r] = &Type{Kind: KMatrix, Elem: s, N: c, Rows: r,
					name: s.name + strconv.Itoa(c) + "x" + strconv.Itoa(r)}
			}
		}
	}
	return m
}

// Vec returns vec<elem, n>; n == 1 returns elem itself. It returns nil for
// a non-scalar elem or a width other than 1..4, 8 or 16 (the wide vectors
// vec<T, 8> and vec<T, 16> that Apple's compiler accepts through the
// extended-vector attribute of metal::vec; they have no type names).
func Vec(elem *Type, n int) *Type {
	if elem == nil || !elem.IsScalar() {
		return nil
	}
	if n == 1 {
		return elem
	}
	if !ValidVecWidth(n) {
		return nil
	}
	return vecTab[elem.Kind][n]
}

// ValidVecWidth reports whether n is the width of a vector type: 2, 3, 4
// (the named vectors) or 8, 16 (wide vectors, spelled only vec<T, n>).
func ValidVecWidth(n int) bool {
	return (n >= 2 && n <= 4) || n == 8 || n == 16
}

// Packed returns packed_vec<elem, n>, or nil if invalid (packed_bool is reserved).
func Packed(elem *Type, n int) *Type {
	if elem == nil || !elem.IsScalar() || elem.Kind == KBool || n < 2 || n > 4 {
		return nil
	}
	return packedTab[elem.Kind][n]
}

// Mat returns matrix<elem, cols, rows>, or nil if invalid.
func Mat(elem *Type, cols, rows int) *Type {
	if cols < 2 || cols > 4 || rows < 2 || rows > 4 || elem == nil {
		return nil
	}
	switch elem.Kind {
	case KHalf:
		return matTab[0][cols][rows]
	case KFloat:
		return matTab[1][cols][rows]
	case KBFloat:
		return matTab[2][cols][rows]
	}
	return nil
}

type internKey struct {
	kind     Kind
	elem     *Type
	n        int
	space    AddrSpace
	c, v     bool
	access   Access
	tex      TexKind
	pixel    PixelKind
	stdArray bool
}

// weakKey is internKey with the element held weakly, so that the intern
// table does not keep the (per-program) types it refers to alive: a
// long-running process compiling many shaders does not accumulate them.
type weakKey struct {
	kind     Kind
	elem     weak.Pointer[Type]
	n        int
	space    AddrSpace
	c, v     bool
	access   Access
	tex      TexKind
	pixel    PixelKind
	stdArray bool
}

var intern struct {
	sync.Mutex
	m map[weakKey]weak.Pointer[Type]
}

// interned returns the unique type for k. Entries whose type was
// collected are removed by a cleanup; an entry is only ever replaced when
// its type is unreachable, so identity (==) of live types is preserved.
func interned(k internKey) *Type {
	wk := weakKey{kind: k.kind, elem: weak.Make(k.elem), n: k.n, space: k.space, c: k.c, v: k.v,
		access: k.access, tex: k.tex, pixel: k.pixel, stdArray: k.stdArray}
	intern.Lock()
	defer intern.Unlock()
	if intern.m == nil {
		intern.m = make(map[weakKey]weak.Pointer[Type])
	}
	if wp, ok := intern.m[wk]; ok {
		if t := wp.Value(); t != nil {
			return t
		}
	}
	t := &Type{Kind: k.kind, Elem: k.elem, N: k.n, Space: k.space, Const: k.c, Volatile: k.v,
		Access: k.access, Tex: k.tex, Pixel: k.pixel, StdArray: k.stdArray}
	t.name = t.format()
	wt := weak.Make(t)
	intern.m[wk] = wt
	runtime.AddCleanup(t, func(key weakKey) {
		intern.Lock()
		if cur, ok := intern.m[key]; ok && cur.Value() == nil {
			delete(intern.m, key)
		}
		intern.Unlock()
	}, wk)
	return t
}

// PointerTo returns the pointer type `[const] [volatile] space elem*`.
func PointerTo(elem *Type, space AddrSpace, isConst, isVolatile bool) *Type {
	return interned(internKey{kind: KPointer, elem: elem, space: space, c: isConst, v: isVolatile})
}

// RefTo returns the reference type `[const] space elem&`.
func RefTo(elem *Type, space AddrSpace, isConst, isVolatile bool) *Type {
	return interned(internKey{kind: KReference, elem: elem, space: space, c: isConst, v: isVolatile})
}

// ArrayOf returns elem[n] (n == 0: unsized). std selects the array<T,N> spelling.
func ArrayOf(elem *Type, n int, std bool) *Type {
	return interned(internKey{kind: KArray, elem: elem, n: n, stdArray: std})
}

// AtomicOf returns atomic<elem>.
func AtomicOf(elem *Type) *Type { return interned(internKey{kind: KAtomic, elem: elem}) }

// TextureOf returns the texture type of the given shape, component type and access.
func TextureOf(k TexKind, comp *Type, a Access) *Type {
	return interned(internKey{kind: KTexture, tex: k, elem: comp, access: a})
}

// PixelOf returns the pixel storage type p<alu>.
func PixelOf(p PixelKind, alu *Type) *Type {
	return interned(internKey{kind: KPixel, pixel: p, elem: alu})
}

var opaqueIntern struct {
	sync.Mutex
	m map[string]weak.Pointer[Type]
}

// OpaqueOf returns the interned opaque type name<args...>. init, if not
// nil, is called once on a new type to fill in its methods.
func OpaqueOf(name string, args []TemplArg, init func(*Opaque)) *Type {
	var b strings.Builder
	b.WriteString(name)
	if len(args) > 0 {
		b.WriteByte('<')
		for i, a := range args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.String())
		}
		b.WriteByte('>')
	}
	display := b.String()
	// Key by identity: struct arguments of different programs may share a name.
	var kb strings.Builder
	kb.WriteString(name)
	for _, a := range args {
		if a.Type != nil {
			fmt.Fprintf(&kb, "|t%p", a.Type)
		} else if a.Value != nil {
			fmt.Fprintf(&kb, "|v%s:%s", a.Value.Type, a.Value.String())
		}
	}
	key := kb.String()
	opaqueIntern.Lock()
	defer opaqueIntern.Unlock()
	if opaqueIntern.m == nil {
		opaqueIntern.m = make(map[string]weak.Pointer[Type])
	}
	if wp, ok := opaqueIntern.m[key]; ok {
		if t := wp.Value(); t != nil {
			return t
		}
	}
	o := &Opaque{Name: name, Args: args}
	t := &Type{Kind: KOpaque, Opaque: o, name: display}
	if init != nil {
		init(o)
	}
	opaqueIntern.m[key] = weak.Make(t)
	runtime.AddCleanup(t, func(key string) {
		opaqueIntern.Lock()
		if cur, ok := opaqueIntern.m[key]; ok && cur.Value() == nil {
			delete(opaqueIntern.m, key)
		}
		opaqueIntern.Unlock()
	}, key)
	return t
}

var funcIntern struct {
	sync.Mutex
	m map[string]weak.Pointer[Type]
}

// FuncType returns the interned function type result(params...).
func FuncType(result *Type, params []*Type) *Type {
	var kb strings.Builder
	fmt.Fprintf(&kb, "%p(", result)
	for _, p := range params {
		fmt.Fprintf(&kb, "%p,", p)
	}
	key := kb.String()
	funcIntern.Lock()
	defer funcIntern.Unlock()
	if funcIntern.m == nil {
		funcIntern.m = make(map[string]weak.Pointer[Type])
	}
	if wp, ok := funcIntern.m[key]; ok {
		if t := wp.Value(); t != nil {
			return t
		}
	}
	t := &Type{Kind: KFunc, Func: &FuncSig{Result: result, Params: append([]*Type(nil), params...)}}
	t.name = t.format()
	funcIntern.m[key] = weak.Make(t)
	runtime.AddCleanup(t, func(key string) {
		funcIntern.Lock()
		if cur, ok := funcIntern.m[key]; ok && cur.Value() == nil {
			delete(funcIntern.m, key)
		}
		funcIntern.Unlock()
	}, key)
	return t
}

// String returns the MSL spelling of t.
func (t *Type) String() string {
	if t == nil {
		return "<nil>"
	}
	if t.name == "" {
		return t.format()
	}
	return t.name
}

func qualPrefix(c, v bool, s AddrSpace) string {
	var b strings.Builder
	if c {
		b.WriteString("const ")
	}
	if v {
		b.WriteString("volatile ")
	}
	if s != SpaceNone {
		b.WriteString(s.String())
		b.WriteByte(' ')
	}
	return b.String()
}

func (t *Type) format() string {
	switch t.Kind {
	case KPointer:
		return qualPrefix(t.Const, t.Volatile, t.Space) + t.Elem.String() + "*"
	case KReference:
		return qualPrefix(t.Const, t.Volatile, t.Space) + t.Elem.String() + "&"
	case KArray:
		if t.StdArray {
			return "array<" + t.Elem.String() + ", " + strconv.Itoa(t.N) + ">"
		}
		if t.N == 0 {
			return t.Elem.String() + "[]"
		}
		return t.Elem.String() + "[" + strconv.Itoa(t.N) + "]"
	case KAtomic:
		return "atomic<" + t.Elem.String() + ">"
	case KTexture:
		s := t.Tex.String() + "<" + t.Elem.String()
		if t.Access != t.Tex.DefaultAccess() {
			s += ", access::" + t.Access.String()
		}
		return s + ">"
	case KPixel:
		return t.Pixel.String() + "<" + t.Elem.String() + ">"
	case KStruct:
		return t.Struct.QualName
	case KEnum:
		return t.Enum.QualName
	case KFunc:
		var b strings.Builder
		b.WriteString(t.Func.Result.String())
		b.WriteByte('(')
		for i, p := range t.Func.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.String())
		}
		b.WriteByte(')')
		return b.String()
	}
	return "<type>"
}

// IsScalar reports whether t is bool, an integer or a floating type.
func (t *Type) IsScalar() bool { return t.Kind >= KBool && t.Kind <= KFloat }

// IsInteger reports whether t is an integer scalar (not bool).
func (t *Type) IsInteger() bool { return t.Kind >= KChar && t.Kind <= KPtrDiffT }

// IsFloat reports whether t is half, bfloat or float.
func (t *Type) IsFloat() bool { return t.Kind >= KHalf && t.Kind <= KFloat }

// IsArithmetic reports whether t is an integer or floating scalar.
func (t *Type) IsArithmetic() bool { return t.IsInteger() || t.IsFloat() }

// IsSigned reports whether t is a signed integer.
func (t *Type) IsSigned() bool {
	switch t.Kind {
	case KChar, KShort, KInt, KLong, KPtrDiffT:
		return true
	}
	return false
}

// IsVector reports whether t is a (non-packed) vector.
func (t *Type) IsVector() bool { return t.Kind == KVector }

// IsVectorLike reports whether t is a vector or packed vector.
func (t *Type) IsVectorLike() bool { return t.Kind == KVector || t.Kind == KPacked }

// IsScalarOrVector reports whether t is a scalar or (non-packed) vector.
func (t *Type) IsScalarOrVector() bool { return t.IsScalar() || t.Kind == KVector }

// IsBad reports whether t is Invalid or Unknown: checks involving it are skipped.
func (t *Type) IsBad() bool { return t == nil || t.Kind == KInvalid || t.Kind == KUnknown }

// Scalar returns the element type of a vector/packed/matrix, t itself for
// a scalar, and nil otherwise.
func (t *Type) Scalar() *Type {
	switch t.Kind {
	case KVector, KPacked, KMatrix:
		return t.Elem
	}
	if t.IsScalar() {
		return t
	}
	if t.Kind == KEnum {
		return t.Enum.Underlying
	}
	return nil
}

// Width returns the component count of a vector (1 for a scalar).
func (t *Type) Width() int {
	if t.Kind == KVector || t.Kind == KPacked {
		return t.N
	}
	return 1
}

// Unsigned returns the unsigned integer type of the same width as t
// (scalar or vector); t itself for unsigned/non-integer types.
func (t *Type) Unsigned() *Type {
	s := t.Scalar()
	if s == nil {
		return t
	}
	var u *Type
	switch s.Kind {
	case KChar:
		u = UChar
	case KShort:
		u = UShort
	case KInt:
		u = UInt
	case KLong, KPtrDiffT:
		u = ULong
	default:
		return t
	}
	return Vec(u, t.Width())
}

// Unqualified strips a reference: the referenced type, or t itself.
func (t *Type) Unqualified() *Type {
	if t.Kind == KReference {
		return t.Elem
	}
	return t
}

// Struct is a struct, class or union declaration.
type Struct struct {
	Name     string
	QualName string // namespace-qualified name, e.g. "outer::S"
	Union    bool
	Fields   []*Field
	Methods  map[string][]*Func // methods and operators ("operator+", "operator[]"), by name
	Ctors    []*Func
	// CtorTemplates are the constructor templates (`template <typename U> S(U x)`).
	CtorTemplates []*Template
	Bases         []*Type
	AlignAs       int  // alignas on the struct, 0 if none
	Complete      bool // false while being declared or for a forward declaration
	Pos           int  // diag.Pos of the name
	// Nested types and static members declared inside, by name.
	Scope *Scope
	// TemplArgs holds the arguments when the struct is an instance of a class template.
	TemplArgs []TemplArg
	// Self is the struct's Type (set by NewStructType).
	Self *Type

	layoutOnce sync.Once
	size       int
	align      int
	offsets    []int
}

// Field is a data member.
type Field struct {
	Name    string
	Type    *Type
	Attrs   []Attr
	AlignAs int
	Pos     int // diag.Pos
	Static  bool
	// Init is the default member initializer (a constant of the field's
	// scalar or vector type), or nil.
	Init *Value
}

// Attr looks up the first attribute named name on f.
func (f *Field) Attr(name string) *Attr { return findAttr(f.Attrs, name) }

// FieldByName returns the field named name (searching bases) and its index
// path within s, or nil.
func (s *Struct) FieldByName(name string) *Field {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	for _, f := range s.Fields {
		if f.Name == "" && name != "" && f.Type.Kind == KStruct {
			// Members of an anonymous union/struct member.
			if g := f.Type.Struct.FieldByName(name); g != nil {
				return g
			}
		}
	}
	for _, b := range s.Bases {
		if b.Kind == KStruct {
			if f := b.Struct.FieldByName(name); f != nil {
				return f
			}
		}
	}
	return nil
}

// NewStructType returns a fresh struct type (unique identity) and records
// it as s.Self.
func NewStructType(s *Struct) *Type {
	t := &Type{Kind: KStruct, Struct: s, name: s.QualName}
	s.Self = t
	return t
}

// Enum is an enum or enum class declaration.
type Enum struct {
	Name       string
	QualName   string
	Scoped     bool // enum class
	Underlying *Type
	Values     map[string]int64
	Order      []string

	scope   *Scope // enumerators, for qualified lookup E::x
	fixed   bool   // declared with an underlying type (`enum E : int`)
	defined bool   // its enumerator list was given
}

// NewEnumType returns a fresh enum type.
func NewEnumType(e *Enum) *Type {
	if e.Underlying == nil {
		e.Underlying = Int
	}
	return &Type{Kind: KEnum, Enum: e, name: e.QualName}
}

// Identical reports whether a and b denote the same type.
func Identical(a, b *Type) bool { return a == b }

// NewStructTypeView returns the Type of struct st: st.Self when set (so
// identity is preserved), else a fresh wrapper usable for layout queries.
func NewStructTypeView(st *Struct) *Type {
	if st.Self != nil {
		return st.Self
	}
	return &Type{Kind: KStruct, Struct: st, name: st.QualName}
}
