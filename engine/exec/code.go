package exec

import (
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// vop is a VM opcode. Varying ops work on lane vectors, uniform ops (u*)
// on scalars; control ops manipulate the execution mask.
type vop uint8

const (
	opNop vop = iota
	opEnd

	// Uniform (scalar) ops; each may also fill its shadow lane vector.
	opUGen
	opUSet
	opUBuiltin
	opULoad
	opUAlloca

	// Varying float32 fast paths.
	opAddF
	opSubF
	opMulF
	opDivF
	opMinF
	opMaxF
	opClampF // d = fmin(fmax(a, b), c)
	opFmaF
	opMulAddF // d = float32(a*b) + c
	opAddMulF // d = c + float32(a*b)
	opMulSubF // d = float32(a*b) - c
	opSubMulF // d = c - float32(a*b)
	opNegF
	opAbsF
	opSqrtF
	opFloorF
	opMathF
	opLtF
	opLeF
	opEqF
	opNeF

	// Varying 32-bit integer / bool fast paths.
	opAddI
	opSubI
	opMulI
	opAndI
	opOrI
	opXorI
	opShlI
	opShrI
	opShrU
	opRevI
	opNotB
	opMinI
	opMaxI
	opMinU
	opMaxU
	opLtI
	opLeI
	opLtU
	opLeU
	opEqI
	opNeI
	opSel32
	opSel64
	opDivU    // a / b, 0 where b is 0
	opRemU    // a % b, 0 where b is 0
	opXorMulI // a ^ (a * b)
	opXorShrU // a ^ (a >> (b & 31))

	// 64-bit fast paths.
	opAdd64
	opSub64
	opMul64
	opShl64

	// Conversions.
	opZext64
	opSext64
	opTrunc64
	opI32toF
	opU32toF
	opFtoI32
	opF32toF16
	opCopy32
	opCopy64
	opCopy32N // opCopy32, then the moves of instExt.moves

	// Everything else, per lane through ir.Eval.
	opVGen
	opVBuiltin
	opVBuiltinC
	opVSet32
	opVSet64
	opVSet32N // opVSet32, then the moves of instExt.moves (one mask)
	opVLoad
	opVStore
	opVLoadAff
	opVStoreAff
	opVLoadAffN
	opVStoreAffN
	opVLoadRows  // component loads of contiguous lane rows (lane-major records), one row each
	opVStoreRows // component stores of contiguous lane rows, one row each
	opCall
	opIntrinsic
	opBarrier

	// Control flow.
	opIfV
	opIfU
	opIfCmp
	opIfCmpC
	opElse
	opEndIf
	opLoopBegin
	opLoopHead
	opLoopCont
	opLoopEnd
	opLoopExit
	opBreak
	opContinue
	opRet
	opDiscard
	opSwBegin
	opCase
	opSwEnd
	// A uniform if whose arms nothing leaves early (no break, continue or
	// return of an enclosing construct): no lane changes state inside, so
	// it needs no masks, only jumps (uniformIfPlain).
	opIfUJ   // to tgt when the uniform condition is false
	opIfUCmp // to tgt when the uniform comparison irop(a, b) of kind k is false
	opJump   // to tgt
	// The uniform loads and arithmetic of instExt.parts (opULoad and opUGen
	// instructions), in order: a run of uniform work in one dispatch.
	opURun

	// Pairs (fusePairs): the instruction, then the one after it in code
	// order, in one dispatch; the second keeps its own op and operands
	// (it also runs on its own when a jump lands on it), so a pair op
	// only names the two kinds, for direct calls of their 64-lane
	// kernels.
	opMulF2       // opMulF, opMulF
	opAddMulF2    // opAddMulF, opAddMulF
	opFmaF2       // opFmaF, opFmaF
	opSubF2       // opSubF, opSubF
	opAddF2       // opAddF, opAddF
	opMulFAddMulF // opMulF, opAddMulF
	opAddMulFMulF // opAddMulF, opMulF
	opMulFFmaF    // opMulF, opFmaF
	opMulFDivF    // opMulF, opDivF
	opXorMulI2    // opXorMulI, opXorMulI
	opVSet32EndIf // opVSet32, opEndIf
)

// pairOps maps the frequent pairs of consecutive instructions to the op
// that runs both (fusePairs).
var pairOps = map[[2]vop]vop{
	{opMulF, opMulF}:       opMulF2,
	{opAddMulF, opAddMulF}: opAddMulF2,
	{opFmaF, opFmaF}:       opFmaF2,
	{opSubF, opSubF}:       opSubF2,
	{opAddF, opAddF}:       opAddF2,
	{opMulF, opAddMulF}:    opMulFAddMulF,
	{opAddMulF, opMulF}:    opAddMulFMulF,
	{opMulF, opFmaF}:       opMulFFmaF,
	{opMulF, opDivF}:       opMulFDivF,
	{opXorMulI, opXorMulI}: opXorMulI2,
	{opVSet32, opEndIf}:    opVSet32EndIf,
}

// firstOfPair is pairFirst's table.
var firstOfPair = func() (t [256]vop) {
	for i := range t {
		t[i] = vop(i)
	}
	for k, v := range pairOps {
		t[v] = k[0]
	}
	return t
}()

// pairFirst returns the op of the first instruction of pair op p (p itself
// for other ops).
func pairFirst(p vop) vop { return firstOfPair[p] }

// Register files of an operand.
const (
	file32  = 0 // varying 32-bit lanes
	file64  = 1 // varying 64-bit lanes
	fileUni = 2 // uniform scalar (a value pattern)
)

// operand locates a register: a lane offset in a varying file or a slot in
// the uniform file.
type operand struct {
	file uint8
	kind ir.Kind
	off  int32
}

// inst is one VM instruction as the run loop sees it: the fields every op
// needs are inline (so that a long program stays in L1), the rest is
// behind instExt.
type inst struct {
	op         vop
	irop       ir.Op
	k, from    ir.Kind
	space      ir.Space
	shWide     bool
	seqOK      bool  // affine ops: the index is a built-in, whose seq flag is valid
	offLoad    bool  // opVLoad: the address is ops[0] (varying) + uni[b]
	shKeep     bool  // opULoad, opUGen: the only writer of d and its shadow (shadowKept)
	tgt        int32 // jump target
	skip       int32 // restore ops: where to go when no lane is left
	d, a, b, c int   // lane offsets (varying) or uniform slots
	sh         int   // uniform ops: lane offset of the shadow vector, or -1
	s          int   // mask slot of the construct (opUGen: the number of operands, in slots a, b, c)
	x1, x2     int   // exit mask slots subtracted at restore points
	imm        uint64
	align      uint32
	cost       int32 // loop heads: static length of the loop, for the budget
	*instExt
}

// instExt holds the fields of the less frequent instructions.
type instExt struct {
	ops      []operand
	res      []operand
	callee   *cfunc
	intr     IntrinsicFunc
	src      *ir.Instr
	caseVals [][]uint64 // opSwBegin: normalized values per case
	caseDef  int        // opSwBegin: index of the default case or -1
	uniRes   []int32    // opIntrinsic: uniform slot per result, or -1
	maskRes  []bool     // opCall: result i is a variable, moved under the call's mask
	comp     []int32    // opVLoadAffN, opVLoadRows: lane offset of each component's result (stores: value)
	parts    []inst     // opVLoadAffN, opVLoadRows: the component loads, for the slow path; opURun: its instructions
	rowOff   []uint64   // opVLoadRows, opVStoreRows: byte offset of each row from the first
	moves    []int32    // opCopy32N, opVSet32N: destination and source lane offsets of the moves after the first
}

// instDef is an instruction as the compiler builds it.
type instDef struct {
	op         vop
	irop       ir.Op
	k, from    ir.Kind
	space      ir.Space
	d, a, b, c int
	sh         int
	shWide     bool
	seqOK      bool
	offLoad    bool
	shKeep     bool
	imm        uint64
	align      uint32
	tgt        int32
	skip       int32
	s          int
	x1, x2     int
	cost       int32
	ops        []operand
	res        []operand
	callee     *cfunc
	intr       IntrinsicFunc
	src        *ir.Instr
	caseVals   [][]uint64
	caseDef    int
	uniRes     []int32
	maskRes    []bool
}

func (d *instDef) compact() inst {
	return inst{op: d.op, irop: d.irop, k: d.k, from: d.from, space: d.space, shWide: d.shWide, seqOK: d.seqOK, offLoad: d.offLoad, shKeep: d.shKeep,
		tgt: d.tgt, skip: d.skip, d: d.d, a: d.a, b: d.b, c: d.c, sh: d.sh, s: d.s, x1: d.x1, x2: d.x2,
		imm: d.imm, align: d.align, cost: d.cost,
		instExt: &instExt{ops: d.ops, res: d.res, callee: d.callee, intr: d.intr, src: d.src,
			caseVals: d.caseVals, caseDef: d.caseDef, uniRes: d.uniRes, maskRes: d.maskRes}}
}

// Mask slots every frame has.
const (
	slotRet  = 0 // lanes that returned or discarded
	slotZero = 1 // always 0
	slotDisc = 2 // lanes that discarded
	numFixed = 3
)

// cfunc is a compiled function.
type cfunc struct {
	fn       *ir.Function
	idx      int
	paramSh  []int32 // shadow lane offset of each uniform parameter, or -1
	code     []inst
	w        int
	n32, n64 int // lane vectors
	nuni     int
	nmask    int
	privSize uint32
	// prologueEnd is the pc after the entry's dispatch-invariant prologue
	// (hoistInvariants), 0 without one.
	prologueEnd int32
	// prologueLoads are the pcs of the prologue's loads (constant memory;
	// opULoad, or opURun with loads among its parts):
	// a batch that skips the prologue still counts their traffic.
	prologueLoads []int32
	consts        []constInit
	zero32        []int32 // lane offsets of variables to clear on entry
	zero64        []int32
	zeroUni       []int32
	params        []operand
	results       []operand
	hasBarrier    bool
	nbcache       int // opVBuiltinC instructions (cached built-in vectors)
	ncmpcache     int // opIfCmpC instructions (cached comparison masks)
	nucache       int // opULoad instructions of device or constant memory (cached buffers)
}

type constInit struct {
	off  int32 // uniform slot
	val  uint64
	sh   int32 // shadow lane offset or -1
	wide bool  // the shadow is a 64-bit lane vector
}

// frame is the state of one call of a compiled function for one batch.
type frame struct {
	cf      *cfunc
	r32     []uint32
	f32     []float32
	r64     []uint64
	uni     []uint64
	masks   []lane.Mask
	priv    []byte
	seq     []bool // per 32-bit lane vector: holds v0, v0+1, ... (set by built-ins)
	exec    lane.Mask
	entry   lane.Mask
	noStore lane.Mask
	depth   int
	bkeys   []builtinKey // per opVBuiltinC: the batch its vector was filled for
	ckeys   []builtinKey // per opIfCmpC: the batch its mask was computed for
	cmasks  []lane.Mask  // per opIfCmpC: the mask
	ubufs   []ubufEntry  // per opULoad of device or constant memory: the buffer it read last
	pc      int32        // resume point after a barrier
	b       *batch
	bt      batch  // storage for b in entry frames
	argsOf  uint64 // id of the dispatch whose arguments the parameters hold
	// prologueOf is the id of the dispatch whose invariant prologue
	// (cfunc.prologueEnd) the frame's registers hold.
	prologueOf uint64
}

// ubufEntry remembers the buffer a uniform load of device or constant
// memory read last, for the next time it runs: a uniform load reads the
// same buffer batch after batch (a material record, the scene's resource
// table), while the worker's memCache follows the buffers of all accesses
// in turn. It names the buffer by its index in the dispatch's Memory and
// holds only for the dispatch id (0: empty), so it keeps no buffer alive
// and needs no clearing between dispatches.
type ubufEntry struct {
	id     uint64 // dispatch id
	lo, hi uint64 // [lo, hi) of buffer i
	i      int
}

func newFrame(cf *cfunc, depth int) *frame {
	w := cf.w
	fr := &frame{cf: cf, depth: depth}
	fr.r32 = alignedU32(cf.n32 * w)
	fr.f32 = u32f(fr.r32)
	fr.r64 = make([]uint64, cf.n64*w)
	fr.uni = make([]uint64, cf.nuni)
	fr.masks = make([]lane.Mask, cf.nmask)
	fr.seq = make([]bool, cf.n32)
	fr.priv = make([]byte, int(cf.privSize)*w)
	fr.bkeys = make([]builtinKey, cf.nbcache)
	fr.ckeys = make([]builtinKey, cf.ncmpcache)
	fr.cmasks = make([]lane.Mask, cf.ncmpcache)
	fr.ubufs = make([]ubufEntry, cf.nucache)
	for _, c := range cf.consts {
		fr.uni[c.off] = c.val
		if c.sh >= 0 {
			if c.wide {
				lane.Broadcast(fr.r64[c.sh:c.sh+int32(w)], c.val)
			} else {
				lane.Broadcast(fr.r32[c.sh:c.sh+int32(w)], uint32(c.val))
			}
		}
	}
	return fr
}

// alignedU32 returns a 64-byte aligned slice of n uint32s.
func alignedU32(n int) []uint32 {
	if n == 0 {
		return nil
	}
	s := make([]uint32, n+16)
	off := 0
	for uintptrOf(s[off:])%64 != 0 {
		off++
	}
	return s[off : off+n : off+n]
}

func (fr *frame) lanes32(o operand, w int) []uint32 { return fr.r32[o.off : int(o.off)+w] }

func (fr *frame) lanes64(o operand, w int) []uint64 { return fr.r64[o.off : int(o.off)+w] }

// get returns the value pattern of o in lane i.
func (fr *frame) get(o operand, i int) uint64 {
	switch o.file {
	case file32:
		return ir.FromReg32(o.kind, fr.r32[int(o.off)+i])
	case file64:
		return fr.r64[int(o.off)+i]
	}
	return fr.uni[o.off]
}

// put stores value pattern v into o in lane i.
func (fr *frame) put(o operand, i int, v uint64) {
	switch o.file {
	case file32:
		fr.r32[int(o.off)+i] = uint32(v)
	case file64:
		fr.r64[int(o.off)+i] = v
	default:
		fr.uni[o.off] = v
	}
}
