package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Config tunes the checker.
type Config struct {
	// FastMath makes unqualified math functions resolve to metal::fast
	// (the MSL default); with false they resolve to metal::precise.
	// The choice is recorded in ExprInfo.Builtin.NS.
	FastMath bool
	// Version is the Metal language version ×100 (e.g. 320 for 3.2); 0
	// means the newest. Only used to gate a few version-specific rules.
	Version int
}

// Program is the checked translation unit.
type Program struct {
	Fset *diag.FileSet
	File *syntax.File
	// Global is the global namespace scope.
	Global *Scope
	// Functions lists every qualified function (entry points and
	// visible/stitchable functions, explicit template instantiations
	// included) in declaration order.
	Functions []*Function
	// FuncConsts lists the program-scope function constants in declaration order.
	FuncConsts []*FuncConst
	// Globals lists program-scope variables in declaration order.
	Globals []*Var
	// Funcs lists every function with a body that was checked (user
	// helpers, methods, each template instantiation), for lowering.
	Funcs []*Func
	// Info holds the typing of program-scope expressions (initializers of
	// globals and function constants, attribute arguments, array sizes).
	Info *Info
}

// Lookup finds a qualified function by name ("outer::inner::f"), host name,
// or instantiation name; nil if none.
func (p *Program) Lookup(name string) *Function {
	for _, f := range p.Functions {
		if f.HostName == name {
			return f
		}
	}
	for _, f := range p.Functions {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// BindKind is how an entry-point parameter is bound.
type BindKind uint8

// Binding kinds.
const (
	BindNone           BindKind = iota // an ordinary argument (visible/stitchable functions)
	BindBuffer                         // [[buffer(i)]] (device/constant pointers/references, acceleration structures, function tables)
	BindTexture                        // [[texture(i)]]
	BindSampler                        // [[sampler(i)]]
	BindThreadgroup                    // [[threadgroup(i)]]
	BindStageIn                        // [[stage_in]]
	BindBuiltin                        // a built-in input ([[thread_position_in_grid]], [[position]], ...)
	BindPayload                        // [[payload]]
	BindImageblock                     // imageblock<T,L> kernel argument
	BindImageblockData                 // [[imageblock_data(T)]]
	BindColor                          // [[color(m)]] fragment input
	BindMesh                           // mesh<...> output handle
	BindMeshGrid                       // mesh_grid_properties
)

var bindNames = [...]string{"none", "buffer", "texture", "sampler", "threadgroup", "stage_in", "builtin",
	"payload", "imageblock", "imageblock_data", "color", "mesh", "mesh_grid_properties"}

// String names b.
func (b BindKind) String() string { return bindNames[b] }

// Param is one parameter of a qualified function.
type Param struct {
	Name  string
	Type  *Type // declared type (references and pointers included)
	Space AddrSpace
	// Access is the texture access (textures and arrays of textures) or,
	// for buffers, read (constant or const-qualified pointee) / read_write.
	Access Access
	Bind   BindKind
	// Index is the binding index (explicit or assigned in declaration
	// order, skipping function-constant-conditional arguments); -1 when
	// the index is a function constant (IndexConst) or the binding has none.
	Index         int
	IndexExplicit bool
	IndexConst    *Var // [[buffer(fc)]] with a function constant index
	// Count is the number of consecutive slots used (array<texture2d,N> → N).
	Count int
	// FuncConst is the condition of a [[function_constant(name)]] argument.
	FuncConst *Var
	// Builtin is the built-in attribute name for BindBuiltin/BindColor
	// (e.g. "thread_position_in_grid", "position", "color").
	Builtin string
	// StageIn lists the attributes of a [[stage_in]] struct's members.
	StageIn []StageInAttr
	Attrs   []Attr
	Var     *Var
	Pos     diag.Pos
	// Used reports whether the body refers to the argument (reflection's
	// "active" before function-constant specialization).
	Used bool
}

// StageInAttr is one member of a [[stage_in]] struct.
type StageInAttr struct {
	Path      string // member name ("a", "outer.inner" for nested structs)
	Field     *Field
	Type      *Type
	Index     int // [[attribute(n)]] index; -1 for fragment inputs without it
	Attr      string
	User      string // [[user(name)]]
	FuncConst *Var
	Offset    int
}

// Intersection describes [[intersection(primitive, tags...)]].
type Intersection struct {
	Primitive string // "triangle", "bounding_box", "curve"
	Tags      []string
}

// HasTag reports whether tag t was listed.
func (in *Intersection) HasTag(t string) bool {
	for _, x := range in.Tags {
		if x == t || (len(x) > len(t) && x[:len(t)] == t && x[len(t)] == '<') {
			return true
		}
	}
	return false
}

// Patch describes [[patch(type, N)]].
type Patch struct {
	Type   string // "quad" or "triangle"
	Points int    // control points, 0 when not given
}

// Function is the checked description of one qualified function — what
// reflection reports and lowering starts from.
type Function struct {
	Kind      FuncKind
	Name      string // qualified name: "outer::inner::functionB"
	HostName  string // [[host_name]] or Name
	TemplArgs []TemplArg
	Func      *Func // the checked function (body, Info)
	Result    *Type
	Params    []*Param
	StageIn   *Param

	Patch                           *Patch
	MaxTotalThreadsPerThreadgroup   int    // 0 when absent
	RequiredThreadsPerThreadgroup   [3]int // zeros when absent
	MaxTotalThreadgroupsPerMeshGrid int
	UserAnnotation                  string
	Intersection                    *Intersection
	EarlyFragmentTests              bool
	Attrs                           []Attr
	Pos                             diag.Pos
	// FuncConsts are the function constants the function depends on: those
	// its body, the helpers it calls, its optional arguments and stage_in
	// members, and binding indices refer to (derived constants bring in the
	// constants they are computed from). Ordered by index, then name.
	FuncConsts []*FuncConst
}
