package rt

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// resolver caches the tracer of the last handle seen in one call.
type resolver struct {
	r    *Registry
	slot uint64
	t    *tracer
}

func (rs *resolver) get(h uint64) (*tracer, int, error) {
	l := int(h & 0xFF)
	if rs.t != nil && h>>8 == rs.slot && l < accel.BatchSize && rs.t.lanes&(1<<uint(l)) != 0 {
		return rs.t, l, nil
	}
	t, l, err := rs.r.tracerOf(h)
	if err != nil {
		return nil, 0, err
	}
	rs.t, rs.slot = t, h>>8
	return t, l, nil
}

// Intrinsics returns the engine/exec implementations of
// stdlib.RayTracingIntrinsics over reg.
func Intrinsics(reg *Registry) exec.Intrinsics {
	m := exec.Intrinsics{
		stdlib.RTBegin:     reg.execBegin,
		stdlib.RTStep:      reg.execStep,
		stdlib.RTAbort:     reg.execAbort,
		stdlib.RTDecide:    reg.execDecide,
		stdlib.RTEnd:       reg.execEnd,
		stdlib.RTTableSize: reg.execTableSize,
	}
	for name, rd := range readers {
		d, _ := stdlib.LookupRayTracingIntrinsic(name)
		m[name] = reg.execReader(rd, len(d.Results))
	}
	for _, lay := range stdlib.RTIntersectLayouts() {
		m[lay.Name()] = reg.execIntersect(lay)
	}
	for name, fast := range map[string]func(*exec.Call, exec.IntrinsicFunc) error{
		stdlib.RTResult:         reg.execResult,
		stdlib.RTResultTriangle: reg.execResultTriangle,
		stdlib.RTResultInstance: reg.execResultInstance,
	} {
		generic := m[name]
		m[name] = func(c *exec.Call) error { return fast(c, generic) }
	}
	return m
}

func (r *Registry) fault(c *exec.Call, l int, err error) error {
	return c.Fault(exec.FaultIntrinsic, l, 0, err.Error())
}

func (r *Registry) execBegin(c *exec.Call) error {
	acc, tab := c.Arg64(0), c.Arg64(12)
	ox, oy, oz := c.ArgF32(1), c.ArgF32(2), c.ArgF32(3)
	dx, dy, dz := c.ArgF32(4), c.ArgF32(5), c.ArgF32(6)
	tmin, tmax, tm := c.ArgF32(7), c.ArgF32(8), c.ArgF32(9)
	mask, ow := c.Arg32(10), c.Arg32(11)
	out := c.Res64(0)
	var groups [accel.BatchSize]*tracer
	n := 0
	fail := func(l int, err error) error {
		for _, g := range groups[:n] {
			r.release(g)
		}
		return r.fault(c, l, err)
	}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		var t *tracer
		for _, g := range groups[:n] {
			if g.sid == acc[l] && g.tid == tab[l] && g.ow == ow[l] {
				t = g
				break
			}
		}
		if t == nil {
			var err error
			if t, err = r.acquire(c.DispatchID()); err != nil {
				return fail(l, err)
			}
			t.reset(acc[l], tab[l], ow[l])
			groups[n] = t
			n++
		}
		t.setRay(l, ox[l], oy[l], oz[l], dx[l], dy[l], dz[l], tmin[l], tmax[l], tm[l], mask[l])
		out[l] = t.handle(l)
	}
	for _, t := range groups[:n] {
		s, tb, err := r.lookup(t.sid, t.tid)
		if err != nil {
			return fail(bits.TrailingZeros64(t.lanes), err)
		}
		t.start(s, tb)
	}
	return nil
}

func (r *Registry) execStep(c *exec.Call) error {
	st, out := c.Arg64(0), c.Res32(0)
	rs := resolver{r: r}
	var stepped [accel.BatchSize]*tracer
	n := 0
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		seen := false
		for _, s := range stepped[:n] {
			if s == t {
				seen = true
				break
			}
		}
		if !seen {
			t.step()
			stepped[n] = t
			n++
		}
		out[l] = 0
		if t.wait&(1<<uint(tl)) != 0 {
			out[l] = t.fid[tl]
		}
	}
	return nil
}

func (r *Registry) execDecide(c *exec.Call) error {
	st, acc, cont, dist := c.Arg64(0), c.Arg32(1), c.Arg32(2), c.ArgF32(3)
	rs := resolver{r: r}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		t.decide(tl, accel.Decision{Accept: acc[l] != 0, Continue: cont[l] != 0, Distance: dist[l]})
	}
	return nil
}

func (r *Registry) execAbort(c *exec.Call) error {
	st := c.Arg64(0)
	rs := resolver{r: r}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		t.abort(tl)
	}
	return nil
}

func (r *Registry) execEnd(c *exec.Call) error {
	st := c.Arg64(0)
	rs := resolver{r: r}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		r.endLane(t, tl)
		rs.t = nil
	}
	return nil
}

// endLane drops lane l's handle and frees t with its last lane.
func (r *Registry) endLane(t *tracer, l int) {
	t.lanes &^= 1 << uint(l)
	if t.lanes == 0 {
		r.release(t)
	}
}

func (r *Registry) execTableSize(c *exec.Call) error {
	ids, out := c.Arg64(0), c.Res32(0)
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		out[l] = uint32(r.tableSize(ids[l]))
	}
	return nil
}

func (r *Registry) tableSize(id uint64) int {
	if t := r.table(id); t != nil {
		return len(t.Functions)
	}
	return 0
}

func (r *Registry) execReader(rd reader, n int) exec.IntrinsicFunc {
	return func(c *exec.Call) error {
		st := c.Arg64(0)
		two := c.NumArgs() > 1
		var buf [32]uint64
		rs := resolver{r: r}
		for m := uint64(c.Mask); m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			t, tl, err := rs.get(st[l])
			if err != nil {
				return r.fault(c, l, err)
			}
			var a uint64
			if two {
				a = c.ArgValue(1, l)
			}
			rd(t, tl, a, buf[:])
			for i := 0; i < n; i++ {
				c.SetResult(i, l, buf[i])
			}
		}
		return nil
	}
}

// ScalarIntrinsic is engine/exec/refexec's ScalarIntrinsic signature.
type ScalarIntrinsic = func(args []uint64) ([]uint64, error)

// ScalarIntrinsics returns the one-invocation implementations of
// stdlib.RayTracingIntrinsics over reg, for engine/exec/refexec.
func ScalarIntrinsics(reg *Registry) map[string]ScalarIntrinsic {
	m := map[string]ScalarIntrinsic{
		stdlib.RTBegin: func(a []uint64) ([]uint64, error) {
			t, _, err := reg.scalarBegin(a)
			if err != nil {
				return nil, err
			}
			return []uint64{t.handle(0)}, nil
		},
		stdlib.RTStep: func(a []uint64) ([]uint64, error) {
			t, l, err := reg.tracerOf(a[0])
			if err != nil {
				return nil, err
			}
			t.step()
			if t.wait&(1<<uint(l)) != 0 {
				return []uint64{uint64(t.fid[l])}, nil
			}
			return []uint64{0}, nil
		},
		stdlib.RTDecide: func(a []uint64) ([]uint64, error) {
			t, l, err := reg.tracerOf(a[0])
			if err != nil {
				return nil, err
			}
			t.decide(l, accel.Decision{Accept: a[1] != 0, Continue: a[2] != 0, Distance: math.Float32frombits(uint32(a[3]))})
			return nil, nil
		},
		stdlib.RTAbort: func(a []uint64) ([]uint64, error) {
			t, l, err := reg.tracerOf(a[0])
			if err != nil {
				return nil, err
			}
			t.abort(l)
			return nil, nil
		},
		stdlib.RTEnd: func(a []uint64) ([]uint64, error) {
			t, l, err := reg.tracerOf(a[0])
			if err != nil {
				return nil, err
			}
			reg.endLane(t, l)
			return nil, nil
		},
		stdlib.RTTableSize: func(a []uint64) ([]uint64, error) {
			return []uint64{uint64(reg.tableSize(a[0]))}, nil
		},
	}
	for _, lay := range stdlib.RTIntersectLayouts() {
		m[lay.Name()] = reg.scalarIntersect(lay)
	}
	for name, rd := range readers {
		d, ok := stdlib.LookupRayTracingIntrinsic(name)
		if !ok {
			panic(fmt.Sprintf("rt: reader %s is not in the catalogue", name))
		}
		n := len(d.Results)
		m[name] = func(a []uint64) ([]uint64, error) {
			t, l, err := reg.tracerOf(a[0])
			if err != nil {
				return nil, err
			}
			var arg uint64
			if len(a) > 1 {
				arg = a[1]
			}
			out := make([]uint64, 32)
			rd(t, l, arg, out)
			return out[:n], nil
		}
	}
	return m
}

// scalarBegin begins one invocation's traversal from rt.begin's (and
// rt.intersect's) arguments a and reports whether it was traced to the
// end.
func (r *Registry) scalarBegin(a []uint64) (*tracer, bool, error) {
	t, err := r.acquire(0)
	if err != nil {
		return nil, false, err
	}
	t.reset(a[0], a[12], uint32(a[11]))
	fl := func(i int) float32 { return math.Float32frombits(uint32(a[i])) }
	t.setRay(0, fl(1), fl(2), fl(3), fl(4), fl(5), fl(6), fl(7), fl(8), fl(9), uint32(a[10]))
	s, tb, err := r.lookup(t.sid, t.tid)
	if err != nil {
		r.release(t)
		return nil, false, err
	}
	return t, t.start(s, tb), nil
}
