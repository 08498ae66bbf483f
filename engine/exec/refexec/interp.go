package refexec

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

type layout struct {
	offsets map[*ir.Instr]uint64
	size    uint64
}

func (r *runner) layoutOf(f *ir.Function) *layout {
	r.mu.Lock()
	defer r.mu.Unlock()
	if l := r.layouts[f]; l != nil {
		return l
	}
	l := &layout{offsets: map[*ir.Instr]uint64{}}
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op == ir.OpAlloca {
			a := uint64(in.Align)
			off := (l.size + a - 1) &^ (a - 1)
			l.offsets[in] = off
			l.size = off + in.Imm
		}
		return true
	})
	r.layouts[f] = l
	return l
}

type thread struct {
	r       *runner
	tg      *tgroup
	linear  uint32
	local   [3]uint32
	global  [3]uint32
	steps   int64
	frames  [][]byte // private memory per call depth
	discard bool
}

type ctl uint8

const (
	ctlNone ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

type fstate struct {
	f    *ir.Function
	regs []uint64
	lay  *layout
	ret  []uint64
	dep  int
}

func (t *thread) fault(fs *fstate, in *ir.Instr, k exec.FaultKind, addr uint64, detail string) error {
	f := &exec.Fault{Kind: k, Function: fs.f.Name, Thread: t.global, Addr: addr, Detail: detail}
	if in != nil && t.r.p.Fset != nil {
		f.Pos = t.r.p.Fset.Position(in.Pos)
	}
	return f
}

func (t *thread) call(f *ir.Function, args []uint64) ([]uint64, error) {
	dep := len(t.frames)
	if dep > t.r.opt.MaxCallDepth {
		return nil, &exec.Fault{Kind: exec.FaultStack, Function: f.Name, Thread: t.global}
	}
	fs := &fstate{f: f, regs: make([]uint64, len(f.Regs)), lay: t.r.layoutOf(f), dep: dep}
	for i, p := range f.Params {
		fs.regs[p] = ir.Normalize(f.Regs[p].Kind, args[i])
	}
	t.frames = append(t.frames, make([]byte, fs.lay.size))
	defer func() { t.frames = t.frames[:dep] }()
	if _, err := t.block(fs, f.Body); err != nil {
		return nil, err
	}
	if fs.ret == nil && len(f.Results) > 0 {
		fs.ret = make([]uint64, len(f.Results))
	}
	return fs.ret, nil
}

func (t *thread) block(fs *fstate, b ir.Block) (ctl, error) {
	for _, in := range b {
		c, err := t.instr(fs, in)
		if err != nil || c != ctlNone {
			return c, err
		}
	}
	return ctlNone, nil
}

func (t *thread) instr(fs *fstate, in *ir.Instr) (ctl, error) {
	t.steps++
	if m := t.r.opt.MaxSteps; m > 0 && t.steps > m {
		return 0, t.fault(fs, in, exec.FaultBudget, 0, "")
	}
	if t.steps&0xffff == 0 {
		if err := t.r.ctx.Err(); err != nil {
			f := t.fault(fs, in, exec.FaultCancelled, 0, "").(*exec.Fault)
			f.Err = err
			return 0, f
		}
	}
	regs := fs.regs
	arg := func(i int) uint64 { return regs[in.Args[i]] }
	switch in.Op {
	case ir.OpConst:
		regs[in.Dst] = in.Imm
	case ir.OpSet:
		regs[in.Dst] = arg(0)
	case ir.OpBuiltin:
		regs[in.Dst] = uint64(t.builtin(ir.BuiltinID(in.Imm)))
	case ir.OpFuncConst, ir.OpFuncConstDefined:
		return 0, t.fault(fs, in, exec.FaultUnsupported, 0, "function constant not specialized")
	case ir.OpAlloca:
		regs[in.Dst] = uint64(fs.dep)<<ir.ThreadFrameShift | fs.lay.offsets[in]
	case ir.OpLoad:
		b, err := t.locate(fs, in, arg(0), false)
		if err != nil {
			return 0, err
		}
		regs[in.Dst] = exec.ReadValue(b, in.Kind)
	case ir.OpStore:
		if t.discard {
			break
		}
		b, err := t.locate(fs, in, arg(0), true)
		if err != nil {
			return 0, err
		}
		exec.WriteValue(b, in.Kind, arg(1))
	case ir.OpCall:
		args := make([]uint64, len(in.Args))
		for i := range args {
			args[i] = arg(i)
		}
		res, err := t.call(t.r.p.Funcs[in.Imm], args)
		if err != nil {
			return 0, err
		}
		for i, r := range in.Results {
			regs[r] = res[i]
		}
	case ir.OpIntrinsic:
		args := make([]uint64, len(in.Args))
		for i := range args {
			args[i] = arg(i)
		}
		res, err := t.intrinsic(fs, in, args)
		if err != nil {
			return 0, err
		}
		for i, r := range in.Results {
			regs[r] = ir.Normalize(fs.f.Regs[r].Kind, res[i])
		}
	case ir.OpIf:
		if arg(0) != 0 {
			return t.block(fs, in.Then)
		}
		return t.block(fs, in.Else)
	case ir.OpLoop:
		for {
			c, err := t.block(fs, in.Body)
			if err != nil || c == ctlReturn {
				return c, err
			}
			if c == ctlBreak {
				return ctlNone, nil
			}
			c, err = t.block(fs, in.Continuing)
			if err != nil || c == ctlReturn {
				return c, err
			}
			if c == ctlBreak {
				return ctlNone, nil
			}
		}
	case ir.OpSwitch:
		k := fs.f.Regs[in.Args[0]].Kind
		v := arg(0)
		start := -1
		for i, c := range in.Cases {
			for _, x := range c.Values {
				if ir.Normalize(k, uint64(x)) == v {
					start = i
				}
			}
		}
		if start < 0 {
			for i, c := range in.Cases {
				if c.Default {
					start = i
				}
			}
		}
		if start < 0 {
			return ctlNone, nil
		}
		for _, c := range in.Cases[start:] {
			r, err := t.block(fs, c.Body)
			if err != nil || r == ctlReturn || r == ctlContinue {
				return r, err
			}
			if r == ctlBreak {
				return ctlNone, nil
			}
		}
	case ir.OpBreak:
		return ctlBreak, nil
	case ir.OpContinue:
		return ctlContinue, nil
	case ir.OpReturn:
		fs.ret = make([]uint64, len(in.Args))
		for i := range in.Args {
			fs.ret[i] = arg(i)
		}
		return ctlReturn, nil
	case ir.OpDiscard:
		// Demoted to a helper: the thread goes on without side effects.
		t.discard = true
	default:
		var a, b, c uint64
		if len(in.Args) > 0 {
			a = arg(0)
		}
		if len(in.Args) > 1 {
			b = arg(1)
		}
		if len(in.Args) > 2 {
			c = arg(2)
		}
		regs[in.Dst] = ir.Eval(in.Op, in.Kind, in.From, a, b, c)
	}
	return ctlNone, nil
}

func (t *thread) builtin(id ir.BuiltinID) uint32 {
	g := t.r.grid
	n := t.tg.size[0] * t.tg.size[1] * t.tg.size[2]
	if id < ir.ThreadIndexInThreadgroup {
		c := id % 3
		switch id - c {
		case ir.ThreadPositionInGrid:
			return t.global[c]
		case ir.ThreadPositionInThreadgroup:
			return t.local[c]
		case ir.ThreadgroupPositionInGrid:
			return t.tg.pos[c]
		case ir.ThreadsPerThreadgroup:
			return t.tg.size[c]
		case ir.DispatchThreadsPerThreadgroup:
			return g.ThreadsPerThreadgroup[c]
		case ir.ThreadsPerGrid:
			return g.Threads[c]
		case ir.ThreadgroupsPerGrid:
			return g.Threadgroups[c]
		}
	}
	switch id {
	case ir.ThreadIndexInThreadgroup:
		return t.linear
	case ir.SimdgroupIndexInThreadgroup:
		return t.linear / 32
	case ir.ThreadIndexInSimdgroup:
		return t.linear % 32
	case ir.ThreadsPerSimdgroup:
		return 32
	case ir.SimdgroupsPerThreadgroup:
		return (n + 31) / 32
	case ir.DispatchSimdgroupsPerThreadgroup:
		return (g.ThreadsPerThreadgroup[0]*g.ThreadsPerThreadgroup[1]*g.ThreadsPerThreadgroup[2] + 31) / 32
	case ir.QuadgroupIndexInThreadgroup:
		return t.linear / 4
	case ir.ThreadIndexInQuadgroup:
		return t.linear % 4
	}
	return 0
}

func (t *thread) locate(fs *fstate, in *ir.Instr, a uint64, store bool) ([]byte, error) {
	size := uint64(in.Kind.Size())
	if a%uint64(in.Align) != 0 {
		return nil, t.fault(fs, in, exec.FaultMisaligned, a, fmt.Sprintf("%v address %#x", in.Space, a))
	}
	switch in.Space {
	case ir.Device, ir.Constant:
		b, ro, ok := t.r.mem.Bytes(a, size)
		if !ok {
			return nil, t.fault(fs, in, exec.FaultOutOfBounds, a, fmt.Sprintf("%v address %#x", in.Space, a))
		}
		if store && ro {
			return nil, t.fault(fs, in, exec.FaultReadOnly, a, "")
		}
		return b, nil
	case ir.Threadgroup:
		if a+size > uint64(len(t.tg.mem)) {
			return nil, t.fault(fs, in, exec.FaultOutOfBounds, a, "threadgroup")
		}
		return t.tg.mem[a : a+size], nil
	case ir.Thread:
		d := int(a >> ir.ThreadFrameShift)
		off := a & (1<<ir.ThreadFrameShift - 1)
		if d >= len(t.frames) || off+size > uint64(len(t.frames[d])) {
			return nil, t.fault(fs, in, exec.FaultOutOfBounds, a, "thread")
		}
		return t.frames[d][off : off+size], nil
	}
	return nil, t.fault(fs, in, exec.FaultUnsupported, a, "space")
}

func (t *thread) intrinsic(fs *fstate, in *ir.Instr, args []uint64) ([]uint64, error) {
	d := t.r.p.Intrinsics[in.Imm]
	name := d.Name
	switch {
	case d.Flags&ir.Barrier != 0:
		t.tg.barrier.arrive(int(t.linear), nil, func([][]uint64, []bool) [][]uint64 { return nil })
		return nil, nil
	case name == "simdgroup_barrier":
		return nil, nil
	case strings.HasPrefix(name, "simd_"):
		return t.simd(name, args, 32), nil
	case strings.HasPrefix(name, "quad_"):
		return t.simd("simd_"+strings.TrimPrefix(name, "quad_"), args, 4), nil
	case strings.HasPrefix(name, "atomic_"):
		return t.atomic(fs, in, d, args)
	}
	if f := t.r.opt.Intrinsics[name]; f != nil {
		res, err := f(args)
		if err != nil {
			return nil, t.fault(fs, in, exec.FaultIntrinsic, 0, err.Error())
		}
		return res, nil
	}
	return nil, t.fault(fs, in, exec.FaultUnsupported, 0, "no implementation of intrinsic "+name)
}

// simd runs a SIMD-group function (gs 32) or quad-group function (gs 4)
// through the SIMD-group's rendezvous.
func (t *thread) simd(name string, args []uint64, gs int) []uint64 {
	base, kindName, _ := strings.Cut(name, ".")
	k := kindByName(kindName)
	me := int(t.linear % 32)
	rv := t.tg.simd[t.linear/32]
	return rv.arrive(me, args, func(allVals [][]uint64, allPresent []bool) [][]uint64 {
		out := make([][]uint64, len(allVals))
		for g0 := 0; g0 < len(allVals); g0 += gs {
			g1 := min(g0+gs, len(allVals))
			res := groupOp(base, k, gs, allVals[g0:g1], allPresent[g0:g1])
			copy(out[g0:g1], res)
		}
		return out
	})
}

// groupOp computes a SIMD- or quad-group function over one group; vals
// and present are indexed by the lane within the group.
func groupOp(base string, k ir.Kind, gs int, vals [][]uint64, present []bool) [][]uint64 {
	{
		out := make([][]uint64, len(vals))
		var active uint64
		for i, p := range present {
			if p {
				active |= 1 << uint(i)
			}
		}
		fold := func(op ir.Op, upto int, inclusive bool) (uint64, bool) {
			var s uint64
			have := false
			for i := 0; i < len(vals); i++ {
				if !present[i] || i > upto || (!inclusive && i == upto) {
					continue
				}
				if !have {
					s, have = vals[i][0], true
				} else {
					s = ir.Eval(op, k, k, s, vals[i][0], 0)
				}
			}
			return s, have
		}
		for i := range vals {
			if !present[i] {
				continue
			}
			var r uint64
			switch base {
			case "simd_sum", "simd_product", "simd_min", "simd_max", "simd_and", "simd_or", "simd_xor":
				op := map[string]ir.Op{"simd_sum": ir.OpAdd, "simd_product": ir.OpMul, "simd_min": ir.OpMin,
					"simd_max": ir.OpMax, "simd_and": ir.OpAnd, "simd_or": ir.OpOr, "simd_xor": ir.OpXor}[base]
				r, _ = fold(op, len(vals), true)
			case "simd_prefix_inclusive_sum", "simd_prefix_exclusive_sum", "simd_prefix_inclusive_product", "simd_prefix_exclusive_product":
				op := ir.OpAdd
				if strings.HasSuffix(base, "product") {
					op = ir.OpMul
				}
				var have bool
				r, have = fold(op, i, strings.Contains(base, "inclusive"))
				if !have {
					r = 0
					if op == ir.OpMul {
						r = ir.Eval(ir.OpConv, k, ir.I32, 1, 0, 0)
					}
				}
			case "simd_ballot":
				for j := range vals {
					if present[j] && vals[j][0] != 0 {
						r |= 1 << uint(j)
					}
				}
			case "simd_any", "simd_all":
				var b uint64
				for j := range vals {
					if present[j] && vals[j][0] != 0 {
						b |= 1 << uint(j)
					}
				}
				if base == "simd_any" && b != 0 || base == "simd_all" && b == active {
					r = 1
				}
			case "simd_active_threads_mask":
				r = active
			case "simd_is_first":
				if i == bits.TrailingZeros64(active) {
					r = 1
				}
			case "simd_broadcast_first":
				r = vals[bits.TrailingZeros64(active)][0]
			default: // shuffles
				x := int(uint32(vals[i][1]))
				src := i
				switch base {
				case "simd_shuffle", "simd_broadcast":
					src = x % gs
				case "simd_shuffle_down":
					if i+x < gs {
						src = i + x
					}
				case "simd_shuffle_up":
					if i-x >= 0 {
						src = i - x
					}
				case "simd_shuffle_xor":
					src = (i ^ x) % gs
				case "simd_shuffle_rotate_down":
					src = (i + x) % gs
				case "simd_shuffle_rotate_up":
					src = ((i-x)%gs + gs) % gs
				}
				if src < len(vals) && present[src] {
					r = vals[src][0]
				}
			}
			out[i] = []uint64{r}
		}
		return out
	}
}

func kindByName(s string) ir.Kind {
	for k := ir.Bool; k <= ir.F32; k++ {
		if k.String() == s {
			return k
		}
	}
	return ir.Void
}

func (t *thread) atomic(fs *fstate, in *ir.Instr, d ir.IntrinsicDecl, args []uint64) ([]uint64, error) {
	parts := strings.Split(d.Name, ".")
	if len(parts) != 3 {
		return nil, t.fault(fs, in, exec.FaultUnsupported, 0, d.Name)
	}
	k := kindByName(parts[2])
	size := uint64(k.Size())
	a := args[0]
	if a%size != 0 {
		return nil, t.fault(fs, in, exec.FaultMisaligned, a, "atomic")
	}
	var b []byte
	if parts[1] == "threadgroup" {
		if a+size > uint64(len(t.tg.mem)) {
			return nil, t.fault(fs, in, exec.FaultOutOfBounds, a, "atomic")
		}
		b = t.tg.mem[a : a+size]
	} else {
		var ok, ro bool
		b, ro, ok = t.r.mem.Bytes(a, size)
		if !ok || ro {
			return nil, t.fault(fs, in, exec.FaultOutOfBounds, a, "atomic")
		}
	}
	t.r.mu.Lock()
	defer t.r.mu.Unlock()
	old := exec.ReadValue(b, k)
	op := strings.TrimSuffix(strings.TrimPrefix(parts[0], "atomic_"), "_explicit")
	ops := map[string]ir.Op{"fetch_add": ir.OpAdd, "fetch_sub": ir.OpSub, "fetch_min": ir.OpMin, "fetch_max": ir.OpMax,
		"fetch_and": ir.OpAnd, "fetch_or": ir.OpOr, "fetch_xor": ir.OpXor}
	switch {
	case ops[op] != 0:
		exec.WriteValue(b, k, ir.Eval(ops[op], k, k, old, args[1], 0))
		return []uint64{old}, nil
	case op == "exchange":
		exec.WriteValue(b, k, args[1])
		return []uint64{old}, nil
	case op == "load":
		return []uint64{old}, nil
	case op == "store":
		exec.WriteValue(b, k, args[1])
		return nil, nil
	case op == "compare_exchange_weak":
		if old == args[1] {
			exec.WriteValue(b, k, args[2])
			return []uint64{old, 1}, nil
		}
		return []uint64{old, 0}, nil
	}
	return nil, t.fault(fs, in, exec.FaultUnsupported, 0, d.Name)
}
