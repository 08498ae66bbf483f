package exec

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/ingot-render/ingot/shaders/ir"
)

// Options configure a Pipeline.
type Options struct {
	// Width is the number of lanes per batch: 32 or 64 (default 64). A
	// batch is one or two SIMD-groups of 32 lanes.
	Width int
	// Workers is the number of goroutines a dispatch uses (default
	// GOMAXPROCS). Results do not depend on it.
	Workers int
	// MaxSteps bounds the work of one dispatch, counted in executed VM
	// instructions per batch (loop bodies and calls are charged their
	// static length); 0 means no limit.
	MaxSteps int64
	// Timeout bounds the wall time of one dispatch; 0 means none.
	Timeout time.Duration
	// MaxCallDepth bounds recursion (default 64).
	MaxCallDepth int
	// Intrinsics adds or overrides intrinsic implementations; the built-in
	// set (Builtins) is always available.
	Intrinsics Intrinsics
}

// Pipeline is a compiled compute function ready to dispatch. It is safe
// for concurrent use.
type Pipeline struct {
	prog    *ir.Program
	entry   *cfunc
	funcs   []*cfunc
	opt     Options
	workers sync.Pool
}

// Compile compiles the kernel function entry of p (already specialized:
// no function constants left) into a Pipeline. p is not modified: Compile
// works on a copy, which it inlines, simplifies and analyzes.
func Compile(p *ir.Program, entry string, opt Options) (*Pipeline, error) {
	if opt.Width == 0 {
		opt.Width = 64
	}
	if opt.Width != 32 && opt.Width != 64 {
		return nil, fmt.Errorf("exec: Options.Width %d: must be 32 or 64", opt.Width)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.MaxCallDepth <= 0 {
		opt.MaxCallDepth = 64
	}
	if err := ir.Verify(p); err != nil {
		return nil, fmt.Errorf("exec: compile %s: %w", entry, err)
	}
	q := ir.Clone(p)
	ir.OptimizeEntry(q, entry)
	if err := ir.Verify(q); err != nil {
		return nil, fmt.Errorf("exec: compile %s after optimization: %w", entry, err)
	}
	ef := q.Func(entry)
	if ef == nil {
		return nil, fmt.Errorf("exec: compile: no function %q", entry)
	}
	pl := &Pipeline{prog: q, opt: opt, funcs: make([]*cfunc, len(q.Funcs))}
	impls := Builtins()
	for k, v := range opt.Intrinsics {
		impls[k] = v
	}
	// Compile the entry and every function it reaches.
	var err error
	var get func(i int) *cfunc
	get = func(i int) *cfunc {
		if pl.funcs[i] == nil {
			cf := &cfunc{fn: q.Funcs[i], w: opt.Width, idx: i}
			pl.funcs[i] = cf
			c := &compiler{pl: pl, cf: cf, f: q.Funcs[i], impls: impls, get: get, entry: q.Funcs[i] == ef}
			if e := c.compile(); e != nil && err == nil {
				err = e
			}
		}
		return pl.funcs[i]
	}
	pl.entry = get(q.FuncIndex(ef))
	if err != nil {
		return nil, err
	}
	pl.workers.New = func() any { return newWorker(pl) }
	return pl, nil
}

// Program returns the optimized program the pipeline runs (for printing).
func (pl *Pipeline) Program() *ir.Program { return pl.prog }

// ThreadExecutionWidth is threads_per_simdgroup: 32.
func (pl *Pipeline) ThreadExecutionWidth() int { return 32 }

// MaxTotalThreadsPerThreadgroup is 1024.
func (pl *Pipeline) MaxTotalThreadsPerThreadgroup() int { return MaxThreadsPerThreadgroup }

// Width returns the number of lanes per batch.
func (pl *Pipeline) Width() int { return pl.opt.Width }

// ThreadgroupMemory returns the static threadgroup memory of the kernel.
func (pl *Pipeline) ThreadgroupMemory() uint32 { return pl.entry.fn.ThreadgroupMemory }

type regLoc struct {
	uni  int32 // uniform slot or -1
	lane int32 // lane offset (varying register, or shadow of a uniform one) or -1
}

type compiler struct {
	pl     *Pipeline
	cf     *cfunc
	f      *ir.Function
	impls  Intrinsics
	get    func(int) *cfunc
	entry  bool
	loc    []regLoc
	labels []int32
	fixups []fixup
	udefs  map[ir.Reg][]udef // uniform defs to patch when a shadow appears
	fused  map[*ir.Instr]fusedAddr
	uloads map[*ir.Instr]uloadAddr // uniform loads of base + constant offset
	dead   []bool                  // registers only used through fused addresses
	def    []*ir.Instr
	uses   []int
	cidx   map[ir.Reg]int // index in cf.consts
	err    error
	// boundAt is the pc where a label was last bound (-1: none).
	boundAt int
	// lastLoad is the affine load group that the next load may join.
	lastLoad loadGroup
	// lastStore is the affine store group that the next store may join.
	lastStore loadGroup
	// cachedBuiltin marks the built-in registers with a vector of their
	// own, refilled only when the batch's position changes.
	cachedBuiltin []bool
	// mulAdds are the adds and subtracts fused with their multiply.
	mulAdds map[*ir.Instr]mulAdd
	// finalRet is a bare return ending the function body (emitted as
	// nothing), or nil.
	finalRet *ir.Instr
	// callVars maps a call to the variables its results are stored in by
	// the assignments right after it (result index → variable); those
	// assignments are in foldedSets and emit nothing: the call moves its
	// results into the variables' lanes under its mask.
	callVars   map[*ir.Instr]map[int]ir.Reg
	foldedSets map[*ir.Instr]bool
	coalesce   *coalesceState
	// live is the liveness of the variables (allocLanes).
	live *ir.Liveness
	// constLanes are the shadow vectors of the constants, by content.
	constLanes map[constBits]int32
}

// coalesceState numbers the instructions in program order and records,
// per variable, the temporaries already given its lane vector.
type coalesceState struct {
	pos     map[*ir.Instr]int
	lastUse []int // per register: position of its last use
	into    map[ir.Reg][]ir.Reg
}

func newCoalesceState(f *ir.Function) *coalesceState {
	s := &coalesceState{pos: map[*ir.Instr]int{}, lastUse: make([]int, len(f.Regs)), into: map[ir.Reg][]ir.Reg{}}
	n := 0
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		n++
		s.pos[in] = n
		for _, a := range in.Args {
			s.lastUse[a] = n
		}
		return true
	})
	return s
}

type fixup struct {
	pc    int
	skip  bool
	label int
}

func (c *compiler) errorf(in *ir.Instr, format string, args ...any) {
	if c.err == nil {
		pos := ""
		if in != nil && c.pl.prog.Fset != nil && in.Pos.IsValid() {
			pos = " at " + c.pl.prog.Fset.Position(in.Pos).String()
		}
		c.err = fmt.Errorf("exec: compile %s%s: %s", c.f.Name, pos, fmt.Sprintf(format, args...))
	}
}

func (c *compiler) uniform(r ir.Reg) bool { return c.f.Regs[r].Class == ir.Uniform }

func (c *compiler) wide(r ir.Reg) bool { return c.f.Regs[r].Kind.Wide() }

func (c *compiler) newLane(wide bool) int32 {
	w := int32(c.cf.w)
	if wide {
		c.cf.n64++
		return int32(c.cf.n64-1) * w
	}
	c.cf.n32++
	return int32(c.cf.n32-1) * w
}

func (c *compiler) compile() error {
	f := c.f
	c.loc = make([]regLoc, len(f.Regs))
	c.boundAt, c.lastLoad, c.lastStore = -1, loadGroup{pc: -1}, loadGroup{pc: -1}
	c.udefs = map[ir.Reg][]udef{}
	c.cidx = map[ir.Reg]int{}
	isParam := make([]bool, len(f.Regs))
	for _, r := range f.Params {
		isParam[r] = true
	}
	for r := 1; r < len(f.Regs); r++ {
		c.loc[r] = regLoc{uni: -1, lane: -1}
		switch {
		case c.uniform(ir.Reg(r)):
			c.loc[r].uni = int32(c.cf.nuni)
			c.cf.nuni++
		case f.Regs[r].Var || isParam[r]:
			c.loc[r].lane = c.newLane(c.wide(ir.Reg(r)))
		}
	}
	prologue := 0
	if c.entry {
		prologue = c.hoistInvariants()
	}
	c.planFusion()
	c.planUniformLoads()
	c.planMulAdd(prologue)
	c.planBuiltinCache()
	c.coalesce = newCoalesceState(f)
	c.planCoalesce(f.Body)
	c.allocLanes()
	c.cf.nmask = numFixed
	for _, r := range f.Params {
		c.cf.params = append(c.cf.params, c.dstOperand(r))
	}
	for _, k := range f.Results {
		c.cf.results = append(c.cf.results, operand{file: fileOf(k), kind: k, off: c.newLane(k.Wide())})
	}
	end := c.newLabel()
	// A bare return that ends the body is falling off the end.
	if n := len(f.Body); n > 0 && f.Body[n-1].Op == ir.OpReturn && len(f.Body[n-1].Args) == 0 {
		c.finalRet = f.Body[n-1]
	}
	if prologue > 0 {
		// The dispatch-invariant prologue runs once per frame and
		// dispatch (worker.setup skips it afterwards).
		c.block(f.Body[:prologue], end, slotZero, slotZero)
		c.cf.prologueEnd = int32(len(c.cf.code))
		for pc, pi := range c.cf.code {
			if pi.op == opULoad || pi.op == opURun && slices.ContainsFunc(pi.parts, func(p inst) bool { return p.op == opULoad }) {
				c.cf.prologueLoads = append(c.cf.prologueLoads, int32(pc))
			}
		}
		c.block(f.Body[prologue:], end, slotZero, slotZero)
	} else {
		c.block(f.Body, end, slotZero, slotZero)
	}
	c.bind(end)
	c.emit(instDef{op: opEnd})
	for _, fx := range c.fixups {
		if fx.skip {
			c.cf.code[fx.pc].skip = c.labels[fx.label]
		} else {
			c.cf.code[fx.pc].tgt = c.labels[fx.label]
		}
	}
	c.fusePairs()
	for _, r := range f.Params {
		c.cf.paramSh = append(c.cf.paramSh, c.loc[r].lane)
	}
	// Variables start at zero on every entry (those that could be read
	// before being assigned: MSL programs initialise their variables, so
	// usually none are, and a large shader does not pay a clear per
	// variable per batch).
	for r := 1; r < len(f.Regs); r++ {
		if !f.Regs[r].Var || !c.live.OnEntry(ir.Reg(r)) {
			continue
		}
		l := c.loc[r]
		if l.uni >= 0 {
			c.cf.zeroUni = append(c.cf.zeroUni, l.uni)
		}
		if l.lane >= 0 {
			if c.wide(ir.Reg(r)) {
				c.cf.zero64 = append(c.cf.zero64, l.lane)
			} else {
				c.cf.zero32 = append(c.cf.zero32, l.lane)
			}
		}
	}
	return c.err
}

func fileOf(k ir.Kind) uint8 {
	if k.Wide() {
		return file64
	}
	return file32
}

func (c *compiler) newLabel() int {
	c.labels = append(c.labels, -1)
	return len(c.labels) - 1
}

func (c *compiler) bind(l int) {
	c.labels[l] = int32(len(c.cf.code))
	c.boundAt = len(c.cf.code)
}

func (c *compiler) emit(in instDef) int {
	c.cf.code = append(c.cf.code, in.compact())
	return len(c.cf.code) - 1
}

func (c *compiler) jump(pc, label int) { c.fixups = append(c.fixups, fixup{pc: pc, label: label}) }
func (c *compiler) skipTo(pc, label int) {
	c.fixups = append(c.fixups, fixup{pc: pc, label: label, skip: true})
}
func (c *compiler) slots(n int) int         { c.cf.nmask += n; return c.cf.nmask - n }
func (c *compiler) kindOf(r ir.Reg) ir.Kind { return c.f.Regs[r].Kind }

// laneOperand returns r as a lane vector, creating the shadow of a uniform
// register on first use.
func (c *compiler) laneOperand(r ir.Reg) operand {
	k := c.kindOf(r)
	l := &c.loc[r]
	if l.lane < 0 {
		l.lane = c.constShadow(r)
		if l.lane < 0 {
			l.lane = c.newLane(k.Wide())
		}
		for _, u := range c.udefs[r] {
			in := &c.cf.code[u.pc]
			if in.op == opURun {
				in = &in.parts[max(u.part, 0)]
			}
			in.sh = int(l.lane)
			in.shWide = k.Wide()
		}
		if i, ok := c.cidx[r]; ok {
			c.cf.consts[i].sh = l.lane
			c.cf.consts[i].wide = k.Wide()
		}
	}
	return operand{file: fileOf(k), kind: k, off: l.lane}
}

// constShadow returns the shadow lane vector that holds the value of
// constant r in every lane, or -1 when r is not a constant. The constants
// of one class (float or not) with the same lane bits share it: a
// constant's shadow is filled once per frame and never written again. The
// first constant with those bits gets a new vector.
func (c *compiler) constShadow(r ir.Reg) int32 {
	d := c.def[r]
	if d == nil || d.Op != ir.OpConst || !c.uniform(r) {
		return -1
	}
	key := constBits{wide: c.wide(r), float: c.kindOf(r).IsFloat(), val: d.Imm}
	if !key.wide {
		key.val = uint64(uint32(d.Imm))
	}
	if l, ok := c.constLanes[key]; ok {
		return l
	}
	if c.constLanes == nil {
		c.constLanes = map[constBits]int32{}
	}
	l := c.newLane(key.wide)
	c.constLanes[key] = l
	return l
}

// constBits is the content of a constant's shadow vector: its width and
// the bits each lane holds. Float and integer constants keep apart, as the
// other registers do (allocLanes).
type constBits struct {
	wide, float bool
	val         uint64
}

// dstOperand returns where the definition of r writes.
func (c *compiler) dstOperand(r ir.Reg) operand {
	k := c.kindOf(r)
	if l := c.loc[r]; l.uni >= 0 {
		return operand{file: fileUni, kind: k, off: l.uni}
	}
	return operand{file: fileOf(k), kind: k, off: c.loc[r].lane}
}

func (c *compiler) uniOperand(in *ir.Instr, r ir.Reg) int32 {
	if c.loc[r].uni < 0 {
		c.errorf(in, "r%d is not uniform", r)
		return 0
	}
	return c.loc[r].uni
}

// emitUni emits a uniform definition of dst, remembering it for shadows.
// A uniform load or arithmetic op right after another (or after a run of
// them) that nothing jumps between joins it (opURun: one dispatch for the
// member loads, flag tests and index arithmetic a shader does on uniform
// values); the instructions of a run execute in order, each as on its own,
// so a fault names the load that faults.
func (c *compiler) emitUni(dst ir.Reg, in instDef) {
	l := c.loc[dst]
	in.d = int(l.uni)
	in.sh = int(l.lane)
	in.shWide = c.wide(dst)
	in.shKeep = (in.op == opULoad || in.op == opUGen) && c.shadowKept(dst)
	// (Not across the end of the entry's prologue, which runs once.)
	if n := len(c.cf.code); (in.op == opULoad || in.op == opUGen) && n > 0 && c.boundAt != n && int32(n) != c.cf.prologueEnd {
		if p := &c.cf.code[n-1]; p.op == opULoad || p.op == opUGen || p.op == opURun {
			ext := *p.instExt
			if p.op != opURun {
				// The first instruction of the run becomes its part 0.
				ext.parts = []inst{*p}
			}
			ext.parts = append(slices.Clip(ext.parts), in.compact())
			p.instExt = &ext
			p.op = opURun
			c.udefs[dst] = append(c.udefs[dst], udef{pc: n - 1, part: len(ext.parts) - 1})
			return
		}
	}
	pc := c.emit(in)
	c.udefs[dst] = append(c.udefs[dst], udef{pc: pc, part: -1})
}

// udef locates a uniform definition in the code: the instruction at pc,
// or part part of it (opURun; part -1 of a run is its part 0, the
// instruction the run started as).
type udef struct{ pc, part int }

// shadowKept reports whether the definition of dst is the only
// instruction that writes dst's uniform slot and its shadow vector (a
// temporary: defined once, no parameter, no variable). The two then stay
// in step for the life of the frame (both start at zero), and a
// definition that computes the value the slot already holds need not
// refill the shadow: a uniform load of a material field, reading the same
// value batch after batch, broadcasts it once.
func (c *compiler) shadowKept(dst ir.Reg) bool {
	if c.f.Regs[dst].Var || c.def[dst] == nil {
		return false
	}
	for _, p := range c.f.Params {
		if p == dst {
			return false
		}
	}
	return true
}

// block compiles b. restore is the label of the innermost restore point
// (where lanes that leave by break/continue/return jump), brk and cont the
// mask slots of the innermost breakable construct and loop.
func (c *compiler) block(b ir.Block, restore int, brk, cont int) {
	for i, in := range b {
		if in.Op == ir.OpCall {
			c.foldCallSets(in, b[i+1:])
		}
		c.instr(in, restore, brk, cont)
		switch in.Op {
		case ir.OpBreak, ir.OpContinue, ir.OpReturn:
			return
		}
	}
}

func (c *compiler) instr(in *ir.Instr, restore int, brk, cont int) {
	switch in.Op {
	case ir.OpIf:
		hasElse := len(in.Else) > 0
		if cond := in.Args[0]; c.uniform(cond) && uniformIfPlain(in) {
			// The arms run with the lanes of the if, and nothing in them
			// leaves early: jumps only, no masks to save or restore.
			lElse, lEnd := c.newLabel(), c.newLabel()
			first := lEnd
			if hasElse {
				first = lElse
			}
			ij := instDef{op: opIfUJ, a: int(c.loc[cond].uni), src: in}
			if c.fusableUniformCompare(in) {
				d := c.def[cond]
				ij = instDef{op: opIfUCmp, irop: d.Op, k: d.Kind, from: d.From, src: in,
					a: int(c.uniOperand(d, d.Args[0])), b: int(c.uniOperand(d, d.Args[1]))}
			}
			pc := c.emit(ij)
			c.jump(pc, first)
			c.block(in.Then, restore, brk, cont)
			if hasElse {
				pc = c.emit(instDef{op: opJump, src: in})
				c.jump(pc, lEnd)
				c.bind(lElse)
				c.block(in.Else, restore, brk, cont)
			}
			c.bind(lEnd)
			return
		}
		s := c.slots(2)
		lElse, lEnd := c.newLabel(), c.newLabel()
		first := lEnd
		if hasElse {
			first = lElse
		}
		cond := in.Args[0]
		var pc int
		if ci, ok := c.ifCompare(in, s); ok {
			pc = c.emit(ci)
		} else if c.uniform(cond) {
			pc = c.emit(instDef{op: opIfU, a: int(c.loc[cond].uni), s: s, src: in})
		} else {
			pc = c.emit(instDef{op: opIfV, a: int(c.loc[cond].lane), s: s, src: in})
		}
		c.jump(pc, first)
		c.block(in.Then, first, brk, cont)
		if hasElse {
			c.bind(lElse)
			pc = c.emit(instDef{op: opElse, s: s, src: in})
			c.jump(pc, lEnd)
			c.block(in.Else, lEnd, brk, cont)
		}
		c.bind(lEnd)
		pc = c.emit(instDef{op: opEndIf, s: s, x1: brk, x2: cont, src: in})
		c.skipTo(pc, restore)
	case ir.OpLoop:
		s := c.slots(4) // save, iter, brk, cont
		c.emit(instDef{op: opLoopBegin, s: s, src: in})
		lHead, lCont, lEnd, lExit := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
		c.bind(lHead)
		head := c.emit(instDef{op: opLoopHead, s: s, src: in})
		c.block(in.Body, lCont, s+2, s+3)
		c.bind(lCont)
		pc := c.emit(instDef{op: opLoopCont, s: s, src: in})
		c.jump(pc, lExit)
		c.block(in.Continuing, lEnd, s+2, slotZero)
		c.bind(lEnd)
		pc = c.emit(instDef{op: opLoopEnd, s: s, src: in})
		c.jump(pc, lHead)
		c.bind(lExit)
		pc = c.emit(instDef{op: opLoopExit, s: s, src: in})
		c.skipTo(pc, restore)
		c.cf.code[head].cost = int32(len(c.cf.code) - head)
	case ir.OpSwitch:
		n := len(in.Cases)
		s := c.slots(2 + n) // save, brk, per-case masks
		sel := in.Args[0]
		k := c.kindOf(sel)
		sw := instDef{op: opSwBegin, s: s, caseDef: -1, src: in, k: k}
		if c.uniform(sel) {
			sw.a, sw.c = int(c.loc[sel].uni), 1
		} else {
			sw.a = int(c.loc[sel].lane)
		}
		for i, cs := range in.Cases {
			var vals []uint64
			for _, v := range cs.Values {
				vals = append(vals, ir.Normalize(k, uint64(v)))
			}
			sw.caseVals = append(sw.caseVals, vals)
			if cs.Default {
				sw.caseDef = i
			}
		}
		c.emit(sw)
		lEnd := c.newLabel()
		next := make([]int, n)
		for i := range next {
			next[i] = c.newLabel()
		}
		for i, cs := range in.Cases {
			c.bind(next[i])
			after := lEnd
			if i+1 < n {
				after = next[i+1]
			}
			pc := c.emit(instDef{op: opCase, s: s, c: i, x1: s + 1, x2: cont, src: in})
			c.jump(pc, after)
			c.block(cs.Body, after, s+1, cont)
		}
		c.bind(lEnd)
		pc := c.emit(instDef{op: opSwEnd, s: s, x2: cont, src: in})
		c.skipTo(pc, restore)
	case ir.OpBreak:
		pc := c.emit(instDef{op: opBreak, s: brk, src: in})
		c.jump(pc, restore)
	case ir.OpContinue:
		pc := c.emit(instDef{op: opContinue, s: cont, src: in})
		c.jump(pc, restore)
	case ir.OpDiscard:
		c.emit(instDef{op: opDiscard, src: in})
	case ir.OpReturn:
		if in == c.finalRet {
			return
		}
		ri := instDef{op: opRet, src: in}
		for _, a := range in.Args {
			ri.ops = append(ri.ops, c.laneOperand(a))
		}
		pc := c.emit(ri)
		c.jump(pc, restore)
	default:
		c.simple(in)
	}
}

// fusableUniformCompare reports whether the condition of if, a uniform
// if that compiles to jumps (uniformIfPlain), is a comparison of two
// uniform values used only there: opIfUCmp then compares and branches in
// one op, and planFusion marks the comparison dead.
func (c *compiler) fusableUniformCompare(in *ir.Instr) bool {
	cond := in.Args[0]
	d := c.def[cond]
	if d == nil || !d.Op.IsCompare() || len(d.Args) != 2 || !c.uniform(cond) || c.f.Regs[cond].Var || c.uses[cond] != 1 {
		return false
	}
	return c.uniform(d.Args[0]) && c.uniform(d.Args[1]) && uniformIfPlain(in)
}

// uniformIfPlain reports whether no lane can leave the arms of if in
// early: they hold no return, and no break or continue other than those
// of loops and switches inside them. With a uniform condition every lane
// of the if then runs the arm taken and is active again after it, and the
// if compiles to jumps (opIfUJ, opJump). (A discard demotes lanes to
// helpers, which run on: it does not count.)
func uniformIfPlain(in *ir.Instr) bool {
	var ok func(b ir.Block, inLoop, inSwitch bool) bool
	ok = func(b ir.Block, inLoop, inSwitch bool) bool {
		for _, x := range b {
			switch x.Op {
			case ir.OpReturn:
				return false
			case ir.OpBreak:
				if !inLoop && !inSwitch {
					return false
				}
			case ir.OpContinue:
				if !inLoop {
					return false
				}
			case ir.OpLoop:
				if !ok(x.Body, true, false) || !ok(x.Continuing, true, false) {
					return false
				}
				continue
			case ir.OpSwitch:
				for _, cs := range x.Cases {
					if !ok(cs.Body, inLoop, true) {
						return false
					}
				}
				continue
			}
			if !ok(x.Then, inLoop, inSwitch) || !ok(x.Else, inLoop, inSwitch) {
				return false
			}
		}
		return true
	}
	return ok(in.Then, false, false) && ok(in.Else, false, false)
}

// hoistInvariants moves the entry function's dispatch-invariant uniform
// computations (pure instructions whose operands are constants, kernel
// arguments, grid-sized built-ins or other such values: 1/float2(size),
// a member offset added to a buffer address, ...) to the top of its body,
// out of ifs and loops, and returns how many it moved. They then run once
// per frame and dispatch instead of once per batch. Pure IR instructions
// cannot fault, so hoisting them out of a condition changes nothing; so
// do the uniform constant-memory loads of the body's straight-line start
// (see below).
func (c *compiler) hoistInvariants() int {
	f := c.f
	inv := make([]bool, len(f.Regs))
	for _, r := range f.Params {
		inv[r] = !f.Regs[r].Var
	}
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op == ir.OpConst {
			inv[in.Dst] = true
		}
		return true
	})
	invariant := func(in *ir.Instr) bool {
		if in.Dst == ir.NoReg || f.Regs[in.Dst].Var || !in.Op.IsPure() || in.Op == ir.OpConst ||
			in.Op == ir.OpFuncConst || in.Op == ir.OpFuncConstDefined || !c.uniform(in.Dst) {
			return false
		}
		if in.Op == ir.OpBuiltin {
			id := ir.BuiltinID(in.Imm)
			base := id - id%3
			return id < ir.ThreadIndexInThreadgroup && (base == ir.ThreadsPerGrid || base == ir.ThreadgroupsPerGrid ||
				base == ir.DispatchThreadsPerThreadgroup) || id == ir.ThreadsPerSimdgroup
		}
		for _, a := range in.Args {
			if !inv[a] {
				return false
			}
		}
		return true
	}
	var hoisted ir.Block
	var walk func(b ir.Block) ir.Block
	walk = func(b ir.Block) ir.Block {
		out := b[:0]
		for _, in := range b {
			if invariant(in) {
				inv[in.Dst] = true
				hoisted = append(hoisted, in)
				continue
			}
			in.Then = walk(in.Then)
			in.Else = walk(in.Else)
			in.Body = walk(in.Body)
			in.Continuing = walk(in.Continuing)
			for i := range in.Cases {
				in.Cases[i].Body = walk(in.Cases[i].Body)
			}
			out = append(out, in)
		}
		return out
	}
	// Uniform loads of constant memory at invariant addresses (a field of
	// a constant buffer argument) are invariant too: constant memory does
	// not change during a dispatch. A load can fault, so only those in the
	// straight-line start of the body move (ahead of arithmetic,
	// assignments, loads and stores, before any control flow, call or
	// intrinsic): every batch runs them with lanes active, so a load that
	// faults still faults in the first batch (only a memory access before
	// it that faults as well is then not the one reported).
	prefix := true
	top := f.Body[:0]
	for _, in := range f.Body {
		if prefix && in.Op == ir.OpLoad && in.Space == ir.Constant && c.uniform(in.Dst) && !f.Regs[in.Dst].Var && inv[in.Args[0]] {
			inv[in.Dst] = true
			hoisted = append(hoisted, in)
			continue
		}
		if !in.Op.IsPure() && in.Op != ir.OpLoad && in.Op != ir.OpStore && in.Op != ir.OpSet {
			prefix = false
		}
		top = append(top, walk(ir.Block{in})...)
	}
	body := top
	if len(hoisted) == 0 {
		return 0
	}
	f.Body = append(hoisted, body...)
	return len(hoisted)
}

// ifCompare fuses "t = cmp a, b; if t" into one op computing the mask
// straight from the comparison, when t is varying and used only there.
func (c *compiler) ifCompare(in *ir.Instr, s int) (instDef, bool) {
	cond := in.Args[0]
	if !c.fusableCompare(cond) {
		return instDef{}, false
	}
	d := c.def[cond]
	k := d.Kind
	op, x, y := d.Op, d.Args[0], d.Args[1]
	switch op {
	case ir.OpGt:
		op, x, y = ir.OpLt, y, x
	case ir.OpGe:
		op, x, y = ir.OpLe, y, x
	}
	ci := instDef{op: opIfCmp, irop: op, k: k, s: s, a: int(c.laneOperand(x).off), b: int(c.laneOperand(y).off), src: in}
	if c.batchInvariantCompare(x, y) {
		ci.op, ci.x1 = opIfCmpC, c.cf.ncmpcache
		c.cf.ncmpcache++
	}
	return ci, true
}

// fusableCompare reports whether if-condition cond can be computed by
// opIfCmp (planFusion then marks the comparison dead).
func (c *compiler) fusableCompare(cond ir.Reg) bool {
	d := c.def[cond]
	if d == nil || !d.Op.IsCompare() || c.uniform(cond) || c.uses[cond] != 1 {
		return false
	}
	k := d.Kind
	return k == ir.F32 || k == ir.I32 || k == ir.U32
}

// simple compiles a non-control instruction.
func (c *compiler) simple(in *ir.Instr) {
	switch in.Op {
	case ir.OpConst:
		l := c.loc[in.Dst]
		if l.uni < 0 {
			c.errorf(in, "constant r%d is not uniform", in.Dst)
			return
		}
		c.cidx[in.Dst] = len(c.cf.consts)
		c.cf.consts = append(c.cf.consts, constInit{off: l.uni, val: in.Imm, sh: l.lane, wide: c.wide(in.Dst)})
		return
	case ir.OpFuncConst, ir.OpFuncConstDefined:
		c.errorf(in, "function constant #%d not specialized", in.Imm)
		return
	case ir.OpSet:
		if c.foldedSets[in] {
			return // done by the call before it
		}
		if c.uniform(in.Dst) {
			c.emitUni(in.Dst, instDef{op: opUSet, a: int(c.uniOperand(in, in.Args[0])), src: in})
			return
		}
		op := opVSet32
		if c.wide(in.Dst) {
			op = opVSet64
		}
		if in.Unmasked {
			// No inactive lane reads the variable again: a plain copy.
			op = opCopy32
			if c.wide(in.Dst) {
				op = opCopy64
			}
		}
		c.emitMove(instDef{op: op, d: int(c.loc[in.Dst].lane), a: int(c.laneOperand(in.Args[0]).off), src: in})
		return
	case ir.OpBuiltin:
		if !c.entry {
			c.errorf(in, "built-in %v outside the kernel function", ir.BuiltinID(in.Imm))
		}
		switch {
		case c.uniform(in.Dst):
			c.emitUni(in.Dst, instDef{op: opUBuiltin, imm: in.Imm, src: in})
		case c.cachedBuiltin[in.Dst]:
			c.emit(instDef{op: opVBuiltinC, d: int(c.loc[in.Dst].lane), imm: in.Imm, s: c.cf.nbcache, src: in})
			c.cf.nbcache++
		default:
			c.emit(instDef{op: opVBuiltin, d: int(c.loc[in.Dst].lane), imm: in.Imm, src: in})
		}
		return
	case ir.OpAlloca:
		off := (c.cf.privSize + in.Align - 1) &^ (in.Align - 1)
		c.cf.privSize = off + uint32(in.Imm)
		if c.cf.privSize >= 1<<ir.ThreadFrameShift {
			c.errorf(in, "private memory larger than 16 MiB")
		}
		if c.uniform(in.Dst) {
			c.emitUni(in.Dst, instDef{op: opUAlloca, imm: uint64(off), src: in})
		} else {
			c.errorf(in, "alloca result is not uniform")
		}
		return
	case ir.OpLoad, ir.OpStore:
		if fa, ok := c.fused[in]; ok && fa.varBase != ir.NoReg {
			ld := instDef{op: opVLoad, k: in.Kind, space: in.Space, align: in.Align, src: in, offLoad: true, a: -1, b: -1,
				imm: fa.scale, from: ir.U32, ops: []operand{c.laneOperand(fa.varBase)}, res: []operand{c.dstOperand(in.Dst)}}
			if fa.base1 != ir.NoReg {
				ld.b = int(c.uniOperand(in, fa.base1))
			}
			if fa.index != ir.NoReg {
				ld.a = int(c.laneOperand(fa.index).off)
				if fa.signed {
					ld.from = ir.I32
				}
			}
			c.emit(ld)
			return
		}
		if fa, ok := c.fused[in]; ok {
			ai := instDef{op: opVLoadAff, k: in.Kind, space: in.Space, align: in.Align, src: in,
				a: int(c.laneOperand(fa.index).off), b: -1, c: -1, imm: fa.scale, from: ir.U32}
			if fa.base1 != ir.NoReg {
				ai.b = int(c.uniOperand(in, fa.base1))
			}
			if d := c.def[fa.index]; d != nil && d.Op == ir.OpBuiltin {
				ai.seqOK = true
			}
			if fa.base2 != ir.NoReg {
				ai.c = int(c.uniOperand(in, fa.base2))
			}
			if fa.signed {
				ai.from = ir.I32
			}
			if in.Op == ir.OpLoad {
				ai.res = []operand{c.dstOperand(in.Dst)}
				c.emitAffineLoad(ai, fa)
				return
			}
			ai.op = opVStoreAff
			ai.ops = []operand{c.laneOperand(in.Args[1])}
			c.emitAffineStore(ai, fa)
			return
		}
	}
	switch in.Op {
	case ir.OpLoad:
		if c.uniform(in.Dst) {
			ul := instDef{op: opULoad, k: in.Kind, space: in.Space, align: in.Align, a: int(c.uniOperand(in, in.Args[0])), src: in}
			if ua, ok := c.uloads[in]; ok {
				ul.a, ul.imm = int(c.uniOperand(in, ua.base)), ua.off
			}
			if in.Space == ir.Device || in.Space == ir.Constant {
				ul.s = c.cf.nucache
				c.cf.nucache++
			}
			c.emitUni(in.Dst, ul)
			return
		}
		c.emit(instDef{op: opVLoad, k: in.Kind, space: in.Space, align: in.Align, src: in,
			ops: []operand{c.laneOperand(in.Args[0])}, res: []operand{c.dstOperand(in.Dst)}})
		return
	case ir.OpStore:
		c.emit(instDef{op: opVStore, k: in.Kind, space: in.Space, align: in.Align, src: in,
			ops: []operand{c.laneOperand(in.Args[0]), c.laneOperand(in.Args[1])}})
		return
	case ir.OpCall:
		callee := c.get(int(in.Imm))
		ci := instDef{op: opCall, callee: callee, src: in}
		cfn := c.pl.prog.Funcs[in.Imm]
		for k, a := range in.Args {
			// A uniform parameter (every call passes a uniform value,
			// ir.AnalyzeUniformity) takes the caller's uniform slot.
			if k < len(cfn.Params) && cfn.Regs[cfn.Params[k]].Class == ir.Uniform && c.loc[a].uni >= 0 {
				ci.ops = append(ci.ops, operand{file: fileUni, kind: c.kindOf(a), off: c.loc[a].uni})
				continue
			}
			ci.ops = append(ci.ops, c.laneOperand(a))
		}
		for k, r := range in.Results {
			if c.uniform(r) {
				c.errorf(in, "call result r%d is uniform", r)
			}
			if v, ok := c.callVars[in][k]; ok {
				ci.res = append(ci.res, c.dstOperand(v))
				if ci.maskRes == nil {
					ci.maskRes = make([]bool, len(in.Results))
				}
				ci.maskRes[k] = true
				continue
			}
			ci.res = append(ci.res, c.dstOperand(r))
		}
		c.emit(ci)
		return
	case ir.OpIntrinsic:
		d := c.pl.prog.Intrinsics[in.Imm]
		if d.Flags&ir.Barrier != 0 {
			if !c.entry {
				c.errorf(in, "%s in a function that could not be inlined into the kernel", d.Name)
			}
			c.cf.hasBarrier = true
			c.emit(instDef{op: opBarrier, src: in})
			return
		}
		impl := c.impls[d.Name]
		if impl == nil {
			c.errorf(in, "no implementation of intrinsic %s", d.Name)
			return
		}
		ii := instDef{op: opIntrinsic, intr: impl, src: in}
		for _, a := range in.Args {
			ii.ops = append(ii.ops, c.laneOperand(a))
		}
		// Results are written as lane vectors; a uniform result is then
		// copied from the first active lane into its uniform slot.
		for _, r := range in.Results {
			ii.res = append(ii.res, c.laneOperand(r))
			ii.uniRes = append(ii.uniRes, c.loc[r].uni)
		}
		c.emit(ii)
		return
	}
	// Pure arithmetic.
	if c.dead[in.Dst] {
		return
	}
	if fm, ok := c.mulAdds[in]; ok {
		c.emitMulAdd(in, fm)
		return
	}
	if c.uniform(in.Dst) {
		ui := instDef{op: opUGen, irop: in.Op, k: in.Kind, from: in.From, src: in, s: len(in.Args)}
		for _, a := range in.Args {
			ui.ops = append(ui.ops, operand{file: fileUni, kind: c.kindOf(a), off: c.uniOperand(in, a)})
		}
		// The run loop reads the operand slots inline (a, b, c; s is
		// their number), not through ops.
		for k, o := range ui.ops {
			switch k {
			case 0:
				ui.a = int(o.off)
			case 1:
				ui.b = int(o.off)
			case 2:
				ui.c = int(o.off)
			}
		}
		c.emitUni(in.Dst, ui)
		return
	}
	var ops []operand
	for _, a := range in.Args {
		ops = append(ops, c.laneOperand(a))
	}
	d := int(c.loc[in.Dst].lane)
	vi := instDef{irop: in.Op, k: in.Kind, from: in.From, d: d, src: in, ops: ops, res: []operand{c.dstOperand(in.Dst)}}
	op, swap := fastOp(in)
	vi.op = op
	if len(ops) > 0 {
		vi.a = int(ops[0].off)
	}
	if len(ops) > 1 {
		vi.b = int(ops[1].off)
		if swap {
			vi.a, vi.b = vi.b, vi.a
		}
	}
	if len(ops) > 2 {
		vi.c = int(ops[2].off)
	}
	c.emitMove(vi)
}

// emitMove emits in; a 32-bit lane move (opCopy32, opVSet32) right after
// another move of the same op that nothing jumps between joins it
// (opCopy32N, opVSet32N: one dispatch for the variables an if arm assigns
// at its end). The moves of a group run in order, under one mask.
func (c *compiler) emitMove(in instDef) {
	group := opCopy32N
	switch in.op {
	case opCopy32:
	case opVSet32:
		group = opVSet32N
	default:
		c.emit(in)
		return
	}
	// (Not across the end of the entry's prologue, which runs once.)
	if n := len(c.cf.code); n > 0 && c.boundAt != n && int32(n) != c.cf.prologueEnd {
		if p := &c.cf.code[n-1]; p.op == in.op || p.op == group {
			ext := *p.instExt
			ext.moves = append(slices.Clip(ext.moves), int32(in.d), int32(in.a))
			p.instExt = &ext
			p.op = group
			return
		}
	}
	c.emit(in)
}

// fastOp picks a dedicated lane kernel for in, or opVGen.
func fastOp(in *ir.Instr) (vop, bool) {
	k := in.Kind
	switch in.Op {
	case ir.OpSelect:
		if k == ir.F16 || k.IsFloat() || k == ir.I32 || k == ir.U32 || k == ir.Bool || k == ir.I8 || k == ir.I16 || k == ir.U8 || k == ir.U16 {
			return opSel32, false
		}
		return opSel64, false
	case ir.OpConv:
		f := in.From
		switch {
		case f == ir.U32 && k.Wide():
			return opZext64, false
		case f == ir.I32 && k.Wide():
			return opSext64, false
		case f.Wide() && (k == ir.U32 || k == ir.I32):
			return opTrunc64, false
		case f == ir.I32 && k == ir.F32:
			return opI32toF, false
		case f == ir.U32 && k == ir.F32:
			return opU32toF, false
		case f == ir.F32 && k == ir.I32:
			return opFtoI32, false
		case f == ir.F32 && k == ir.F16:
			return opF32toF16, false
		case (f == ir.I32 || f == ir.U32 || f == ir.Bool) && (k == ir.I32 || k == ir.U32):
			// The same 32 register bits (a bool holds 0 or 1).
			return opCopy32, false
		}
		return opVGen, false
	case ir.OpBitcast:
		if in.From != ir.F16 && k != ir.F16 && k.Size() == 4 && in.From.Size() == 4 {
			return opCopy32, false
		}
		if k.Wide() && in.From.Wide() {
			return opCopy64, false
		}
		return opVGen, false
	}
	switch k {
	case ir.F32:
		switch in.Op {
		case ir.OpAdd:
			return opAddF, false
		case ir.OpSub:
			return opSubF, false
		case ir.OpMul:
			return opMulF, false
		case ir.OpDiv:
			return opDivF, false
		case ir.OpMin:
			return opMinF, false
		case ir.OpMax:
			return opMaxF, false
		case ir.OpFma:
			return opFmaF, false
		case ir.OpNeg:
			return opNegF, false
		case ir.OpAbs:
			return opAbsF, false
		case ir.OpSqrt:
			return opSqrtF, false
		case ir.OpFloor:
			return opFloorF, false
		case ir.OpRsqrt, ir.OpCeil, ir.OpTrunc, ir.OpRint, ir.OpExp2, ir.OpLog2, ir.OpSin, ir.OpCos,
			ir.OpTan, ir.OpAsin, ir.OpAcos, ir.OpAtan, ir.OpFastExp2, ir.OpFastLog2, ir.OpFastSin,
			ir.OpFastCos, ir.OpFastTan, ir.OpFastRsqrt:
			return opMathF, false
		case ir.OpLt:
			return opLtF, false
		case ir.OpLe:
			return opLeF, false
		case ir.OpGt:
			return opLtF, true
		case ir.OpGe:
			return opLeF, true
		case ir.OpEq:
			return opEqF, false
		case ir.OpNe:
			return opNeF, false
		}
	case ir.I32, ir.U32, ir.Bool:
		signed := k == ir.I32
		switch in.Op {
		case ir.OpAdd:
			if k != ir.Bool {
				return opAddI, false
			}
		case ir.OpSub:
			if k != ir.Bool {
				return opSubI, false
			}
		case ir.OpMul:
			if k != ir.Bool {
				return opMulI, false
			}
		case ir.OpDiv:
			if k == ir.U32 {
				return opDivU, false
			}
		case ir.OpRem:
			if k == ir.U32 {
				return opRemU, false
			}
		case ir.OpAnd:
			return opAndI, false
		case ir.OpOr:
			return opOrI, false
		case ir.OpXor:
			return opXorI, false
		case ir.OpReverseBits:
			if k != ir.Bool {
				return opRevI, false
			}
		case ir.OpNot:
			if k == ir.Bool {
				return opNotB, false
			}
		case ir.OpMin, ir.OpMax:
			switch {
			case k == ir.I32 && in.Op == ir.OpMin:
				return opMinI, false
			case k == ir.I32:
				return opMaxI, false
			case k == ir.U32 && in.Op == ir.OpMin:
				return opMinU, false
			case k == ir.U32:
				return opMaxU, false
			}
		case ir.OpShl:
			return opShlI, false
		case ir.OpShr:
			if signed {
				return opShrI, false
			}
			return opShrU, false
		case ir.OpEq:
			return opEqI, false
		case ir.OpNe:
			return opNeI, false
		case ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
			if k == ir.Bool {
				break
			}
			swap := in.Op == ir.OpGt || in.Op == ir.OpGe
			le := in.Op == ir.OpLe || in.Op == ir.OpGe
			switch {
			case signed && le:
				return opLeI, swap
			case signed:
				return opLtI, swap
			case le:
				return opLeU, swap
			default:
				return opLtU, swap
			}
		}
	case ir.I64, ir.U64:
		switch in.Op {
		case ir.OpAdd:
			return opAdd64, false
		case ir.OpSub:
			return opSub64, false
		case ir.OpMul:
			return opMul64, false
		case ir.OpShl:
			return opShl64, false
		}
	}
	return opVGen, false
}

// foldCallSets finds the assignments right after call (in next) that store
// one of its results, used nowhere else, into a varying variable of the
// same width, and records them in callVars and foldedSets. It stops at
// the first instruction that is not such an assignment, so nothing runs
// between the call and the stores it absorbs.
func (c *compiler) foldCallSets(call *ir.Instr, next ir.Block) {
	var vars map[int]ir.Reg
	seen := map[ir.Reg]bool{}
	for _, s := range next {
		if s.Op != ir.OpSet || c.uniform(s.Dst) || seen[s.Dst] || c.uses[s.Args[0]] != 1 {
			break
		}
		k := slices.Index(call.Results, s.Args[0])
		if k < 0 || c.wide(s.Dst) != c.wide(s.Args[0]) || slices.Contains(call.Args, s.Dst) {
			break
		}
		if vars == nil {
			vars = map[int]ir.Reg{}
			if c.callVars == nil {
				c.callVars = map[*ir.Instr]map[int]ir.Reg{}
			}
			if c.foldedSets == nil {
				c.foldedSets = map[*ir.Instr]bool{}
			}
			c.callVars[call] = vars
		}
		vars[k] = s.Dst
		seen[s.Dst] = true
		c.foldedSets[s] = true
	}
}

// planCoalesce gives a temporary the lane vector of the variable it is
// assigned to, when that assignment may write every lane
// (ir.Instr.Unmasked), the variable is neither read nor assigned between
// the temporary's definition and the assignment, the definition does not
// read it, and every later use of the temporary comes before the variable
// changes: the definition then writes the variable directly and the
// assignment emits nothing.
func (c *compiler) planCoalesce(b ir.Block) {
	for i, in := range b {
		c.planCoalesce(in.Then)
		c.planCoalesce(in.Else)
		c.planCoalesce(in.Body)
		c.planCoalesce(in.Continuing)
		for _, cs := range in.Cases {
			c.planCoalesce(cs.Body)
		}
		if i == 0 || in.Op != ir.OpSet || !in.Unmasked || c.uniform(in.Dst) {
			continue
		}
		t, v := in.Args[0], in.Dst
		// The definition of t earlier in this block (a temporary does not
		// escape the block it is defined in), with v neither read nor
		// assigned between it and the set.
		j := i - 1
		for j >= 0 && b[j].Dst != t {
			j--
		}
		if j < 0 || t == ir.NoReg || c.f.Regs[t].Var || c.uniform(t) || c.dead[t] ||
			c.wide(t) != c.wide(v) || c.loc[t].lane >= 0 || !c.coalescable(b[j], v) ||
			touches(b[j+1:i], v) || !usesBeforeReassign(b[i+1:], t, v) {
			continue
		}
		// A temporary given v's vector before must be dead by the time
		// this one's definition overwrites it.
		// (An elementwise definition may read it there: it reads each
		// lane before it writes that lane.)
		cs, busy := c.coalesce, false
		inPlace := c.inPlace(b[j])
		for _, u := range cs.into[v] {
			busy = busy || cs.lastUse[u] > cs.pos[b[j]] || cs.lastUse[u] == cs.pos[b[j]] && !inPlace
		}
		if busy {
			continue
		}
		cs.into[v] = append(cs.into[v], t)
		c.loc[t].lane = c.loc[v].lane
		if c.foldedSets == nil {
			c.foldedSets = map[*ir.Instr]bool{}
		}
		c.foldedSets[in] = true
	}
}

// touches reports whether b reads or assigns v anywhere.
func touches(b ir.Block, v ir.Reg) bool {
	found := false
	ir.Walk(b, func(x *ir.Instr) bool {
		found = found || slices.Contains(x.Args, v) || x.Dst == v
		return !found
	})
	return found
}

// usesBeforeReassign reports whether every use of temporary t in rest
// (the instructions after "set v = t") comes before any assignment to v,
// so that t may live in v's lane vector. The scan follows program order
// into ifs and switches (branches taken one after the other, which only
// adds conflicts); a loop that both uses t and assigns v anywhere inside
// conflicts, since a later iteration's use may follow the assignment.
func usesBeforeReassign(rest ir.Block, t, v ir.Reg) bool {
	s := reassignScan{t: t, v: v}
	s.block(rest)
	return !s.conflict
}

type reassignScan struct {
	t, v      ir.Reg
	clobbered bool
	conflict  bool
}

func (s *reassignScan) block(b ir.Block) {
	for _, in := range b {
		if s.conflict {
			return
		}
		if in.Op == ir.OpLoop {
			uses, sets := false, false
			ir.Walk(ir.Block{in}, func(x *ir.Instr) bool {
				uses = uses || slices.Contains(x.Args, s.t)
				sets = sets || (x.Op == ir.OpSet && x.Dst == s.v)
				return true
			})
			if uses && (sets || s.clobbered) {
				s.conflict = true
			}
			s.clobbered = s.clobbered || sets
			continue
		}
		if slices.Contains(in.Args, s.t) && s.clobbered {
			s.conflict = true
			return
		}
		s.block(in.Then)
		s.block(in.Else)
		for _, cs := range in.Cases {
			s.block(cs.Body)
		}
		if in.Op == ir.OpSet && in.Dst == s.v {
			s.clobbered = true
		}
	}
}

// coalescable reports whether def may write its result into variable v:
// an ordinary value-producing instruction that reads v through none of
// its operands (fused ones included), or an elementwise one (inPlace)
// that may read it.
func (c *compiler) coalescable(def *ir.Instr, v ir.Reg) bool {
	switch def.Op {
	case ir.OpSet, ir.OpCall, ir.OpIntrinsic, ir.OpIf, ir.OpLoop, ir.OpSwitch, ir.OpConst, ir.OpAlloca, ir.OpBuiltin:
		return false
	}
	reads := slices.Clone(def.Args)
	if fm, ok := c.mulAdds[def]; ok {
		reads = append(reads, fm.mul.Args...)
	}
	if fa, ok := c.fused[def]; ok {
		reads = append(reads, fa.consumed...)
		reads = append(reads, fa.index, fa.varBase, fa.base1, fa.base2)
	}
	return !slices.Contains(reads, v) || c.inPlace(def)
}

// inPlace reports whether the varying arithmetic def runs as an
// elementwise lane kernel, which reads lane i of its operands before it
// writes lane i of its result, so that the result may overwrite one of
// its operands (x = x * y into x's own vector). Loads, calls, intrinsics
// and the math library loops (internal/fmath) are not counted.
func (c *compiler) inPlace(def *ir.Instr) bool {
	if def.Dst == ir.NoReg || c.uniform(def.Dst) || def.Op < ir.OpNeg || def.Op > ir.OpBitcast {
		return false
	}
	if _, ok := c.fused[def]; ok {
		return false
	}
	if _, ok := c.mulAdds[def]; ok {
		return true
	}
	switch op, _ := fastOp(def); op {
	case opVGen, opMathF, opF32toF16:
		return false
	}
	return true
}
