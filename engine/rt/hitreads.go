package rt

import (
	"math"
	"math/bits"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
)

// The committed-hit readers (rt.result, rt.result.triangle,
// rt.result.instance) run once per intersect() per field group, on every
// lane of the SIMD-group: they write the result lanes directly instead of
// going through the generic reader's per-value SetResult.

// lanes32 returns result i of c as 32-bit lanes, or false when the result
// does not live in the 32-bit lane file (then the generic path runs).
func lanes32(c *exec.Call, i int) ([]uint32, bool) {
	if !c.ResultIsLanes32(i) {
		return nil, false
	}
	return c.Res32(i), true
}

func (r *Registry) execResult(c *exec.Call, generic exec.IntrinsicFunc) error {
	ty, ok0 := lanes32(c, 0)
	dist, ok1 := lanes32(c, 1)
	prim, ok2 := lanes32(c, 2)
	geom, ok3 := lanes32(c, 3)
	if !(ok0 && ok1 && ok2 && ok3) {
		return generic(c)
	}
	st := c.Arg64(0)
	inf := math.Float32bits(float32(math.Inf(1)))
	rs := resolver{r: r}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		typ, d, p, g, _, _, _ := t.tr.HitSummary(tl)
		ty[l], prim[l], geom[l] = uint32(typ), p, g
		dist[l] = math.Float32bits(d)
		if typ == accel.HitNone {
			// Metal leaves the other fields undefined; keep them zero
			// except distance, which is +Inf like a miss.
			dist[l] = inf
		}
	}
	return nil
}

func (r *Registry) execResultTriangle(c *exec.Call, generic exec.IntrinsicFunc) error {
	u, ok0 := lanes32(c, 0)
	v, ok1 := lanes32(c, 1)
	front, ok2 := lanes32(c, 2)
	if !(ok0 && ok1 && ok2) {
		return generic(c)
	}
	st := c.Arg64(0)
	rs := resolver{r: r}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		_, _, _, _, b, f, _ := t.tr.HitSummary(tl)
		u[l], v[l] = math.Float32bits(b[0]), math.Float32bits(b[1])
		front[l] = uint32(b2u(f))
	}
	return nil
}

func (r *Registry) execResultInstance(c *exec.Call, generic exec.IntrinsicFunc) error {
	id, ok0 := lanes32(c, 0)
	user, ok1 := lanes32(c, 1)
	count, ok2 := lanes32(c, 2)
	if !(ok0 && ok1 && ok2) {
		return generic(c)
	}
	st := c.Arg64(0)
	rs := resolver{r: r}
	for m := uint64(c.Mask); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		t, tl, err := rs.get(st[l])
		if err != nil {
			return r.fault(c, l, err)
		}
		_, _, _, _, _, _, n := t.tr.HitSummary(tl)
		k := c.ArgValue(1, l)
		id[l], user[l], count[l] = 0, 0, n
		if k < uint64(n) {
			id[l], user[l], _ = t.tr.HitInstance(tl, int(k))
		}
	}
	return nil
}
