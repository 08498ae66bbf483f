package exec

import (
	"fmt"
	"math"
	"sort"
	"sync/atomic"
	"unsafe"

	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/shaders/ir"
)

// ArgValue returns argument i of lane l as a value pattern.
func (c *Call) ArgValue(i, l int) uint64 { return c.fr.get(c.args[i], l) }

// SetResult stores value pattern v into result i of lane l.
func (c *Call) SetResult(i, l int, v uint64) { c.fr.put(c.results[i], l, v) }

type builtinIntrinsic struct {
	decl ir.IntrinsicDecl
	fn   IntrinsicFunc
}

var builtinTable = map[string]builtinIntrinsic{}

func register(d ir.IntrinsicDecl, fn IntrinsicFunc) { builtinTable[d.Name] = builtinIntrinsic{d, fn} }

// Builtins returns a fresh map of the intrinsics the executor provides
// itself (SIMD-group functions, atomics, barriers).
func Builtins() Intrinsics {
	m := Intrinsics{}
	for k, v := range builtinTable {
		m[k] = v.fn
	}
	return m
}

// BuiltinDecl returns the declaration of built-in intrinsic name, for the
// lowering to add to its program with ir.Program.Intrinsic.
func BuiltinDecl(name string) (ir.IntrinsicDecl, bool) {
	b, ok := builtinTable[name]
	return b.decl, ok
}

// BuiltinNames lists the built-in intrinsics, sorted.
func BuiltinNames() []string {
	var s []string
	for k := range builtinTable {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

var simdKinds = []ir.Kind{ir.F32, ir.F16, ir.I32, ir.U32, ir.I16, ir.U16, ir.I8, ir.U8, ir.I64, ir.U64}

func init() {
	conv := ir.Convergent
	register(ir.IntrinsicDecl{Name: "threadgroup_barrier", Params: []ir.Kind{ir.U32}, Flags: ir.Barrier | conv | ir.SideEffects},
		func(*Call) error { return nil }) // executed by the VM itself
	register(ir.IntrinsicDecl{Name: "simdgroup_barrier", Params: []ir.Kind{ir.U32}, Flags: conv | ir.SideEffects},
		func(*Call) error { return nil }) // lanes of a SIMD-group run in lock step
	for _, pre := range []struct {
		name string
		gs   int
	}{{"simd", lane.SIMDWidth}, {"quad", 4}} {
		p, gs := pre.name, pre.gs
		for _, k := range simdKinds {
			k := k
			arith := []struct {
				name string
				op   ir.Op
			}{{"_sum", ir.OpAdd}, {"_product", ir.OpMul}, {"_min", ir.OpMin}, {"_max", ir.OpMax}}
			if k.IsInt() {
				arith = append(arith, struct {
					name string
					op   ir.Op
				}{"_and", ir.OpAnd}, struct {
					name string
					op   ir.Op
				}{"_or", ir.OpOr}, struct {
					name string
					op   ir.Op
				}{"_xor", ir.OpXor})
			}
			for _, a := range arith {
				op := a.op
				register(ir.IntrinsicDecl{Name: p + a.name + "." + k.String(), Params: []ir.Kind{k}, Results: []ir.Kind{k}, Flags: conv},
					func(c *Call) error { simdReduce(c, gs, op, k); return nil })
				if op == ir.OpAdd || op == ir.OpMul {
					register(ir.IntrinsicDecl{Name: p + "_prefix_inclusive" + a.name + "." + k.String(), Params: []ir.Kind{k}, Results: []ir.Kind{k}, Flags: conv},
						func(c *Call) error { simdPrefix(c, gs, op, k, true); return nil })
					register(ir.IntrinsicDecl{Name: p + "_prefix_exclusive" + a.name + "." + k.String(), Params: []ir.Kind{k}, Results: []ir.Kind{k}, Flags: conv},
						func(c *Call) error { simdPrefix(c, gs, op, k, false); return nil })
				}
			}
		}
		for _, k := range append(simdKinds, ir.Bool) {
			k := k
			for _, s := range []string{"_shuffle", "_broadcast", "_shuffle_down", "_shuffle_up", "_shuffle_xor", "_shuffle_rotate_down", "_shuffle_rotate_up"} {
				mode := "simd" + s
				register(ir.IntrinsicDecl{Name: p + s + "." + k.String(), Params: []ir.Kind{k, ir.U32}, Results: []ir.Kind{k}, Flags: conv},
					func(c *Call) error { simdShuffle(c, gs, mode); return nil })
			}
			register(ir.IntrinsicDecl{Name: p + "_broadcast_first." + k.String(), Params: []ir.Kind{k}, Results: []ir.Kind{k}, Flags: conv},
				func(c *Call) error { simdBroadcastFirst(c, gs); return nil })
		}
		register(ir.IntrinsicDecl{Name: p + "_ballot", Params: []ir.Kind{ir.Bool}, Results: []ir.Kind{ir.U64}, Flags: conv},
			func(c *Call) error { simdVote(c, gs, "ballot"); return nil })
		register(ir.IntrinsicDecl{Name: p + "_any", Params: []ir.Kind{ir.Bool}, Results: []ir.Kind{ir.Bool}, Flags: conv},
			func(c *Call) error { simdVote(c, gs, "any"); return nil })
		register(ir.IntrinsicDecl{Name: p + "_all", Params: []ir.Kind{ir.Bool}, Results: []ir.Kind{ir.Bool}, Flags: conv},
			func(c *Call) error { simdVote(c, gs, "all"); return nil })
		register(ir.IntrinsicDecl{Name: p + "_active_threads_mask", Results: []ir.Kind{ir.U64}, Flags: conv},
			func(c *Call) error { simdVote(c, gs, "active"); return nil })
		register(ir.IntrinsicDecl{Name: p + "_is_first", Results: []ir.Kind{ir.Bool}, Flags: conv},
			func(c *Call) error { simdVote(c, gs, "first"); return nil })
	}
	registerAtomics()
}

// groups calls fn for each group of gs lanes (a SIMD-group: 32, a
// quad-group: 4) of the batch with its active lanes.
func groups(c *Call, gs int, fn func(base int, m lane.Mask)) {
	for base := 0; base < c.W; base += gs {
		if m := c.Mask >> uint(base) & lane.FirstN(gs); m != 0 {
			fn(base, m)
		}
	}
}

func simdReduce(c *Call, gs int, op ir.Op, k ir.Kind) {
	if k == ir.F32 && op == ir.OpAdd {
		a, d := c.ArgF32(0), c.ResF32(0)
		if gs == lane.SIMDWidth && c.W == 2*lane.SIMDWidth && c.Mask == lane.FirstN(c.W) && len(a) >= c.W && len(d) >= c.W {
			// Both SIMD-groups of a full batch: two independent chains
			// (each in lane order, as below) run side by side.
			a0, a1 := a[:lane.SIMDWidth], a[lane.SIMDWidth:2*lane.SIMDWidth]
			var s0, s1 float32
			for i := range a0 {
				s0 += a0[i]
				s1 += a1[i]
			}
			lane.Fill32(u32bits(d[:lane.SIMDWidth]), math.Float32bits(s0))
			lane.Fill32(u32bits(d[lane.SIMDWidth:2*lane.SIMDWidth]), math.Float32bits(s1))
			return
		}
		groups(c, gs, func(base int, m lane.Mask) {
			if m == lane.FirstN(gs) && base+gs <= len(a) {
				var s float32
				for _, x := range a[base : base+gs] {
					s += x
				}
				lane.Fill32(u32bits(d[base:base+gs]), math.Float32bits(s))
				return
			}
			var s float32
			for mm := m; mm != 0; mm &= mm - 1 {
				s += a[base+mm.First()]
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				d[base+mm.First()] = s
			}
		})
		return
	}
	groups(c, gs, func(base int, m lane.Mask) {
		first := true
		var s uint64
		for mm := m; mm != 0; mm &= mm - 1 {
			v := c.ArgValue(0, base+mm.First())
			if first {
				s, first = v, false
			} else {
				s = ir.Eval(op, k, k, s, v, 0)
			}
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			c.SetResult(0, base+mm.First(), s)
		}
	})
}

func simdPrefix(c *Call, gs int, op ir.Op, k ir.Kind, inclusive bool) {
	identity := uint64(0)
	if op == ir.OpMul {
		identity = ir.Eval(ir.OpConv, k, ir.I32, 1, 0, 0)
	}
	groups(c, gs, func(base int, m lane.Mask) {
		s := identity
		for mm := m; mm != 0; mm &= mm - 1 {
			l := base + mm.First()
			v := c.ArgValue(0, l)
			n := ir.Eval(op, k, k, s, v, 0)
			if inclusive {
				c.SetResult(0, l, n)
			} else {
				c.SetResult(0, l, s)
			}
			s = n
		}
	})
}

func simdShuffle(c *Call, gs int, mode string) {
	groups(c, gs, func(base int, m lane.Mask) {
		// Read every source first: the result may alias nothing, but
		// sources must be taken before any lane is written.
		var vals [lane.SIMDWidth]uint64 // gs <= 32
		for i := 0; i < gs && base+i < c.W; i++ {
			vals[i] = c.ArgValue(0, base+i)
		}
		var out [lane.SIMDWidth]uint64
		for mm := m; mm != 0; mm &= mm - 1 {
			i := mm.First()
			x := uint32(c.ArgValue(1, base+i))
			src := i
			switch mode {
			case "simd_shuffle", "simd_broadcast":
				src = int(x % uint32(gs))
			case "simd_shuffle_down":
				if i+int(x) < gs {
					src = i + int(x)
				}
			case "simd_shuffle_up":
				if i-int(x) >= 0 {
					src = i - int(x)
				}
			case "simd_shuffle_xor":
				src = (i ^ int(x)) % gs
			case "simd_shuffle_rotate_down":
				src = (i + int(x)) % gs
			case "simd_shuffle_rotate_up":
				src = ((i-int(x))%gs + gs) % gs
			}
			if m.Has(src) {
				out[i] = vals[src]
			} // an inactive source lane reads as 0 (undefined in Metal)
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			i := mm.First()
			c.SetResult(0, base+i, out[i])
		}
	})
}

func simdBroadcastFirst(c *Call, gs int) {
	groups(c, gs, func(base int, m lane.Mask) {
		v := c.ArgValue(0, base+m.First())
		for mm := m; mm != 0; mm &= mm - 1 {
			c.SetResult(0, base+mm.First(), v)
		}
	})
}

func simdVote(c *Call, gs int, mode string) {
	groups(c, gs, func(base int, m lane.Mask) {
		var ballot uint64
		if mode == "ballot" || mode == "any" || mode == "all" {
			for mm := m; mm != 0; mm &= mm - 1 {
				i := mm.First()
				if c.ArgValue(0, base+i) != 0 {
					ballot |= 1 << uint(i)
				}
			}
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			i := mm.First()
			var v uint64
			switch mode {
			case "ballot":
				v = ballot
			case "active":
				v = uint64(m)
			case "any":
				v = b2u(ballot != 0)
			case "all":
				v = b2u(ballot == uint64(m))
			case "first":
				v = b2u(i == m.First())
			}
			c.SetResult(0, base+i, v)
		}
	})
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Atomics: atomic_<op>_explicit.<space>.<kind>(address, operands...) with
// memory_order_relaxed semantics. Lanes are applied in lane order.
func registerAtomics() {
	for _, sp := range []ir.Space{ir.Device, ir.Threadgroup} {
		for _, k := range []ir.Kind{ir.I32, ir.U32, ir.F32, ir.U64, ir.I64} {
			sp, k := sp, k
			sfx := "." + sp.String() + "." + k.String()
			ops := []struct {
				name string
				op   ir.Op
			}{{"atomic_fetch_add_explicit", ir.OpAdd}, {"atomic_fetch_sub_explicit", ir.OpSub},
				{"atomic_fetch_min_explicit", ir.OpMin}, {"atomic_fetch_max_explicit", ir.OpMax},
				{"atomic_fetch_and_explicit", ir.OpAnd}, {"atomic_fetch_or_explicit", ir.OpOr},
				{"atomic_fetch_xor_explicit", ir.OpXor}, {"atomic_exchange_explicit", ir.OpInvalid}}
			for _, o := range ops {
				if k == ir.F32 && (o.op == ir.OpAnd || o.op == ir.OpOr || o.op == ir.OpXor || o.op == ir.OpMin || o.op == ir.OpMax) {
					continue
				}
				op := o.op
				register(ir.IntrinsicDecl{Name: o.name + sfx, Params: []ir.Kind{ir.U64, k}, Results: []ir.Kind{k}, Flags: ir.SideEffects},
					func(c *Call) error {
						return atomicLanes(c, sp, k, func(old uint64, l int) (uint64, uint64, bool) {
							v := c.ArgValue(1, l)
							if op == ir.OpInvalid {
								return v, old, true
							}
							return ir.Eval(op, k, k, old, v, 0), old, true
						})
					})
			}
			register(ir.IntrinsicDecl{Name: "atomic_load_explicit" + sfx, Params: []ir.Kind{ir.U64}, Results: []ir.Kind{k}, Flags: ir.SideEffects},
				func(c *Call) error {
					return atomicLanes(c, sp, k, func(old uint64, l int) (uint64, uint64, bool) { return old, old, false })
				})
			register(ir.IntrinsicDecl{Name: "atomic_store_explicit" + sfx, Params: []ir.Kind{ir.U64, k}, Flags: ir.SideEffects},
				func(c *Call) error {
					return atomicLanes(c, sp, k, func(old uint64, l int) (uint64, uint64, bool) { return c.ArgValue(1, l), 0, true })
				})
			register(ir.IntrinsicDecl{Name: "atomic_compare_exchange_weak_explicit" + sfx, Params: []ir.Kind{ir.U64, k, k}, Results: []ir.Kind{k, ir.Bool}, Flags: ir.SideEffects},
				func(c *Call) error {
					return atomicLanes(c, sp, k, func(old uint64, l int) (uint64, uint64, bool) {
						if old == c.ArgValue(1, l) {
							c.SetResult(1, l, 1)
							return c.ArgValue(2, l), old, true
						}
						c.SetResult(1, l, 0)
						return old, old, false
					})
				})
		}
	}
}

// atomicLanes applies f to the element each active lane addresses: f gets
// the current value and returns the new value, the lane's result and
// whether to write. Device memory is updated with compare-and-swap.
func atomicLanes(c *Call, sp ir.Space, k ir.Kind, f func(old uint64, l int) (uint64, uint64, bool)) error {
	size := uint64(k.Size())
	hasResult := len(c.results) > 0
	count := sp == ir.Device && c.Counting()
	for m := c.StoreMask; m != 0; m &= m - 1 {
		l := m.First()
		a := c.ArgValue(0, l)
		if a%size != 0 {
			return c.Fault(FaultMisaligned, l, a, fmt.Sprintf("atomic on %v address %#x", sp, a))
		}
		var b []byte
		if sp == ir.Threadgroup {
			if a+size > uint64(c.w.ds.tgSize) {
				return c.Fault(FaultOutOfBounds, l, a, "atomic beyond threadgroup memory")
			}
			b = c.w.tg[a : a+size]
		} else {
			var ro, ok bool
			b, ro, ok = c.w.mem.Bytes(a, size)
			if !ok {
				return c.Fault(FaultOutOfBounds, l, a, "atomic outside every buffer")
			}
			if ro {
				return c.Fault(FaultReadOnly, l, a, "atomic on a read-only buffer")
			}
		}
		var res uint64
		var wrote bool
		if size == 4 {
			p := (*uint32)(unsafe.Pointer(&b[0]))
			for {
				oldBits := atomic.LoadUint32(p)
				old := ir.FromReg32(k, oldBits)
				nv, r, write := f(old, l)
				res, wrote = r, write
				if !write || atomic.CompareAndSwapUint32(p, oldBits, uint32(nv)) {
					break
				}
			}
		} else {
			p := (*uint64)(unsafe.Pointer(&b[0]))
			for {
				old := atomic.LoadUint64(p)
				nv, r, write := f(old, l)
				res, wrote = r, write
				if !write || atomic.CompareAndSwapUint64(p, old, nv) {
					break
				}
			}
		}
		if count {
			c.countAtomic(size, hasResult, wrote) // traffic.go
		}
		if hasResult {
			c.SetResult(0, l, res)
		}
	}
	return nil
}
