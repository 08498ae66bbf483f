package ir

import "fmt"

// Op is an instruction opcode.
type Op uint8

// Opcodes. Arithmetic ops take operands of the instruction's Kind and give
// a result of that Kind; comparisons give Bool. See the package doc for the
// semantics of each group.
const (
	OpInvalid Op = iota

	// Values.
	OpConst            // Dst = Imm (value bits, see Value)
	OpSet              // Var Dst = Args[0]
	OpBuiltin          // Dst = built-in input Imm (a BuiltinID), Kind U32
	OpFuncConst        // Dst = function constant number Imm (removed by Specialize)
	OpFuncConstDefined // Dst(Bool) = whether function constant Imm was given (removed by Specialize)

	// Unary arithmetic.
	OpNeg
	OpNot // bitwise complement (ints), logical not (bool)
	OpAbs
	OpSqrt
	OpRsqrt
	OpFloor
	OpCeil
	OpTrunc
	OpRint // round half to even
	OpExp2
	OpLog2
	OpSin
	OpCos
	OpTan
	OpAsin
	OpAcos
	OpAtan
	// Fast-math variants (metal::fast, the default math mode): evaluated
	// with internal/fmath's Fast* functions, within MSL Table 8.2's bounds.
	OpFastExp2
	OpFastLog2
	OpFastSin
	OpFastCos
	OpFastTan
	OpFastRsqrt
	OpClz
	OpCtz
	OpPopcount
	// OpReverseBits reverses the bit order of a 32- or 64-bit integer
	// (MSL reverse_bits; narrower kinds are lowered around it).
	OpReverseBits

	// Binary arithmetic.
	OpAdd
	OpSub
	OpMul
	OpDiv // ints: truncating, x/0 = 0; floats: IEEE
	OpRem // ints: truncating remainder, x%0 = 0; floats: fmod
	OpMin
	OpMax
	OpAnd // bitwise (ints), logical (bool)
	OpOr
	OpXor
	OpShl // shift count taken modulo the bit width
	OpShr // arithmetic for signed kinds, logical for unsigned
	OpAtan2
	OpMulHi

	// Comparisons (result Bool).
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe

	// Ternary.
	OpFma    // a*b+c rounded once
	OpSelect // Args[0] (Bool) ? Args[1] : Args[2]

	// Conversions: Kind is the destination kind, From the source kind.
	OpConv    // value conversion (float->int truncates toward zero, saturates, NaN -> 0)
	OpBitcast // reinterpret bits; Kind and From have the same size

	// Memory. Kind is the element kind; Align the alignment in bytes that
	// the address must have (a fault otherwise).
	OpLoad   // Dst = *(Kind*)Args[0] in Space
	OpStore  // *(Kind*)Args[0] = Args[1] in Space
	OpAlloca // Dst (U64) = address of Imm bytes of Thread memory, aligned to Align

	// Calls.
	OpCall      // Results = Program.Funcs[Imm](Args...)
	OpIntrinsic // Results = Program.Intrinsics[Imm](Args...)

	// Structured control flow.
	OpIf       // if Args[0] { Then } else { Else }
	OpLoop     // loop { Body; Continuing }: exits only through Break or Return
	OpBreak    // leave the innermost Loop or Switch
	OpContinue // go to the Continuing block of the innermost Loop
	OpSwitch   // switch Args[0] { Cases } with C fallthrough
	OpReturn   // return Args (one per Function.Results)
	OpDiscard  // discard_fragment: the lane goes on as a helper (demoted): it runs, but nothing it does later is stored
	numOps
)

var opNames = [...]string{
	OpInvalid: "invalid", OpConst: "const", OpSet: "set", OpBuiltin: "builtin",
	OpFuncConst: "funcconst", OpFuncConstDefined: "funcconst.defined",
	OpNeg: "neg", OpNot: "not", OpAbs: "abs", OpSqrt: "sqrt", OpRsqrt: "rsqrt",
	OpFloor: "floor", OpCeil: "ceil", OpTrunc: "trunc", OpRint: "rint", OpExp2: "exp2",
	OpLog2: "log2", OpSin: "sin", OpCos: "cos", OpTan: "tan", OpAsin: "asin", OpAcos: "acos",
	OpAtan: "atan", OpFastExp2: "fast.exp2", OpFastLog2: "fast.log2", OpFastSin: "fast.sin",
	OpFastCos: "fast.cos", OpFastTan: "fast.tan", OpFastRsqrt: "fast.rsqrt", OpClz: "clz", OpCtz: "ctz", OpPopcount: "popcount", OpReverseBits: "reverse_bits",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpDiv: "div", OpRem: "rem", OpMin: "min",
	OpMax: "max", OpAnd: "and", OpOr: "or", OpXor: "xor", OpShl: "shl", OpShr: "shr",
	OpAtan2: "atan2", OpMulHi: "mulhi",
	OpEq: "eq", OpNe: "ne", OpLt: "lt", OpLe: "le", OpGt: "gt", OpGe: "ge",
	OpFma: "fma", OpSelect: "select", OpConv: "conv", OpBitcast: "bitcast",
	OpLoad: "load", OpStore: "store", OpAlloca: "alloca",
	OpCall: "call", OpIntrinsic: "intrinsic",
	OpIf: "if", OpLoop: "loop", OpBreak: "break", OpContinue: "continue",
	OpSwitch: "switch", OpReturn: "return", OpDiscard: "discard",
}

func (o Op) String() string {
	if int(o) < len(opNames) && opNames[o] != "" {
		return opNames[o]
	}
	return fmt.Sprintf("op(%d)", uint8(o))
}

// IsUnary reports whether o is a one-operand arithmetic op.
func (o Op) IsUnary() bool { return o >= OpNeg && o <= OpReverseBits }

// IsBinary reports whether o is a two-operand arithmetic op (not a comparison).
func (o Op) IsBinary() bool { return o >= OpAdd && o <= OpMulHi }

// IsCompare reports whether o is a comparison.
func (o Op) IsCompare() bool { return o >= OpEq && o <= OpGe }

// IsPure reports whether an instruction with op o has no effect other than
// writing Dst (so it may be folded, moved or removed when Dst is unused).
func (o Op) IsPure() bool {
	return (o >= OpConst && o <= OpConv || o == OpBitcast) && o != OpSet
}

// floatOnly reports whether o is defined only on float kinds.
func (o Op) floatOnly() bool {
	switch o {
	case OpSqrt, OpRsqrt, OpFloor, OpCeil, OpTrunc, OpRint, OpExp2, OpLog2, OpSin, OpCos,
		OpTan, OpAsin, OpAcos, OpAtan, OpAtan2, OpFma,
		OpFastExp2, OpFastLog2, OpFastSin, OpFastCos, OpFastTan, OpFastRsqrt:
		return true
	}
	return false
}

// intOnly reports whether o is defined only on integer kinds (bool allowed
// for the logical ones).
func (o Op) intOnly() bool {
	switch o {
	case OpClz, OpCtz, OpPopcount, OpReverseBits, OpAnd, OpOr, OpXor, OpShl, OpShr, OpMulHi, OpNot:
		return true
	}
	return false
}
