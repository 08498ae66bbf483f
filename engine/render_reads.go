package engine

import "github.com/ingot-render/ingot/shaders/ir"

// recordReads is the set of stage-record bytes a lowered stage function
// may load: reads reports whether any byte of [off, off+n) may be read.
// When the function uses its record pointer in any way other than loads
// and stores at constant offsets of its thread's record, every byte counts
// as read.
type recordReads struct {
	all   bool
	bytes []bool
}

func (r *recordReads) reads(off, n int) bool {
	if r.all {
		return true
	}
	for i := off; i < off+n; i++ {
		if i < 0 || i >= len(r.bytes) || r.bytes[i] {
			return true
		}
	}
	return false
}

// stageRecordReads finds the record bytes that the entry point of prog (its
// only kernel-shaped function, whose last parameter is the record array of
// size-byte records) loads. It recognises the lowering's addressing: the
// thread's record is param + t·size for an integer t, a field is that plus
// a constant below size; each such pointer may be loaded from and stored to,
// and any other use of the parameter or of those pointers (arithmetic,
// calls, being stored, variables) makes every byte count as read.
func stageRecordReads(prog *ir.Program, size int) recordReads {
	return stageRecordReadsLanes(prog, size, 0)
}

// stageRecordReadsLanes is stageRecordReads for records laid out
// lane-major in blocks of lanes records when lanes > 0
// (lower.WrapperLayout): the thread's record is param + b·size·lanes +
// r·4, a field that plus k·4·lanes + j (j < 4) for the record bytes
// 4k + j.
func stageRecordReadsLanes(prog *ir.Program, size, lanes int) recordReads {
	all := recordReads{all: true}
	var entry *ir.Function
	for _, fn := range prog.Funcs {
		if fn.Kernel {
			if entry != nil {
				return all
			}
			entry = fn
		}
	}
	if entry == nil || len(entry.Params) == 0 || size <= 0 {
		return all
	}
	consts := map[ir.Reg]uint64{}
	defs := map[ir.Reg]*ir.Instr{}
	ir.Walk(entry.Body, func(in *ir.Instr) bool {
		if in.Dst != ir.NoReg {
			if _, dup := defs[in.Dst]; dup {
				defs[in.Dst] = nil // defined twice: not a plain value
			} else {
				defs[in.Dst] = in
			}
			if in.Op == ir.OpConst {
				consts[in.Dst] = in.Imm
			}
		}
		return true
	})
	constOf := func(r ir.Reg) (uint64, bool) {
		if d := defs[r]; d == nil || d.Op != ir.OpConst || entry.Reg(r).Var {
			return 0, false
		}
		v, ok := consts[r]
		return v, ok
	}
	base := entry.Params[len(entry.Params)-1]
	// ptr maps a tracked pointer register to its byte offset in the
	// thread's record (-1: the record array itself; -2: the thread's
	// block of lane-major records).
	ptr := map[ir.Reg]int{base: -1}
	// Pass 1: classify the additions that make row and field pointers,
	// repeated until nothing changes (definitions need not precede uses
	// in the block order).
	ok := true
	for grown := true; grown && ok; {
		grown = false
		ir.Walk(entry.Body, func(in *ir.Instr) bool {
			if !ok || in.Op != ir.OpAdd || len(in.Args) != 2 || in.Dst == ir.NoReg || entry.Reg(in.Dst).Var || defs[in.Dst] != in {
				return ok
			}
			if _, done := ptr[in.Dst]; done {
				return true
			}
			a, b := in.Args[0], in.Args[1]
			if _, t := ptr[b]; t {
				a, b = b, a
			}
			at, tracked := ptr[a]
			if !tracked {
				return true
			}
			off, good := fieldOffset(entry, defs, constOf, at, b, size, lanes)
			if !good {
				ok = false
				return false
			}
			ptr[in.Dst], grown = off, true
			return true
		})
	}
	if !ok {
		return all
	}
	tracked := func(r ir.Reg) bool { _, t := ptr[r]; return t }
	r := recordReads{bytes: make([]bool, size)}
	// Pass 2: every use of a tracked pointer must be a load or store
	// address, or one of the additions pass 1 accepted.
	ir.Walk(entry.Body, func(in *ir.Instr) bool {
		if !ok {
			return false
		}
		for i, a := range in.Args {
			off, t := ptr[a]
			if !t {
				continue
			}
			switch {
			case in.Op == ir.OpAdd && tracked(in.Dst):
				// A pointer pass 1 derived.
			case in.Op == ir.OpLoad && i == 0 && off >= 0:
				n := in.Kind.Size()
				if n == 0 || off+n > size {
					ok = false
					return false
				}
				for j := off; j < off+n; j++ {
					r.bytes[j] = true
				}
			case in.Op == ir.OpStore && i == 0 && off >= 0:
			default:
				ok = false
				return false
			}
		}
		return true
	})
	if !ok {
		return all
	}
	return r
}

// fieldOffset classifies the addition of b to a tracked pointer at offset
// at (-1: the record array, -2: a block of lane-major records): param +
// t·size is a row pointer (offset 0), a row pointer plus a constant below
// size a field pointer; with lanes > 0, param + t·size·lanes is a block
// pointer, a block pointer plus t·4 a row pointer, and a row pointer plus
// k·4·lanes + j (j < 4) a field pointer at 4k + j. good is false for
// anything else.
func fieldOffset(fn *ir.Function, defs map[ir.Reg]*ir.Instr, constOf func(ir.Reg) (uint64, bool), at int, b ir.Reg, size, lanes int) (off int, good bool) {
	if at < 0 {
		m := defs[b]
		if m == nil || m.Op != ir.OpMul || len(m.Args) != 2 || fn.Reg(b).Var {
			return 0, false
		}
		c, isC := constOf(m.Args[1])
		if !isC {
			c, isC = constOf(m.Args[0])
		}
		switch {
		case !isC:
			return 0, false
		case lanes <= 0:
			return 0, at == -1 && c == uint64(size)
		case at == -1:
			return -2, c == uint64(size)*uint64(lanes)
		default:
			return 0, c == 4
		}
	}
	k, isC := constOf(b)
	if !isC || at != 0 {
		return 0, false
	}
	if lanes > 0 {
		row := 4 * uint64(lanes)
		if k%row >= 4 {
			return 0, false
		}
		k = k/row*4 + k%row
	}
	if k >= uint64(size) {
		return 0, false
	}
	return int(k), true
}

// dropUnread clears the built-in input slots whose record bytes the
// fragment function never loads (a [[position]] member of a [[stage_in]]
// struct that the code does not use, say), so that the rasterizer neither
// computes nor copies them. [[sample_id]] stays: it makes the function run
// per sample whether read or not.
func (l *fragmentLayout) dropUnread(rd *recordReads) {
	for _, s := range []*ioSlot{&l.position, &l.frontFacing, &l.sampleMask, &l.primitiveID, &l.bary, &l.pointCoord, &l.layer, &l.viewport} {
		if s.ok() && !rd.reads(s.off, s.n*scalarSize(s.kind)) {
			*s = noSlot
		}
	}
}
