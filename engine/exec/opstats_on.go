//go:build ingot_opstats

package exec

import (
	"cmp"
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"
	"sync"
)

// opStats is on in builds with the ingot_opstats tag: the run loop counts
// every executed instruction with its active lanes, and DumpOpStats
// writes the totals per VM op and per MSL source line.
const opStats = true

var vopNames = [...]string{"opNop", "opEnd", "opUGen", "opUSet", "opUBuiltin", "opULoad", "opUAlloca", "opAddF", "opSubF", "opMulF", "opDivF", "opMinF", "opMaxF", "opClampF", "opFmaF", "opMulAddF", "opAddMulF", "opMulSubF", "opSubMulF", "opNegF", "opAbsF", "opSqrtF", "opFloorF", "opMathF", "opLtF", "opLeF", "opEqF", "opNeF", "opAddI", "opSubI", "opMulI", "opAndI", "opOrI", "opXorI", "opShlI", "opShrI", "opShrU", "opRevI", "opNotB", "opMinI", "opMaxI", "opMinU", "opMaxU", "opLtI", "opLeI", "opLtU", "opLeU", "opEqI", "opNeI", "opSel32", "opSel64", "opDivU", "opRemU", "opXorMulI", "opXorShrU", "opAdd64", "opSub64", "opMul64", "opShl64", "opZext64", "opSext64", "opTrunc64", "opI32toF", "opU32toF", "opFtoI32", "opF32toF16", "opCopy32", "opCopy64", "opCopy32N", "opVGen", "opVBuiltin", "opVBuiltinC", "opVSet32", "opVSet64", "opVSet32N", "opVLoad", "opVStore", "opVLoadAff", "opVStoreAff", "opVLoadAffN", "opVStoreAffN", "opVLoadRows", "opVStoreRows", "opCall", "opIntrinsic", "opBarrier", "opIfV", "opIfU", "opIfCmp", "opIfCmpC", "opElse", "opEndIf", "opLoopBegin", "opLoopHead", "opLoopCont", "opLoopEnd", "opLoopExit", "opBreak", "opContinue", "opRet", "opDiscard", "opSwBegin", "opCase", "opSwEnd", "opIfUJ", "opIfUCmp", "opJump", "opURun"}

type pcKey struct {
	cf *cfunc
	pc int32
}

type pcCount struct{ n, lanes int64 }

var stats struct {
	sync.Mutex
	pcs  map[pcKey]*pcCount
	fset map[*cfunc]*Pipeline
}

// workerStats is one worker's counts, merged on flush.
type workerStats struct {
	cf                                     *cfunc
	pcs                                    []pcCount
	hist                                   [65]int64
	span, sparseLanes, sparseSpan, sparseN int64
	loads, sameLoads, sameOffLoads         int64
	all                                    map[*cfunc][]pcCount
}

func (w *worker) countOp(fr *frame, pc int) {
	w.denormCensus(fr, pc)
	s := &w.stats
	if s.cf != fr.cf {
		if s.all == nil {
			s.all = map[*cfunc][]pcCount{}
		}
		if s.cf != nil {
			s.all[s.cf] = s.pcs
		}
		s.cf = fr.cf
		s.pcs = s.all[fr.cf]
		if s.pcs == nil {
			s.pcs = make([]pcCount, len(fr.cf.code))
			stats.Lock()
			if stats.fset == nil {
				stats.fset = map[*cfunc]*Pipeline{}
			}
			stats.fset[fr.cf] = w.pl
			stats.Unlock()
		}
	}
	n := bits.OnesCount64(uint64(fr.exec))
	if fr.exec != 0 {
		s.span += int64(64 - bits.LeadingZeros64(uint64(fr.exec)) - bits.TrailingZeros64(uint64(fr.exec)))
		if n <= 16 {
			s.sparseLanes += int64(n)
			s.sparseSpan += int64(64 - bits.LeadingZeros64(uint64(fr.exec)) - bits.TrailingZeros64(uint64(fr.exec)))
			s.sparseN++
		}
	}
	if in := &fr.cf.code[pc]; in.op == opVLoad && fr.exec != 0 {
		addr := fr.r64[in.ops[0].off : int(in.ops[0].off)+w.w]
		first := addr[fr.exec.First()]
		same := true
		for m := fr.exec; m != 0; m &= m - 1 {
			if addr[m.First()] != first {
				same = false
				break
			}
		}
		s.loads++
		if same {
			s.sameLoads++
			if in.offLoad {
				s.sameOffLoads++
			}
		}
	}
	s.pcs[pc].n++
	s.pcs[pc].lanes += int64(n)
	s.hist[n]++
}

var histAll [65]int64
var spanAll [4]int64
var loadAll [3]int64

func (w *worker) flushOpStats() {
	s := &w.stats
	if s.cf != nil {
		s.all[s.cf] = s.pcs
	}
	stats.Lock()
	defer stats.Unlock()
	if stats.pcs == nil {
		stats.pcs = map[pcKey]*pcCount{}
	}
	for cf, pcs := range s.all {
		for pc, c := range pcs {
			if c.n == 0 {
				continue
			}
			k := pcKey{cf, int32(pc)}
			t := stats.pcs[k]
			if t == nil {
				t = &pcCount{}
				stats.pcs[k] = t
			}
			t.n += c.n
			t.lanes += c.lanes
		}
	}
	for i, v := range s.hist {
		histAll[i] += v
	}
	spanAll[0] += s.span
	spanAll[1] += s.sparseLanes
	spanAll[2] += s.sparseSpan
	spanAll[3] += s.sparseN
	loadAll[0] += s.loads
	loadAll[1] += s.sameLoads
	loadAll[2] += s.sameOffLoads
	*s = workerStats{}
}

// DumpOpStats writes the counts gathered so far to the file named by
// INGOT_OPSTATS (standard error when unset).
func DumpOpStats() {
	var out io.Writer = os.Stderr
	if p := os.Getenv("INGOT_OPSTATS"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "opstats:", err)
			return
		}
		defer f.Close()
		out = f
	}
	dumpDenormCensus(out)
	stats.Lock()
	defer stats.Unlock()
	type agg struct {
		name     string
		n, lanes int64
	}
	byOp := map[string]*agg{}
	byLine := map[string]*agg{}
	byPair := map[string]*agg{}
	opName := func(op vop) string {
		op = pairFirst(op)
		if int(op) < len(vopNames) {
			return vopNames[op]
		}
		return fmt.Sprint(op)
	}
	var total, totalLanes int64
	for k, c := range stats.pcs {
		in := &k.cf.code[k.pc]
		name := opName(in.op)
		if in.op == opMathF || in.op == opVGen || in.op == opUGen {
			name += "/" + in.irop.String()
			if in.op != opMathF {
				name += "." + in.k.String()
			}
		}
		if k.pc > 0 {
			// The instruction before in code order (the one that ran
			// just before, unless pc is a jump target).
			key := opName(k.cf.code[k.pc-1].op) + " " + opName(in.op)
			p := byPair[key]
			if p == nil {
				p = &agg{name: key}
				byPair[key] = p
			}
			p.n += c.n
			p.lanes += c.lanes
		}
		a := byOp[name]
		if a == nil {
			a = &agg{name: name}
			byOp[name] = a
		}
		a.n += c.n
		a.lanes += c.lanes
		total += c.n
		totalLanes += c.lanes
		// the nearest instruction at or before pc with a position
		line := k.cf.fn.Name + ":?"
		pl := stats.fset[k.cf]
		for p := k.pc; p >= 0; p-- {
			q := &k.cf.code[p]
			if q.instExt != nil && q.src != nil && pl != nil && pl.prog.Fset != nil {
				pos := pl.prog.Fset.Position(q.src.Pos)
				if pos.IsValid() {
					line = fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
				}
				break
			}
		}
		for _, key := range []string{line, line + " " + name, "func " + k.cf.fn.Name} {
			b := byLine[key]
			if b == nil {
				b = &agg{name: key}
				byLine[key] = b
			}
			b.n += c.n
			b.lanes += c.lanes
		}
	}
	sorted := func(m map[string]*agg) []*agg {
		v := make([]*agg, 0, len(m))
		for _, a := range m {
			v = append(v, a)
		}
		slices.SortFunc(v, func(a, b *agg) int { return cmp.Compare(b.n, a.n) })
		return v
	}
	codeLen := 0
	for cf := range stats.fset {
		codeLen += len(cf.code)
		fmt.Fprintf(out, "function %s: %d instructions, %d 32-bit and %d 64-bit lane vectors (%d KiB), %d uniform slots\n",
			cf.fn.Name, len(cf.code), cf.n32, cf.n64, (cf.n32*4+cf.n64*8)*cf.w/1024, cf.nuni)
	}
	fmt.Fprintf(out, "code: %d instructions in %d functions, %d distinct executed\n", codeLen, len(stats.fset), len(stats.pcs))
	fmt.Fprintf(out, "total instructions %d, average active lanes %.1f\n", total, float64(totalLanes)/float64(max(total, 1)))
	fmt.Fprintf(out, "average span first..last active lane %.1f; instructions with <= 16 lanes: %d, lanes %.1f, span %.1f\n",
		float64(spanAll[0])/float64(max(total, 1)), spanAll[3], float64(spanAll[1])/float64(max(spanAll[3], 1)), float64(spanAll[2])/float64(max(spanAll[3], 1)))
	fmt.Fprintf(out, "VLoads %d, with one address on all active lanes %d (of which offset loads %d)\n", loadAll[0], loadAll[1], loadAll[2])
	fmt.Fprintln(out, "active-lane histogram (share of instructions):")
	var hs int64
	for _, v := range histAll {
		hs += v
	}
	for i := 0; i < 65; i += 8 {
		var s int64
		for j := i; j < min(i+8, 65); j++ {
			s += histAll[j]
		}
		fmt.Fprintf(out, "  %2d-%2d: %5.1f%%\n", i, min(i+7, 64), 100*float64(s)/float64(max(hs, 1)))
	}
	fmt.Fprintln(out, "by op:")
	for _, a := range sorted(byOp) {
		fmt.Fprintf(out, "  %-22s %12d %5.1f%%  lanes %.1f\n", a.name, a.n, 100*float64(a.n)/float64(max(total, 1)), float64(a.lanes)/float64(max(a.n, 1)))
	}
	fmt.Fprintln(out, "by op pair (previous instruction in code order, then this one):")
	for i, a := range sorted(byPair) {
		if i >= 60 {
			break
		}
		fmt.Fprintf(out, "  %-34s %12d %5.1f%%  lanes %.1f\n", a.name, a.n, 100*float64(a.n)/float64(max(total, 1)), float64(a.lanes)/float64(max(a.n, 1)))
	}
	fmt.Fprintln(out, "by source line:")
	for i, a := range sorted(byLine) {
		if i >= 400 {
			break
		}
		fmt.Fprintf(out, "  %-50s %12d %5.1f%%  lanes %.1f\n", a.name, a.n, 100*float64(a.n)/float64(max(total, 1)), float64(a.lanes)/float64(max(a.n, 1)))
	}
}
