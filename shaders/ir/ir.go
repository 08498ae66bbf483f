package ir

import "github.com/ingot-render/ingot/shaders/diag"

// Reg names a virtual register of a Function: an index into Function.Regs.
// NoReg (0) means "none".
type Reg int32

// NoReg is the absent register.
const NoReg Reg = 0

// Class tells whether a register holds the same value in every lane of a
// batch (Uniform) or one value per lane (Varying). It is computed by
// AnalyzeUniformity; the Builder creates Varying registers.
type Class uint8

// Register classes.
const (
	Varying Class = iota
	Uniform
)

func (c Class) String() string {
	if c == Uniform {
		return "uniform"
	}
	return "varying"
}

// RegInfo describes a register.
//
// A temporary (Var false) is defined by exactly one instruction and may be
// used only after it in the same block or in blocks nested there (structured
// dominance). A variable (Var true) is mutable: it is written by OpSet (and
// by nothing else) and read anywhere in its function; it carries values
// across control flow (loop-carried values, results of if/else). Variables
// start as zero.
type RegInfo struct {
	Kind  Kind
	Var   bool
	Class Class
	Name  string // optional, for printing
}

// Block is a sequence of instructions executed in order.
type Block []*Instr

// Case is one arm of a Switch: it is entered by lanes whose selector equals
// one of Values (or that match no case, for Default) and by lanes that fall
// through from the previous case without a Break, as in C.
type Case struct {
	Values  []int64
	Default bool
	Body    Block
}

// Instr is one IR instruction. Which fields are used depends on Op; see the
// package documentation.
type Instr struct {
	Op    Op
	Kind  Kind  // operation / result / memory-element kind
	From  Kind  // OpConv, OpBitcast: source kind
	Space Space // OpLoad, OpStore
	Align uint32
	Dst   Reg
	Args  []Reg
	Imm   uint64
	// Results receives the values of OpCall and OpIntrinsic.
	Results []Reg
	// Then/Else (OpIf), Body/Continuing (OpLoop), Cases (OpSwitch).
	Then, Else       Block
	Body, Continuing Block
	Cases            []Case
	Pos              diag.Pos
	// Unmasked (OpSet) says that every lane inactive where the set runs
	// has the variable dead (EliminateDeadSets): an executor may write
	// all lanes instead of merging under the active mask.
	Unmasked bool
}

// Function is one IR function: an entry point or a helper.
type Function struct {
	Name    string
	Kernel  bool      // a compute entry point: built-ins and threadgroup memory available
	Params  []Reg     // parameter temporaries, defined on entry
	Results []Kind    // kinds of the returned values
	Regs    []RegInfo // Regs[0] is unused (NoReg)
	Body    Block
	Pos     diag.Pos
	// ThreadgroupMemory is the static threadgroup memory (bytes) the
	// function declares; Threadgroup addresses below it are its variables.
	ThreadgroupMemory uint32
}

// Reg returns the description of r.
func (f *Function) Reg(r Reg) RegInfo { return f.Regs[r] }

// NumRegs returns the number of registers including the unused NoReg slot.
func (f *Function) NumRegs() int { return len(f.Regs) }

// IntrinsicFlags describe how an intrinsic behaves for analyses and passes.
type IntrinsicFlags uint8

// Intrinsic flags.
const (
	// SideEffects: the call may not be removed or duplicated (stores,
	// atomics, texture writes).
	SideEffects IntrinsicFlags = 1 << iota
	// Convergent: the call looks at other lanes of its SIMD-group or
	// threadgroup (simd_*, barriers); it is never removed or moved across
	// control flow.
	Convergent
	// UniformResult: the results are uniform when every argument is.
	UniformResult
	// Barrier: a threadgroup barrier; the executor suspends the SIMD-group
	// until every SIMD-group of the threadgroup has arrived.
	Barrier
)

// IntrinsicDecl declares a native lane function the executor provides
// under Name (texture sampling, atomics, simd_*, intersect, barriers...).
type IntrinsicDecl struct {
	Name    string
	Params  []Kind
	Results []Kind
	Flags   IntrinsicFlags
}

// FuncConstant declares a function constant ([[function_constant(Index)]]).
type FuncConstant struct {
	Name  string
	Index int
	Kind  Kind
}

// Program is a set of functions plus the intrinsics and function constants
// they refer to.
type Program struct {
	Funcs      []*Function
	Intrinsics []IntrinsicDecl
	Constants  []FuncConstant
	// Data is the program's constant data segment: program-scope constant
	// arrays, laid out as in memory (AddData). Executors map it read-only
	// at Constant address DataBase, so functions reach it with ordinary
	// Constant loads at DataBase + offset.
	Data []byte
	Fset *diag.FileSet // optional; resolves Instr.Pos for messages
}

// DataBase is the Constant address of Program.Data's first byte, far
// above any buffer address an executor hands out.
const DataBase uint64 = 0xffff_0000_0000_0000

// MaxData bounds Program.Data (Metal's constant address space has no fixed
// limit; this keeps a runaway initializer from exhausting memory).
const MaxData = 64 << 20

// AddData appends b to the data segment at the next multiple of align (a
// power of two) and returns its Constant address, or ok false when the
// segment would exceed MaxData.
func (p *Program) AddData(b []byte, align uint32) (addr uint64, ok bool) {
	if align == 0 {
		align = 1
	}
	off := (len(p.Data) + int(align) - 1) &^ (int(align) - 1)
	if off+len(b) > MaxData {
		return 0, false
	}
	for len(p.Data) < off {
		p.Data = append(p.Data, 0)
	}
	p.Data = append(p.Data, b...)
	return DataBase + uint64(off), true
}

// NewProgram returns an empty program.
func NewProgram(fset *diag.FileSet) *Program { return &Program{Fset: fset} }

// Func returns the function called name, or nil.
func (p *Program) Func(name string) *Function {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// FuncIndex returns the index of f in p.Funcs, or -1.
func (p *Program) FuncIndex(f *Function) int {
	for i, g := range p.Funcs {
		if g == f {
			return i
		}
	}
	return -1
}

// Intrinsic returns the index of the intrinsic called name, declaring it
// if needed. A second declaration with the same name must agree.
func (p *Program) Intrinsic(d IntrinsicDecl) int {
	for i, e := range p.Intrinsics {
		if e.Name == d.Name {
			return i
		}
	}
	p.Intrinsics = append(p.Intrinsics, d)
	return len(p.Intrinsics) - 1
}

// Walk calls fn for every instruction of b, depth first, parents before
// their nested blocks. fn returning false skips the nested blocks.
func Walk(b Block, fn func(*Instr) bool) {
	for _, in := range b {
		if !fn(in) {
			continue
		}
		Walk(in.Then, fn)
		Walk(in.Else, fn)
		Walk(in.Body, fn)
		Walk(in.Continuing, fn)
		for _, c := range in.Cases {
			Walk(c.Body, fn)
		}
	}
}
