// Package reflect describes compiled MSL functions the way Metal's
// reflection does (MTLFunction, MTLArgument, MTLStructType …): each
// qualified function's kind and attributes, its function constants, its
// stage_in attributes and its resource arguments with binding group, index,
// access, activity, data types, sizes and struct layouts. It also checks
// that two stages' signatures match (vertex or mesh output → fragment
// input, MSL spec section 5.7).
//
// The JSON field names of these types are stable; `ingot msl reflect`
// prints them and the README documents them.
package reflect

// FunctionKind is the kind of a qualified function.
type FunctionKind string

// Function kinds.
const (
	KindVertex       FunctionKind = "vertex"
	KindFragment     FunctionKind = "fragment"
	KindKernel       FunctionKind = "kernel"
	KindVisible      FunctionKind = "visible"
	KindStitchable   FunctionKind = "stitchable"
	KindIntersection FunctionKind = "intersection"
	KindObject       FunctionKind = "object"
	KindMesh         FunctionKind = "mesh"
	KindTile         FunctionKind = "tile"
)

// Function is the reflection of one qualified function (or one explicit
// template instantiation of one).
type Function struct {
	// Name is the namespace-qualified name (outer::inner::f); for explicit
	// template instantiations, the name with template arguments (f<int>).
	Name string `json:"name"`
	// HostName is the [[host_name]] the host looks the function up by;
	// empty when it is not renamed.
	HostName string       `json:"hostName,omitempty"`
	Kind     FunctionKind `json:"kind"`
	// TemplateArgs lists the template arguments of an instantiation.
	TemplateArgs []string `json:"templateArgs,omitempty"`

	Patch        *Patch        `json:"patch,omitempty"`
	Intersection *Intersection `json:"intersection,omitempty"`

	EarlyFragmentTests              bool   `json:"earlyFragmentTests,omitempty"`
	MaxTotalThreadsPerThreadgroup   int    `json:"maxTotalThreadsPerThreadgroup,omitempty"`
	RequiredThreadsPerThreadgroup   []int  `json:"requiredThreadsPerThreadgroup,omitempty"`
	MaxTotalThreadgroupsPerMeshGrid int    `json:"maxTotalThreadgroupsPerMeshGrid,omitempty"`
	UserAnnotation                  string `json:"userAnnotation,omitempty"`

	// ReturnType is the MSL return type as written after resolution.
	ReturnType string `json:"returnType"`

	FunctionConstants []FunctionConstant `json:"functionConstants,omitempty"`
	StageIn           []Attribute        `json:"stageInAttributes,omitempty"`
	Arguments         []Argument         `json:"arguments"`
	// Outputs describes the members of the returned struct (vertex, mesh
	// vertex/primitive, fragment outputs) with their attributes.
	Outputs []Varying `json:"outputs,omitempty"`
	// Inputs describes the fragment's stage_in members (and other varying
	// inputs) with their attributes, used by signature matching.
	Inputs []Varying `json:"inputs,omitempty"`
}

// Patch is the [[patch(type, count)]] attribute of a post-tessellation
// vertex function.
type Patch struct {
	Type              string `json:"type"` // "triangle" or "quad"
	ControlPointCount int    `json:"controlPointCount,omitempty"`
}

// Intersection describes an [[intersection(primitive, tags...)]] function.
type Intersection struct {
	Primitive string   `json:"primitive"` // "triangle" or "bounding_box"
	Tags      []string `json:"tags,omitempty"`
}

// FunctionConstant is a program-scope function constant the function uses.
type FunctionConstant struct {
	Name     string `json:"name"`
	Index    int    `json:"index"` // -1 when the constant has no index of its own
	Type     string `json:"type"`
	Required bool   `json:"required"`
}

// Attribute is one stage_in member with an [[attribute(n)]] index.
type Attribute struct {
	Name   string `json:"name"`
	Index  int    `json:"index"`
	Type   string `json:"type"`
	Active bool   `json:"active"`
}

// ArgumentType is the binding group of an argument.
type ArgumentType string

// Argument types (MTLArgumentType / MTLBindingType).
const (
	ArgBuffer                ArgumentType = "buffer"
	ArgTexture               ArgumentType = "texture"
	ArgSampler               ArgumentType = "sampler"
	ArgThreadgroupMemory     ArgumentType = "threadgroupMemory"
	ArgImageblockData        ArgumentType = "imageblockData"
	ArgImageblock            ArgumentType = "imageblock"
	ArgVisibleFunctionTable  ArgumentType = "visibleFunctionTable"
	ArgPrimitiveAccelStruct  ArgumentType = "primitiveAccelerationStructure"
	ArgInstanceAccelStruct   ArgumentType = "instanceAccelerationStructure"
	ArgIntersectionFuncTable ArgumentType = "intersectionFunctionTable"
	ArgObjectPayload         ArgumentType = "objectPayload"
)

// Access is the access a function has to a resource.
type Access string

// Accesses.
const (
	AccessRead      Access = "read"
	AccessWrite     Access = "write"
	AccessReadWrite Access = "read_write"
)

// Argument is one resource argument of a function (MTLArgument). Stage_in
// and built-in arguments are not listed, as Metal's reflection omits them.
type Argument struct {
	Name   string       `json:"name"`
	Type   ArgumentType `json:"type"`
	Index  int          `json:"index"`
	Access Access       `json:"access"`
	Active bool         `json:"active"`
	// ArrayLength is the number of resources bound for an array of
	// textures, samplers or buffers (1 for a single resource).
	ArrayLength int `json:"arrayLength"`

	// Buffers: the pointee data type; for a pointer to an array or a plain
	// pointer used as an array, DataType is the element type and
	// DataSize the size of one element.
	DataType     string      `json:"dataType,omitempty"`
	DataSize     int         `json:"dataSize,omitempty"`
	Alignment    int         `json:"alignment,omitempty"`
	Struct       *StructType `json:"struct,omitempty"`
	Array        *ArrayType  `json:"array,omitempty"`
	AddressSpace string      `json:"addressSpace,omitempty"`

	// Textures.
	TextureType     string `json:"textureType,omitempty"`
	TextureDataType string `json:"textureDataType,omitempty"`
	IsDepthTexture  bool   `json:"isDepthTexture,omitempty"`

	// Threadgroup memory.
	ThreadgroupMemorySize      int `json:"threadgroupMemoryDataSize,omitempty"`
	ThreadgroupMemoryAlignment int `json:"threadgroupMemoryAlignment,omitempty"`

	// FunctionConstant names the constant that enables the argument, if
	// any.
	FunctionConstant string `json:"functionConstant,omitempty"`
	// IndexConstant names the function constant that gives the binding
	// index ([[buffer(idx)]]); Index is -1 until a pipeline specializes it.
	IndexConstant string `json:"indexFunctionConstant,omitempty"`
}

// StructType lists a struct's members with their byte offsets.
type StructType struct {
	Name    string         `json:"name"`
	Size    int            `json:"size"`
	Align   int            `json:"alignment"`
	Members []StructMember `json:"members"`
}

// StructMember is one member of a StructType.
type StructMember struct {
	Name     string      `json:"name"`
	Offset   int         `json:"offset"`
	DataType string      `json:"dataType"`
	Size     int         `json:"size"`
	Struct   *StructType `json:"struct,omitempty"`
	Array    *ArrayType  `json:"array,omitempty"`
	// Attribute is the member's attribute as written ([[position]],
	// [[user(name)]], [[color(0)]] ...), if any.
	Attribute string `json:"attribute,omitempty"`
}

// ArrayType describes an array member or argument.
type ArrayType struct {
	Length      int         `json:"length"`
	Stride      int         `json:"stride"`
	ElementType string      `json:"elementType"`
	Struct      *StructType `json:"struct,omitempty"`
	Array       *ArrayType  `json:"array,omitempty"`
}

// Varying is one member of a stage's output or input, the unit matched by
// MSL section 5.7 signature rules.
type Varying struct {
	// Name is the member's identifier, or the [[user(name)]] name when one
	// is given (that is what matching uses).
	Name string `json:"name"`
	// Member is the struct member's own identifier.
	Member string `json:"member"`
	Type   string `json:"type"`
	// Attribute: "position", "user", "color", "point_size", "clip_distance",
	// "primitive_id", "render_target_array_index", "viewport_array_index", ... or "" for
	// a plain member matched by name.
	Attribute string `json:"attribute,omitempty"`
	// Index is the attribute argument where there is one ([[color(1)]]).
	Index int `json:"index,omitempty"`
	// Interpolation is "center_perspective" (default), "flat", … or
	// "interpolant" for interpolant<T,P> inputs, with Perspective telling P.
	Interpolation string `json:"interpolation,omitempty"`
	// PerPrimitive marks a mesh function's per-primitive output (the P of
	// mesh<V,P,...>), which is never interpolated.
	PerPrimitive bool `json:"perPrimitive,omitempty"`
	// Pos is file:line:col of the member, for diagnostics.
	Pos string `json:"-"`
}
