package raster

import (
	"math"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// background is the environment seen behind the geometry of one frame,
// composited on the host over the resolved image (composeRow): the render
// passes leave the environment out and their alpha is the coverage (the
// attachments clear to 0; opaque and mask surfaces write 1, blended ones
// accumulate theirs with One, OneMinusSourceAlpha), so a pixel of
// resolved radiance c and alpha a shows c + (1 − a)·E, E the
// environment's radiance along the camera ray through the pixel centre:
// what drawing E first at every sample and blending over it gives, with
// no shading where the geometry covers the pixel. E is the path tracer's
// env_radiance (pathtrace.metal): the colour times the intensity, times
// the equirectangular map (kernel.EnvUV) read bilinearly at level 0 with
// the environment sampler (envSampler: repeat in u, clamp to edge in v),
// its taps weighted and summed in the engine sampler's order.
type background struct {
	// colour is the environment's colour × intensity.
	colour [3]float32
	// rgb is the w×h RGB map (nil: a constant environment), rot its
	// rotation about +Y in radians.
	rgb  []float32
	w, h int
	rot  float32
	// The camera: orthographic frames look along forward everywhere,
	// perspective ones along forward + right·sx·tan(fovY/2)·aspect +
	// up·sy·tan(fovY/2) for the pixel centre's sx, sy in −1…1: cols[x] is
	// the first two terms of column x, rows[y] the last of row y.
	ortho   bool
	forward [3]float32
	cols    [][3]float32
	rows    [][3]float32
	// key is what the radiance behind each pixel depends on: frames of
	// one key share a background (backgroundFor), and memo keeps the
	// radiance of every pixel some frame left uncovered (the w×h frame's
	// rows in groups of 8 pixels, memoSlot), set where known is, so a
	// steady view computes each pixel's environment lookup once. Rows
	// are filled by the band of the toneMap worker that composites them
	// (disjoint).
	key   backgroundKey
	memo  []float32
	known []uint8
	// flat is the radiance of a constant environment as a memo group
	// (every lane colour), and flatKnown a known byte of every lane: the
	// tone-map kernel's memo for every group of a frame (prepare).
	flat      [24]float32
	flatKnown uint8
}

// backgroundKey identifies a background: the environment (its map by
// identity: a background holds its map, so the address is not reused
// while it lives) and the camera rays of the frame's pixels.
type backgroundKey struct {
	rgb                 *float32
	mapW, mapH          int
	colour              [3]float32
	rot                 float32
	ortho               bool
	forward, right, up  [3]float32
	tanHalfFovY, aspect float32
	width, height       int
}

// backgroundFor returns the background of frame fr of the current
// upload: the previous frame's when nothing it depends on changed (with
// the radiance it has memoised), else a new one.
func (r *Renderer) backgroundFor(fr *rasterFrame) *background {
	b := newBackground(fr, r.cur)
	if r.bg != nil && r.bg.key == b.key {
		return r.bg
	}
	r.bg = b
	return b
}

// newBackground is the background of a frame fr of upload u.
func newBackground(fr *rasterFrame, u *upload) *background {
	p := u.packed
	b := &background{colour: [3]float32{u.res.EnvColor[0] * u.res.EnvIntensity, u.res.EnvColor[1] * u.res.EnvIntensity,
		u.res.EnvColor[2] * u.res.EnvIntensity}, rot: u.res.EnvRotation,
		ortho: fr.Projection == kernel.ProjectionOrthographic, forward: fr.Forward}
	if u.res.EnvKind == kernel.EnvMap {
		if p.Env.Width > 0 && p.Env.Height > 0 && len(p.Env.RGB) >= 3*p.Env.Width*p.Env.Height {
			b.rgb, b.w, b.h = p.Env.RGB, p.Env.Width, p.Env.Height
		} else {
			// uploadEnv's 1×1 black map.
			b.colour = [3]float32{}
		}
	}
	b.key = backgroundKey{colour: b.colour, rot: b.rot, ortho: b.ortho, forward: b.forward, width: int(fr.Width), height: int(fr.Height)}
	if b.rgb != nil {
		b.key.rgb, b.key.mapW, b.key.mapH = &b.rgb[0], b.w, b.h
	}
	if b.rgb == nil || b.ortho {
		return b
	}
	b.key.right, b.key.up, b.key.tanHalfFovY, b.key.aspect = fr.Right, fr.Up, fr.TanHalfFovY, fr.Aspect
	// rx_view_dir's rays through the pixel centres, by column and row.
	w, h := float32(fr.Width), float32(fr.Height)
	b.cols, b.rows = make([][3]float32, fr.Width), make([][3]float32, fr.Height)
	for x := range b.cols {
		a := (2*(float32(x)+0.5)/w - 1) * fr.TanHalfFovY * fr.Aspect
		for k := range 3 {
			b.cols[x][k] = fr.Forward[k] + float32(fr.Right[k]*a)
		}
	}
	for y := range b.rows {
		e := (1 - 2*(float32(y)+0.5)/h) * fr.TanHalfFovY
		for k := range 3 {
			b.rows[y][k] = fr.Up[k] * e
		}
	}
	return b
}

// radiance is the environment's radiance behind pixel (x, y).
func (b *background) radiance(x, y int) [3]float32 {
	c := b.colour
	if b.constant() {
		return c
	}
	d := b.forward
	if !b.ortho {
		cx, ry := &b.cols[x], &b.rows[y]
		d = [3]float32{cx[0] + ry[0], cx[1] + ry[1], cx[2] + ry[2]}
		l := float32(math.Sqrt(float64(float32(d[0]*d[0]) + float32(d[1]*d[1]) + float32(d[2]*d[2]))))
		d = [3]float32{d[0] / l, d[1] / l, d[2] / l}
	}
	uv := kernel.EnvUV(kernel.Vec3(d), b.rot)
	s := b.bilinear(uv[0], uv[1])
	return [3]float32{c[0] * s[0], c[1] * s[1], c[2] * s[2]}
}

// bilinear reads the map at normalized (u, v) as the engine's linear
// sampler does at level 0: texel centres at half-integers, u repeating,
// v clamped to the edge rows, the four taps' weights (1 − fx)(1 − fy),
// fx(1 − fy), (1 − fx)fy, fx·fy summed in that order, zero weights
// skipped.
func (b *background) bilinear(u, v float32) [3]float32 {
	x, y := u*float32(b.w)-0.5, v*float32(b.h)-0.5
	i, j := floorIndex(x), floorIndex(y)
	fx, fy := x-float32(i), y-float32(j)
	i0, i1 := repeatIndex(i, b.w), repeatIndex(i+1, b.w)
	j0, j1 := clampIndex(j, b.h), clampIndex(j+1, b.h)
	var out [3]float32
	// The taps in the sampler's order: (i0, j0), (i1, j0), (i0, j1),
	// (i1, j1).
	r0, r1 := b.rgb[3*j0*b.w:3*(j0+1)*b.w], b.rgb[3*j1*b.w:3*(j1+1)*b.w]
	tap := func(row []float32, i int, w float32) {
		if w == 0 {
			return
		}
		px := row[3*i : 3*i+3 : 3*i+3]
		out[0] += float32(w * px[0])
		out[1] += float32(w * px[1])
		out[2] += float32(w * px[2])
	}
	tap(r0, i0, (1-fx)*(1-fy))
	tap(r0, i1, fx*(1-fy))
	tap(r1, i0, (1-fx)*fy)
	tap(r1, i1, fx*fy)
	return out
}

// floorIndex is ⌊x⌋ as an int, saturated to ±2^30 (NaN: −2^30) as the
// engine sampler's texel addressing.
func floorIndex(x float32) int {
	if !(x > -(1<<30) && x < 1<<30) {
		if x > 0 {
			return 1 << 30
		}
		return -(1 << 30)
	}
	i := int(x)
	if float32(i) > x {
		i--
	}
	return i
}

// repeatIndex wraps texel index i into 0…n−1 (SamplerAddressModeRepeat).
func repeatIndex(i, n int) int {
	if uint(i) < uint(n) {
		return i
	}
	i %= n
	if i < 0 {
		i += n
	}
	return i
}

// clampIndex clamps texel index i to 0…n−1 (ClampToEdge).
func clampIndex(i, n int) int {
	return min(max(i, 0), n-1)
}

// memoSlot locates pixel x of row y in a memo of groups of 8 pixels
// (gw groups a row): the radiance's channel c is memo[i+8c], its known
// flag bit of known[g]. A group is 24 floats, its 8 lanes of red, green,
// then blue, pixels 0, 2, 4, 6, 1, 3, 5, 7 in the lanes: the order of
// the tone-map kernel's lanes.
func memoSlot(gw, x, y int) (i, g int, bit uint8) {
	g = y*gw + x>>3
	lane := (x&7)>>1 + (x&1)<<2
	return 24*g + lane, g, 1 << lane
}

// memoGroups is the number of memo groups of a row of w pixels.
func memoGroups(w int) int { return (w + 7) / 8 }

// hasMemo reports whether composeRow reads row y of a w-pixel-wide
// image from the memo (prepare made one for this frame size).
func (b *background) hasMemo(w, y int) bool {
	return b.memo != nil && w == b.key.width && y < b.key.height
}

// composeRow adds the background behind pixels [x0, x1) of row y (w
// pixels, linear RGBA) where its alpha (the coverage) is below 1, with
// the memoised radiance where hasMemo.
func (b *background) composeRow(row []float32, w, y, x0, x1 int) {
	memo := b.hasMemo(w, y)
	gw := memoGroups(w)
	for x := x0; x < x1; x++ {
		s := row[4*x : 4*x+4 : 4*x+4]
		a := s[3]
		if a >= 1 {
			continue
		}
		var e [3]float32
		if !memo {
			e = b.radiance(x, y)
		} else if i, g, bit := memoSlot(gw, x, y); b.known[g]&bit != 0 {
			e = [3]float32{b.memo[i], b.memo[i+8], b.memo[i+16]}
		} else {
			e = b.radiance(x, y)
			b.memo[i], b.memo[i+8], b.memo[i+16] = e[0], e[1], e[2]
			b.known[g] |= bit
		}
		t := 1 - a
		s[0] += float32(t * e[0])
		s[1] += float32(t * e[1])
		s[2] += float32(t * e[2])
	}
}

// memoize sets the memo of the pixels [x0, x1) of row y (of a w-pixel
// row with a memo, hasMemo) that composeRow composites (alpha below 1) and
// the memo does not know.
func (b *background) memoize(row []float32, w, y, x0, x1 int) {
	gw := memoGroups(w)
	for x := x0; x < x1; x++ {
		if row[4*x+3] >= 1 {
			continue
		}
		if i, g, bit := memoSlot(gw, x, y); b.known[g]&bit == 0 {
			e := b.radiance(x, y)
			b.memo[i], b.memo[i+8], b.memo[i+16] = e[0], e[1], e[2]
			b.known[g] |= bit
		}
	}
}

// constant reports whether the radiance is the colour everywhere.
func (b *background) constant() bool { return b.rgb == nil || b.colour == [3]float32{} }

// prepare allocates the memo of a map background (a constant one costs
// nothing to look up: flat is its every group) before toneMap's bands
// composite its rows concurrently, each band its own pixels.
func (b *background) prepare() {
	if b.constant() {
		for l := range 8 {
			b.flat[l], b.flat[8+l], b.flat[16+l] = b.colour[0], b.colour[1], b.colour[2]
		}
		b.flatKnown = 0xff
		return
	}
	if b.memo != nil {
		return
	}
	n := memoGroups(b.key.width) * b.key.height
	b.memo, b.known = make([]float32, 24*n), make([]uint8, n)
}
