package raster

// maxClipDistances is the most [[clip_distance]] values per vertex.
const maxClipDistances = 8

// maxPlanes is the number of clip planes: w > ε, near, far, four guard-band
// planes and the user clip distances.
const maxPlanes = 7 + maxClipDistances

// cv is a clip-space vertex during clipping, as weights of the primitive's
// original vertices.
type cv struct {
	pos [4]float64
	cd  [maxClipDistances]float64
	w   [3]float64 // weights of the original vertices (sum 1)
}

// planes are the clip planes of one primitive: a vertex is inside plane k
// when dist(k) ≥ 0.
type planes struct {
	n                  int // planes in use: 7 + user clip distances
	depthClip          bool
	lox, hix, loy, hiy float64 // guard band in NDC
}

func (pl *planes) dist(k int, v *cv) float64 {
	p := &v.pos
	switch k {
	case 0:
		return p[3] - wEpsilon
	case 1:
		if !pl.depthClip {
			return 1
		}
		return p[2]
	case 2:
		if !pl.depthClip {
			return 1
		}
		return p[3] - p[2]
	case 3:
		return p[0] - float64(pl.lox*p[3])
	case 4:
		return float64(pl.hix*p[3]) - p[0]
	case 5:
		return p[1] - float64(pl.loy*p[3])
	case 6:
		return float64(pl.hiy*p[3]) - p[1]
	}
	return v.cd[k-7]
}

// outcode returns the bit set of planes v is outside of (the same tests as
// dist, unrolled).
func (pl *planes) outcode(v *cv) uint32 {
	p := &v.pos
	var c uint32
	if !(p[3]-wEpsilon >= 0) {
		c |= 1
	}
	if pl.depthClip {
		if !(p[2] >= 0) {
			c |= 2
		}
		if !(p[3]-p[2] >= 0) {
			c |= 4
		}
	}
	if !(p[0]-float64(pl.lox*p[3]) >= 0) {
		c |= 8
	}
	if !(float64(pl.hix*p[3])-p[0] >= 0) {
		c |= 16
	}
	if !(p[1]-float64(pl.loy*p[3]) >= 0) {
		c |= 32
	}
	if !(float64(pl.hiy*p[3])-p[1] >= 0) {
		c |= 64
	}
	for k := 7; k < pl.n; k++ {
		if !(v.cd[k-7] >= 0) {
			c |= 1 << k
		}
	}
	return c
}

// lerp returns a + t(b − a) for clip vertices.
func lerpCV(a, b *cv, t float64) cv {
	var r cv
	for i := range 4 {
		r.pos[i] = a.pos[i] + float64(t*(b.pos[i]-a.pos[i]))
	}
	for i := range maxClipDistances {
		r.cd[i] = a.cd[i] + float64(t*(b.cd[i]-a.cd[i]))
	}
	for i := range 3 {
		r.w[i] = a.w[i] + float64(t*(b.w[i]-a.w[i]))
	}
	return r
}

// maxPoly bounds a clipped polygon: a triangle gains at most one vertex per
// plane.
const maxPoly = 3 + maxPlanes

// clipPoly clips the polygon in (n vertices) against the planes in mask,
// using tmp as scratch, and returns the result (which aliases in or tmp).
func (pl *planes) clipPoly(in, tmp *[maxPoly]cv, n int, mask uint32) (*[maxPoly]cv, int) {
	src, dst := in, tmp
	for k := range pl.n {
		if mask&(1<<k) == 0 {
			continue
		}
		m := 0
		for i := range n {
			a, b := &src[i], &src[(i+1)%n]
			da, db := pl.dist(k, a), pl.dist(k, b)
			if da >= 0 {
				dst[m] = *a
				m++
			}
			if (da >= 0) != (db >= 0) && m < maxPoly {
				dst[m] = lerpCV(a, b, da/(da-db))
				m++
			}
		}
		src, dst, n = dst, src, m
		if n < 3 {
			return src, 0
		}
	}
	return src, n
}

// clipSegment clips a→b against the planes in mask; it returns the
// parameters of the visible part, ok false when nothing remains.
func (pl *planes) clipSegment(a, b *cv, mask uint32) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	for k := range pl.n {
		if mask&(1<<k) == 0 {
			continue
		}
		da, db := pl.dist(k, a), pl.dist(k, b)
		switch {
		case da < 0 && db < 0:
			return 0, 0, false
		case da < 0:
			t0 = max(t0, da/(da-db))
		case db < 0:
			t1 = min(t1, da/(da-db))
		}
	}
	return t0, t1, t0 < t1
}
