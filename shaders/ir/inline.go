package ir

// InlineOptions control Inline.
type InlineOptions struct {
	// MaxSize is the largest callee (in instructions, nested ones
	// included) inlined; 0 means 200. Callees that contain a barrier
	// intrinsic or read a built-in input (OpBuiltin: the executor reads
	// those in the entry function only) are inlined whatever their size.
	MaxSize int
	// Entry, when not nil, is the function the program runs from: a callee
	// with one call site among the functions it reaches is inlined
	// whatever its size (the copy replaces the only caller's call, so the
	// code that runs does not grow, and the call's argument and result
	// copies are gone).
	Entry *Function
}

// Inline replaces calls by copies of their callee's body, repeatedly, for
// every callee that is not recursive (not on a cycle of the call graph),
// is small enough, and returns only outside loops and switches. A callee
// with early returns is wrapped in a one-trip loop whose break stands for
// return. Results flow through fresh variables. It reports whether any call
// was inlined.
func Inline(p *Program, opt InlineOptions) bool {
	if opt.MaxSize == 0 {
		opt.MaxSize = 200
	}
	rec := recursiveFuncs(p)
	any := false
	for round := 0; round < 8; round++ {
		changed := false
		var sites []int
		if opt.Entry != nil {
			sites = callSites(p, opt.Entry)
		}
		for _, f := range p.Funcs {
			in := &inliner{p: p, f: f, rec: rec, opt: opt, sites: sites}
			f.Body = in.block(f.Body)
			if in.changed {
				substitute(f.Body, in.subst)
				changed = true
			}
		}
		if !changed {
			break
		}
		any = true
	}
	return any
}

// recursiveFuncs marks the functions on a cycle of the call graph.
func recursiveFuncs(p *Program) []bool {
	n := len(p.Funcs)
	calls := make([][]int, n)
	for i, f := range p.Funcs {
		Walk(f.Body, func(in *Instr) bool {
			if in.Op == OpCall && int(in.Imm) < n {
				calls[i] = append(calls[i], int(in.Imm))
			}
			return true
		})
	}
	rec := make([]bool, n)
	for s := 0; s < n; s++ {
		seen := make([]bool, n)
		stack := append([]int(nil), calls[s]...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if x == s {
				rec[s] = true
				break
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			stack = append(stack, calls[x]...)
		}
	}
	return rec
}

// callSites counts, for every function of p, its call sites in the
// functions that entry reaches (entry included). Functions that only
// other roots reach (a visible function table's entries) keep their
// calls: a callee they share is copied, not moved, which costs code size
// but nothing else.
func callSites(p *Program, entry *Function) []int {
	n := len(p.Funcs)
	sites := make([]int, n)
	reached := make([]bool, n)
	e := p.FuncIndex(entry)
	if e < 0 {
		return nil
	}
	reached[e] = true
	stack := []int{e}
	for len(stack) > 0 {
		f := p.Funcs[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		Walk(f.Body, func(in *Instr) bool {
			if in.Op == OpCall && int(in.Imm) < n {
				sites[in.Imm]++
				if !reached[in.Imm] {
					reached[in.Imm] = true
					stack = append(stack, int(in.Imm))
				}
			}
			return true
		})
	}
	return sites
}

type inliner struct {
	p       *Program
	f       *Function
	rec     []bool
	opt     InlineOptions
	sites   []int // call sites per function (InlineOptions.Entry), or nil
	subst   []Reg
	changed bool
}

func size(b Block) int {
	n := 0
	Walk(b, func(*Instr) bool { n++; return true })
	return n
}

func (il *inliner) hasBarrier(b Block) bool {
	found := false
	Walk(b, func(in *Instr) bool {
		if in.Op == OpIntrinsic && int(in.Imm) < len(il.p.Intrinsics) && il.p.Intrinsics[in.Imm].Flags&Barrier != 0 || in.Op == OpBuiltin {
			found = true
		}
		return true
	})
	return found
}

// returnsOK reports whether every return of b is outside loops and switches.
func returnsOK(b Block) bool {
	ok := true
	var walk func(Block, bool)
	walk = func(b Block, nested bool) {
		for _, in := range b {
			switch in.Op {
			case OpReturn:
				if nested {
					ok = false
				}
			case OpIf:
				walk(in.Then, nested)
				walk(in.Else, nested)
			case OpLoop:
				walk(in.Body, true)
				walk(in.Continuing, true)
			case OpSwitch:
				for _, c := range in.Cases {
					walk(c.Body, true)
				}
			}
		}
	}
	walk(b, false)
	return ok
}

func (il *inliner) block(b Block) Block {
	var out Block
	for _, in := range b {
		switch in.Op {
		case OpIf:
			in.Then = il.block(in.Then)
			in.Else = il.block(in.Else)
		case OpLoop:
			in.Body = il.block(in.Body)
			in.Continuing = il.block(in.Continuing)
		case OpSwitch:
			for i := range in.Cases {
				in.Cases[i].Body = il.block(in.Cases[i].Body)
			}
		case OpCall:
			callee := il.p.Funcs[in.Imm]
			single := il.sites != nil && il.sites[in.Imm] == 1
			if callee != il.f && !il.rec[in.Imm] && returnsOK(callee.Body) &&
				(single || size(callee.Body) <= il.opt.MaxSize || il.hasBarrier(callee.Body)) {
				out = append(out, il.expand(in, callee)...)
				il.changed = true
				continue
			}
		}
		out = append(out, in)
	}
	return out
}

// expand returns the inlined body of call in.
func (il *inliner) expand(call *Instr, callee *Function) Block {
	f := il.f
	m := make([]Reg, len(callee.Regs))
	for i, pr := range callee.Params {
		m[pr] = call.Args[i]
	}
	for r := 1; r < len(callee.Regs); r++ {
		if m[r] == NoReg {
			f.Regs = append(f.Regs, callee.Regs[r])
			m[r] = Reg(len(f.Regs) - 1)
		}
	}
	resVars := make([]Reg, len(call.Results))
	for i, k := range callee.Results {
		f.Regs = append(f.Regs, RegInfo{Kind: k, Var: true, Name: callee.Name + ".ret"})
		resVars[i] = Reg(len(f.Regs) - 1)
	}
	for len(il.subst) < len(f.Regs) {
		il.subst = append(il.subst, NoReg)
	}
	for i, r := range call.Results {
		il.subst[r] = resVars[i]
	}
	body := hoistReturns(cloneBlock(callee.Body, func(r Reg) Reg { return m[r] }))
	// Returns that end their block on every path need no wrapper loop.
	nret := 0
	Walk(body, func(in *Instr) bool {
		if in.Op == OpReturn {
			nret++
		}
		return true
	})
	trailing := returnsAtTail(body)
	var rewrite func(Block) Block
	rewrite = func(b Block) Block {
		var out Block
		for _, in := range b {
			switch in.Op {
			case OpReturn:
				for i, a := range in.Args {
					out = append(out, &Instr{Op: OpSet, Kind: callee.Results[i], Dst: resVars[i], Args: []Reg{a}, Pos: in.Pos})
				}
				if !trailing {
					out = append(out, &Instr{Op: OpBreak, Pos: in.Pos})
				}
				continue
			case OpIf:
				in.Then = rewrite(in.Then)
				in.Else = rewrite(in.Else)
			}
			out = append(out, in)
		}
		return out
	}
	body = rewrite(body)
	// Variables start as zero on every call, also when inlined into a loop.
	var init Block
	for r := 1; r < len(callee.Regs); r++ {
		if ri := callee.Regs[r]; ri.Var {
			f.Regs = append(f.Regs, RegInfo{Kind: ri.Kind})
			z := Reg(len(f.Regs) - 1)
			init = append(init, &Instr{Op: OpConst, Kind: ri.Kind, Dst: z, Pos: call.Pos},
				&Instr{Op: OpSet, Kind: ri.Kind, Dst: m[r], Args: []Reg{z}, Pos: call.Pos})
		}
	}
	body = append(init, body...)
	if trailing || nret == 0 {
		return body
	}
	body = append(body, &Instr{Op: OpBreak, Pos: call.Pos})
	return Block{{Op: OpLoop, Body: body, Pos: call.Pos}}
}

// hoistReturns rewrites "if c { ...; return } rest" into
// "if c { ...; return } else { rest }" (recursively), so that returns end
// every path instead of leaving early.
func hoistReturns(b Block) Block {
	for i, in := range b {
		if in.Op != OpIf {
			continue
		}
		in.Then = hoistReturns(in.Then)
		in.Else = hoistReturns(in.Else)
		endsT := len(in.Then) > 0 && in.Then[len(in.Then)-1].Op == OpReturn
		endsE := len(in.Else) > 0 && in.Else[len(in.Else)-1].Op == OpReturn
		rest := b[i+1:]
		if len(rest) == 0 {
			continue
		}
		switch {
		case endsT && len(in.Else) == 0:
			in.Else = hoistReturns(append(Block(nil), rest...))
			return b[:i+1]
		case endsE && len(in.Then) == 0:
			in.Then = hoistReturns(append(Block(nil), rest...))
			return b[:i+1]
		}
	}
	return b
}

// returnsAtTail reports whether every return of b is the last instruction
// of its block and sits only inside ifs that are themselves last.
func returnsAtTail(b Block) bool {
	for i, in := range b {
		last := i == len(b)-1
		switch in.Op {
		case OpReturn:
			if !last {
				return false
			}
		case OpIf:
			if hasReturn(in.Then) || hasReturn(in.Else) {
				if !last || !returnsAtTail(in.Then) || !returnsAtTail(in.Else) {
					return false
				}
			}
		default:
			if hasReturn(Block{in}) && in.Op != OpIf {
				return false
			}
		}
	}
	return true
}

func hasReturn(b Block) bool {
	found := false
	Walk(b, func(in *Instr) bool {
		if in.Op == OpReturn {
			found = true
		}
		return true
	})
	return found
}
