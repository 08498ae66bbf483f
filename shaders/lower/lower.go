package lower

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
)

// Options tune the lowering.
type Options struct {
	// NoSimplify skips the final ir.Simplify (for tests of the raw output).
	NoSimplify bool
	// IntersectionFunctions lists the host names of the [[intersection]]
	// functions linked into the pipeline (MTLLinkedFunctions); nil links
	// every intersection function of the program. intersect() calls reach
	// the linked functions whose tags equal the intersector's.
	IntersectionFunctions []string
	// Externs resolves the functions and program-scope variables the
	// program declares extern without defining them, against other
	// libraries (linking); nil reports them as errors.
	Externs Externs
	// StageLanes, when positive, has Stage lay a vertex or fragment
	// function's records out lane-major in blocks of StageLanes records
	// (WrapperLayout.Lanes): the engine's SIMD width, so that each input
	// and output is one contiguous row per batch. Records whose values do
	// not fit the layout (a scalar wider than 4 bytes, a pixel storage
	// type) stay record-major; Result.Wrapper.Lanes says which was used.
	// Other lowerings ignore it.
	StageLanes int
}

// Externs finds the definitions of extern declarations in other programs
// (MTLLinkedFunctions and preloaded libraries, in Metal's terms).
type Externs interface {
	// Func returns the definition of extern function decl (same name and
	// signature) and the program holding it, or nil.
	Func(decl *sema.Func) (*sema.Program, *sema.Func)
	// Var returns the definition (with its initializer) of extern
	// program-scope variable decl and the program holding it, or nil.
	Var(decl *sema.Var) (*sema.Program, *sema.Var)
}

// BindingKind is the kind of resource an entry parameter carries.
type BindingKind uint8

// Binding kinds.
const (
	// BindBuffer: the GPU address of a device or constant buffer (plus
	// the argument's offset). For a by-value argument (ByValue) the
	// address of Size bytes holding the value (setBytes).
	BindBuffer BindingKind = iota
	// BindTexture: a texture resource ID (0 for a null texture).
	BindTexture
	// BindSampler: a sampler resource ID.
	BindSampler
	// BindThreadgroup: the threadgroup-memory offset of a
	// [[threadgroup(i)]] argument. The engine lays these out after the
	// kernel's static threadgroup variables (Result.ThreadgroupMemory),
	// each at a 16-byte aligned offset, in Index order, with the lengths
	// set by setThreadgroupMemoryLength; it passes the total dynamic size
	// as exec.Dispatch.ThreadgroupMemory.
	BindThreadgroup
	// BindHandle: an 8-byte resource ID of another kind (acceleration
	// structure, function table).
	BindHandle
	// BindWrapperArgs: the argument/result buffer of a Function wrapper
	// (see Function).
	BindWrapperArgs
	// BindStageIO: the stage input/output records of a vertex or
	// fragment function (see Stage).
	BindStageIO
	// BindImageblock: an explicit imageblock<T> kernel argument, not
	// bound from the API: the engine allocates width × height × Size bytes
	// of threadgroup memory per threadgroup (setImageblockWidth:height:)
	// and passes ImageblockValue(offset, width, height).
	BindImageblock
)

var bindKindNames = [...]string{"buffer", "texture", "sampler", "threadgroup", "handle", "wrapper", "stage_io", "imageblock"}

// ImageblockValue encodes the value of an imageblock argument: its
// threadgroup-memory offset and its width and height in pixels.
func ImageblockValue(offset uint32, width, height uint16) uint64 {
	return uint64(offset) | uint64(width)<<32 | uint64(height)<<48
}

func (k BindingKind) String() string {
	if int(k) < len(bindKindNames) {
		return bindKindNames[k]
	}
	return meshBindKindName(k)
}

// Binding describes one U64 parameter of a lowered entry function.
type Binding struct {
	Kind BindingKind
	// Param is the parameter's position in the IR entry function.
	Param int
	// Index is the binding index ([[buffer(i)]] ...); for arrays of
	// textures/samplers, the slot of this element. -1 when IndexConst
	// gives it.
	Index int
	// IndexConst names the function constant that gives the index.
	IndexConst string
	// ArgName is the MSL argument name (with "[k]" for array elements).
	ArgName string
	// Space is the address space of a buffer (ir.Device or ir.Constant).
	Space ir.Space
	// ByValue is set for a buffer argument passed by value (not a pointer
	// or reference); Size is then its byte size.
	ByValue bool
	Size    int
	// FuncConst names the function constant that enables the argument
	// (the engine passes 0 when it is false).
	FuncConst string
	// Type is the argument's MSL type.
	Type string
	// Implicit is the layout of an implicit imageblock (BindImageblock).
	Implicit *ImplicitLayout
}

// Result is a lowered program.
type Result struct {
	// Program holds the entry function, every function it calls, the
	// intrinsics and the function constants. It is not specialized.
	Program *ir.Program
	// Entry is the IR name of the entry function (the MSL host name).
	Entry string
	// Bindings describes the entry parameters, one per parameter, in
	// parameter order.
	Bindings []Binding
	// ThreadgroupMemory is the static threadgroup memory of the kernel in
	// bytes (also Program.Func(Entry).ThreadgroupMemory).
	ThreadgroupMemory uint32
	// Wrapper describes the argument buffer of a Function wrapper, or the
	// stage records of Stage (nil otherwise).
	Wrapper *WrapperLayout
	// FunctionIDs maps the host name of each [[visible]] function of the
	// program to the id a visible_function_table entry must yield
	// (stdlib.FuncTableGet) for calls through the table to reach it.
	FunctionIDs map[string]uint64
	// IntersectionFunctionIDs maps the host name of each linked
	// [[intersection]] function to the id an intersection function table
	// entry must hold (engine/rt Table.Functions) for intersect() to run
	// it. Ids are 1-based positions among the program's intersection
	// functions, so they do not depend on which ones are linked.
	IntersectionFunctionIDs map[string]uint64
}

// Error is a lowering error at a source position.
type Error struct {
	Pos diag.Pos
	Msg string
	// Position is Pos resolved through the program's file set.
	Position diag.Position
}

func (e *Error) Error() string {
	if e.Position.IsValid() {
		return e.Position.String() + ": " + e.Msg
	}
	return "lower: " + e.Msg
}

// bailout carries an *Error out of deep recursion to the API boundary.
type bailout struct{ err *Error }

// program is the lowering state shared by every function of one Result.
type program struct {
	sp       *sema.Program
	out      *ir.Program
	funcs    map[*sema.Func]*ir.Function
	pending  []pendingFunc
	consts   map[int]bool
	builders []*ir.Builder
	gbinds   []gbind
	fptrs    []*sema.Func
	// lambdaCaps caches the captured variables of each lambda.
	lambdaCaps map[*sema.Func][]*sema.Var
	// dataAddr holds the Constant addresses of the program-scope arrays
	// placed in the data segment (ir.Program.Data).
	dataAddr map[*sema.Var]uint64
	// link is shared by a program and the programs linked into it.
	link *linkState
	// externPos, for a linked program, is where the extern declaration
	// that pulled it in sits in the entry's program: the position its
	// instructions report (their own positions are in another file set).
	externPos diag.Pos
	opts      Options
	// isectLinked and isectFuncs: linked intersection functions and
	// their lowered IR functions (raytracing.go).
	isectLinked []linkedFunc
	isectFuncs  map[*sema.Function]*ir.Function
}

type pendingFunc struct {
	sf    *sema.Func
	fn    *ir.Function
	isect *sema.Function // an intersection function (raytracing.go)
}

func (p *program) errorf(pos diag.Pos, format string, args ...any) {
	e := &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	if p.sp != nil && p.sp.Fset != nil && pos.IsValid() {
		e.Position = p.sp.Fset.Position(pos)
	}
	panic(bailout{e})
}

func newProgram(sp *sema.Program) *program {
	return &program{sp: sp, out: ir.NewProgram(sp.Fset), funcs: map[*sema.Func]*ir.Function{},
		consts: map[int]bool{}, gbinds: globalBindings(sp), dataAddr: map[*sema.Var]uint64{},
		link: &linkState{programs: map[*sema.Program]*program{}, fns: map[*ir.Function]*program{}}}
}

// guard turns bailouts and unexpected panics into errors.
func guard(err *error) {
	if r := recover(); r != nil {
		if b, ok := r.(bailout); ok {
			*err = b.err
			return
		}
		*err = fmt.Errorf("lower: internal error: %v\n%s", r, debug.Stack())
	}
}

// Entry lowers the qualified function fn of prog (a kernel; see the
// package documentation for the parameter ABI).
func Entry(prog *sema.Program, fn *sema.Function, opts Options) (res *Result, err error) {
	if prog == nil || fn == nil || fn.Func == nil {
		return nil, errors.New("lower: nil program or function")
	}
	defer guard(&err)
	p := newProgram(prog)
	p.opts = opts
	if fn.Kind != sema.FuncKernel {
		p.errorf(fn.Pos, "lowering %s functions is not supported yet (only kernels)", fn.Kind)
	}
	res = &Result{Program: p.out, Entry: fn.HostName}
	var io *WrapperLayout
	for _, prm := range fn.Params {
		if prm.Bind == sema.BindStageIn {
			// Compute stage-in: the engine fetches the [[stage_in]] struct
			// per thread into a record, as for vertex functions (see Stage).
			io = stageLayout(p, fn)
			res.Wrapper = io
		}
	}
	f := p.lowerEntryIO(fn, res, io)
	p.drain()
	res.ThreadgroupMemory = f.ThreadgroupMemory
	res.FunctionIDs = p.functionIDs()
	res.IntersectionFunctionIDs = p.intersectionIDs()
	if err := p.finish(opts); err != nil {
		return nil, err
	}
	return res, nil
}

// drain lowers every function body queued by calls, in this program and
// in the programs linked into it.
func (p *program) drain() {
	for {
		p.drainOwn()
		done := true
		for _, lp := range p.link.order {
			if len(lp.pending) > 0 {
				lp.drainOwn()
				done = false
			}
		}
		if done && len(p.pending) == 0 {
			return
		}
	}
}

func (p *program) drainOwn() {
	for len(p.pending) > 0 {
		q := p.pending[0]
		p.pending = p.pending[1:]
		if q.isect != nil {
			p.lowerIntersectionBody(q.isect, q.fn)
			continue
		}
		p.lowerBody(q.sf, q.fn)
	}
}

func (p *program) finish(opts Options) error {
	// Linked functions' positions belong to other file sets: report them
	// at the extern declaration that pulled their library in.
	for fn, lp := range p.link.fns {
		fn.Pos = lp.externPos
		ir.Walk(fn.Body, func(in *ir.Instr) bool { in.Pos = lp.externPos; return true })
	}
	sort.SliceStable(p.out.Constants, func(i, j int) bool { return p.out.Constants[i].Index < p.out.Constants[j].Index })
	if err := ir.Verify(p.out); err != nil {
		return fmt.Errorf("lower: produced invalid IR: %w", err)
	}
	if !opts.NoSimplify {
		ir.Simplify(p.out)
		if err := ir.Verify(p.out); err != nil {
			return fmt.Errorf("lower: invalid IR after simplification: %w", err)
		}
	}
	return nil
}

// irName gives a unique IR function name for a sema function.
func (p *program) irName(f *sema.Func) string {
	name := f.QualName
	if name == "" {
		name = f.Name
	}
	if len(f.TemplArgs) > 0 {
		parts := make([]string, len(f.TemplArgs))
		for i, a := range f.TemplArgs {
			parts[i] = a.String()
		}
		name += "<" + strings.Join(parts, ",") + ">"
	}
	base := name
	for i := 2; p.out.Func(name) != nil; i++ {
		name = fmt.Sprintf("%s#%d", base, i)
	}
	return name
}
