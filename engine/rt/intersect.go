package rt

import (
	"math"
	"math/bits"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// The fused rt.intersect variants (stdlib.RTIntersectLayout) run a whole
// intersect() whose candidates are all decided natively in one call: per
// group of lanes sharing (structure, table, options), in the order of the
// groups' first lanes, the rays are set, traced to the end and the result
// fields written straight into the result lanes. One tracer serves every
// group of the call and is released before it returns, so no handle
// outlives it and nothing is resolved per lane.

// The layouts return ids for as many instance levels as a hit can carry.
const _ = uint(accel.MaxInstanceLevels-stdlib.RTMaxInstanceLevels) + uint(stdlib.RTMaxInstanceLevels-accel.MaxInstanceLevels)

// execIntersect returns the implementation of rt.intersect variant lay.
func (r *Registry) execIntersect(lay stdlib.RTIntersectLayout) exec.IntrinsicFunc {
	return func(c *exec.Call) error { return r.intersect(c, lay) }
}

// res32 returns result i of c as 32-bit lanes, or nil when it lives
// elsewhere (then put stores through SetResult).
func res32(c *exec.Call, i int) []uint32 {
	if c.ResultIsLanes32(i) {
		return c.Res32(i)
	}
	return nil
}

// put stores v into lane l of result i (s is res32(c, i)).
func put(c *exec.Call, s []uint32, i, l int, v uint32) {
	if s != nil {
		s[l] = v
		return
	}
	c.SetResult(i, l, uint64(v))
}

func (r *Registry) intersect(c *exec.Call, lay stdlib.RTIntersectLayout) error {
	rest := uint64(c.Mask)
	if rest == 0 {
		return nil
	}
	acc, tab := c.Arg64(0), c.Arg64(12)
	ox, oy, oz := c.ArgF32(1), c.ArgF32(2), c.ArgF32(3)
	dx, dy, dz := c.ArgF32(4), c.ArgF32(5), c.ArgF32(6)
	tmin, tmax, tm := c.ArgF32(7), c.ArgF32(8), c.ArgF32(9)
	mask, ow := c.Arg32(10), c.Arg32(11)
	t, err := r.acquire(c.DispatchID())
	if err != nil {
		return r.fault(c, bits.TrailingZeros64(rest), err)
	}
	for rest != 0 {
		l0 := bits.TrailingZeros64(rest)
		sid, tid, w := acc[l0], tab[l0], ow[l0]
		g := uint64(0)
		for m := rest; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			if acc[l] == sid && tab[l] == tid && ow[l] == w {
				g |= 1 << uint(l)
			}
		}
		rest &^= g
		s, tb, err := r.lookup(sid, tid)
		if err != nil {
			r.release(t)
			return r.fault(c, l0, err)
		}
		t.reset(sid, tid, w)
		for m := g; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			t.setRay(l, ox[l], oy[l], oz[l], dx[l], dy[l], dz[l], tmin[l], tmax[l], tm[l], mask[l])
		}
		if !t.start(s, tb) {
			// Lanes waiting on an intersection function the call site
			// does not link are rejected by the next step.
			for t.step() != 0 {
			}
		}
		t.writeResults(c, lay, g)
	}
	r.release(t)
	return nil
}

// writeResults writes the committed hits of lanes g as the results of
// rt.intersect variant lay.
func (t *tracer) writeResults(c *exec.Call, lay stdlib.RTIntersectLayout, g uint64) {
	ty, dist, prim, geom := res32(c, 0), res32(c, 1), res32(c, 2), res32(c, 3)
	var u, v, front, count, id0, user0 []uint32
	kt, ki := 4, 4
	if lay.Triangle {
		u, v, front = res32(c, kt), res32(c, kt+1), res32(c, kt+2)
		ki += 3
	}
	n := lay.Instances
	if n > 0 {
		count, id0, user0 = res32(c, ki), res32(c, ki+1), res32(c, ki+2)
	}
	inf := math.Float32bits(float32(math.Inf(1)))
	if ty != nil && dist != nil && prim != nil && geom != nil && !lay.Transforms && n <= 1 &&
		(!lay.Triangle || u != nil && v != nil && front != nil) && (n == 0 || count != nil && id0 != nil && user0 != nil) {
		// Every result in the 32-bit lane file (the usual case): direct
		// stores.
		for m := g; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			typ, d, p, gm, b, f, levels := t.tr.HitSummary(l)
			dv := math.Float32bits(d)
			if typ == accel.HitNone {
				dv = inf
			}
			ty[l], dist[l], prim[l], geom[l] = uint32(typ), dv, p, gm
			if lay.Triangle {
				u[l], v[l], front[l] = math.Float32bits(b[0]), math.Float32bits(b[1]), uint32(b2u(f))
			}
			if n > 0 {
				var id, user uint32
				if levels > 0 {
					id, user, _ = t.tr.HitInstance(l, 0)
				}
				count[l], id0[l], user0[l] = levels, id, user
			}
		}
		return
	}
	for m := g; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		typ, d, p, gm, b, f, levels := t.tr.HitSummary(l)
		dv := math.Float32bits(d)
		if typ == accel.HitNone {
			// Metal leaves the other fields undefined; keep them zero
			// except distance, which is +Inf like a miss.
			dv = inf
		}
		put(c, ty, 0, l, uint32(typ))
		put(c, dist, 1, l, dv)
		put(c, prim, 2, l, p)
		put(c, geom, 3, l, gm)
		if lay.Triangle {
			put(c, u, kt, l, math.Float32bits(b[0]))
			put(c, v, kt+1, l, math.Float32bits(b[1]))
			put(c, front, kt+2, l, uint32(b2u(f)))
		}
		if n > 0 {
			put(c, count, ki, l, levels)
			for j := 0; j < n; j++ {
				var id, user uint32
				if j < int(levels) {
					id, user, _ = t.tr.HitInstance(l, j)
				}
				if j == 0 {
					put(c, id0, ki+1, l, id)
					put(c, user0, ki+2, l, user)
					continue
				}
				c.SetResult(ki+1+2*j, l, uint64(id))
				c.SetResult(ki+2+2*j, l, uint64(user))
			}
		}
		if lay.Transforms {
			kx := ki
			if n > 0 {
				kx += 1 + 2*n
			}
			h := t.hit(l)
			for i, x := range h.WorldToObject {
				c.SetResult(kx+i, l, f32(x))
			}
			for i, x := range h.ObjectToWorld {
				c.SetResult(kx+12+i, l, f32(x))
			}
		}
	}
}

// scalarIntersect is rt.intersect variant lay for one invocation
// (refexec): the general path's begin, steps, result reads and end.
func (r *Registry) scalarIntersect(lay stdlib.RTIntersectLayout) ScalarIntrinsic {
	return func(a []uint64) ([]uint64, error) {
		t, done, err := r.scalarBegin(a)
		if err != nil {
			return nil, err
		}
		if !done {
			for t.step() != 0 {
			}
		}
		out := make([]uint64, 0, lay.NumResults())
		var buf [32]uint64
		read := func(name string, arg uint64, n int) {
			readers[name](t, 0, arg, buf[:])
			out = append(out, buf[:n]...)
		}
		read(stdlib.RTResult, 0, 4)
		if lay.Triangle {
			read(stdlib.RTResultTriangle, 0, 3)
		}
		for j := 0; j < lay.Instances; j++ {
			readers[stdlib.RTResultInstance](t, 0, uint64(j), buf[:])
			if j == 0 {
				out = append(out, buf[2])
			}
			out = append(out, buf[0], buf[1])
		}
		if lay.Transforms {
			read(stdlib.RTResultTransforms, 0, 24)
		}
		r.release(t)
		return out, nil
	}
}
