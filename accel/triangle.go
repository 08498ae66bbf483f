package accel

import "math"

// levelRay is a ray in one structure's space with its precomputed traversal
// constants.
type levelRay struct {
	o, d [3]float32
	// fo is the origin the slab test measures exit distances from: o moved
	// back along each axis (against the direction's sign, by 2^-20 of |o|
	// and at least 2^-60), so that exits are never underestimated and a ray
	// on a box face, or parallel to an axis and inside a slab up to its
	// boundary, keeps a positive exit distance (an exit computed as -0 or
	// 0*inv would drop the box; watertight hits on its boundary would be
	// lost). Entry distances use o.
	fo         [3]float32
	ix, iy, iz float32 // inverse direction (zero components nudged)
	// Offsets of the near and far planes of each axis in a node's b array.
	nx, ny, nz, fx, fy, fz int
	// Watertight test (Woop, Benthin, Wald 2013): permuted axes and shear.
	kx, ky, kz int
	ok         [3]float32 // origin permuted to (kx, ky, kz)
	sx, sy, sz float32
}

const tinyDir = 1e-30

// invDir is 1/x with components below tinyDir nudged to ±tinyDir (by
// sign bit).
func invDir(x float32) float32 {
	if x > -tinyDir && x < tinyDir {
		if x < 0 || (x == 0 && 1/x < 0) {
			x = -tinyDir
		} else {
			x = tinyDir
		}
	}
	return 1 / x
}

// invDirSigns is invDir with one branch, almost never taken (x > -tinyDir
// alone is a coin toss on incoherent rays).
func invDirSigns(x float32) float32 {
	if abs32(x) < tinyDir {
		if x < 0 || (x == 0 && 1/x < 0) {
			x = -tinyDir
		} else {
			x = tinyDir
		}
	}
	return 1 / x
}

// farOrigin moves coordinate o back against the direction of inv (see
// levelRay.fo): by max(|o|·2^-20, 2^-60), added when inv < 0 and
// subtracted otherwise.
func farOrigin(o, inv float32) float32 {
	d := abs32(o) * 0x1p-20
	if d < 0x1p-60 {
		d = 0x1p-60
	}
	if inv < 0 {
		return o + d
	}
	return o - d
}

// farOriginSigns is farOrigin without branches, whose outcome is a coin
// toss on incoherent rays: the two magnitudes are non-negative, so their
// bit patterns order as they do, and o+d is o-(-d) exactly.
func farOriginSigns(o, inv float32) float32 {
	d := max(math.Float32bits(abs32(o)*0x1p-20), math.Float32bits(0x1p-60))
	return o - math.Float32frombits(d|math.Float32bits(inv)&(1<<31))
}

// setSlab computes the constants of ray (o, d) that the slab test needs,
// for nodes of the given width: enough for an instance structure's level,
// whose leaves are instances (the watertight constants are left as they
// were).
func (r *levelRay) setSlab(o, d *[3]float32, width int) {
	r.setSlab3(o[0], o[1], o[2], d[0], d[1], d[2], width)
}

// setSlab3 is setSlab with the ray's components as values. Callers keep
// rays in registers where they can: rays stored one float at a time and
// copied as arrays are read back 8 bytes at a time (the compiler merges
// adjacent float copies), which stalls on store forwarding. It branches on
// the direction's signs, which costs nothing on rays that come in coherent
// runs (a camera's); setSlab3Signs is the form for incoherent ones.
func (r *levelRay) setSlab3(ox, oy, oz, dx, dy, dz float32, width int) {
	r.o[0], r.o[1], r.o[2] = ox, oy, oz
	r.d[0], r.d[1], r.d[2] = dx, dy, dz
	ix, iy, iz := invDir(dx), invDir(dy), invDir(dz)
	r.ix, r.iy, r.iz = ix, iy, iz
	r.fo[0], r.fo[1], r.fo[2] = farOrigin(ox, ix), farOrigin(oy, iy), farOrigin(oz, iz)
	w := width
	r.nx, r.fx = 0, 3*w
	if ix < 0 {
		r.nx, r.fx = 3*w, 0
	}
	r.ny, r.fy = w, 4*w
	if iy < 0 {
		r.ny, r.fy = 4*w, w
	}
	r.nz, r.fz = 2*w, 5*w
	if iz < 0 {
		r.nz, r.fz = 5*w, 2*w
	}
}

// setSlab3Signs is setSlab3 without branches on the direction's signs,
// which mispredict half the time on incoherent rays (there it saves ~50 ns
// per ray; on a camera's rays, whose branches predict, it costs ~10 ns):
// the same values, bit for bit (TestRaySetupSignsMatchesSet3).
func (r *levelRay) setSlab3Signs(ox, oy, oz, dx, dy, dz float32, width int) {
	r.o[0], r.o[1], r.o[2] = ox, oy, oz
	r.d[0], r.d[1], r.d[2] = dx, dy, dz
	ix, iy, iz := invDirSigns(dx), invDirSigns(dy), invDirSigns(dz)
	r.ix, r.iy, r.iz = ix, iy, iz
	r.fo[0], r.fo[1], r.fo[2] = farOriginSigns(ox, ix), farOriginSigns(oy, iy), farOriginSigns(oz, iz)
	// The planes: near at axis*w (min) and far at (axis+3)*w (max), swapped
	// when the inverse direction is negative (its sign bit: never zero or
	// NaN).
	w := width
	w3 := 3 * w
	sx, sy, sz := w3*int(math.Float32bits(ix)>>31), w3*int(math.Float32bits(iy)>>31), w3*int(math.Float32bits(iz)>>31)
	r.nx, r.fx = sx, w3-sx
	r.ny, r.fy = w+sy, 4*w-sy
	r.nz, r.fz = 2*w+sz, 5*w-sz
}

// set computes every constant of ray (o, d) for nodes of the given width.
func (r *levelRay) set(o, d *[3]float32, width int) {
	r.set3(o[0], o[1], o[2], d[0], d[1], d[2], width)
}

// set3 is set with the ray's components as values (see setSlab3; set3Signs
// is the form for incoherent rays).
func (r *levelRay) set3(ox, oy, oz, dx, dy, dz float32, width int) {
	r.setSlab3(ox, oy, oz, dx, dy, dz, width)
	ax, ay, az := abs32(dx), abs32(dy), abs32(dz)
	kz := 0
	if ay > ax {
		kz = 1
	}
	if az > ax && az > ay {
		kz = 2
	}
	kx := kz + 1
	if kx == 3 {
		kx = 0
	}
	ky := kx + 1
	if ky == 3 {
		ky = 0
	}
	if r.d[kz] < 0 {
		kx, ky = ky, kx
	}
	r.kx, r.ky, r.kz = kx, ky, kz
	r.ok[0], r.ok[1], r.ok[2] = r.o[kx], r.o[ky], r.o[kz]
	// d[kz] is the largest component, so it is never nudged: its inverse
	// is already in ix/iy/iz. The shear uses a multiply by it; any
	// consistent per-ray shear keeps the test watertight.
	sz := r.ix
	switch kz {
	case 1:
		sz = r.iy
	case 2:
		sz = r.iz
	}
	r.sz = sz
	r.sx = r.d[kx] * sz
	r.sy = r.d[ky] * sz
}

// set3Signs is set3 without branches on the direction (see setSlab3Signs),
// for incoherent batches (the stream kernel's).
func (r *levelRay) set3Signs(ox, oy, oz, dx, dy, dz float32, width int) {
	r.setSlab3Signs(ox, oy, oz, dx, dy, dz, width)
	// kz: the axis of the largest |d| component (the first of equal ones),
	// compared as bits (non-negative, not NaN).
	bx, by, bz := math.Float32bits(abs32(dx)), math.Float32bits(abs32(dy)), math.Float32bits(abs32(dz))
	c1, c2 := b2i(by > bx), b2i(bz > max(bx, by))
	kz := c1&^c2 | c2<<1
	// kx, ky = kz+1, kz+2 mod 3, from 2-bit fields
	kx, ky := 0x09>>(2*kz)&3, 0x12>>(2*kz)&3
	// Swap kx and ky when d[kz] < 0 (its sign bit: d[kz] is the largest
	// component of a non-zero direction, so never ±0).
	d := [4]float32{dx, dy, dz}
	swap := -int(math.Float32bits(d[kz&3]) >> 31)
	x := (kx ^ ky) & swap
	kx, ky = kx^x, ky^x
	r.kx, r.ky, r.kz = kx, ky, kz
	o := [4]float32{ox, oy, oz}
	r.ok[0], r.ok[1], r.ok[2] = o[kx&3], o[ky&3], o[kz&3]
	// (the shear as set3's)
	inv := [4]float32{r.ix, r.iy, r.iz}
	sz := inv[kz&3]
	r.sz = sz
	r.sx = d[kx&3] * sz
	r.sy = d[ky&3] * sz
}

// maxDist is the largest distance of a triangle hit: a distance that
// overflows to +Inf (whose barycentrics are then NaN) misses, as a NaN one
// does, even on a ray whose max distance is +Inf.
const maxDist = math.MaxFloat32

// inHitRange reports whether a triangle's distance t is a hit on [tmin,
// tmax]: inside it and finite (false for NaN).
func inHitRange(t, tmin, tmax float32) bool {
	return t >= tmin && t <= tmax && t <= maxDist
}

// b2i is 1 for true and 0 for false (the compiler emits a SETcc, no
// branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// intersectTriangle is the watertight ray/triangle test. v holds the three
// vertices. It reports the ray parameter t, the barycentrics of vertices 1
// and 2, and the determinant, whose sign gives the facing: det < 0 means
// the vertices appear clockwise from the ray origin.
//
// Every copy of this test (the kernels', the general path's, leaf4's
// SIMD one) must round the same way: the float32(…) around products keep
// the compiler from fusing a product and a sum into one FMA, which it may
// do with GOAMD64=v3 (and which archsimd's separate Mul and Sub do not).
// Products of two float32 in float64 are exact, so the double-precision
// branch needs no such guard.
func intersectTriangle(r *levelRay, v *[9]float32) (t, b1, b2, det float32, ok bool) {
	kx, ky, kz := r.kx&3, r.ky&3, r.kz&3
	ox, oy, oz := r.ok[0], r.ok[1], r.ok[2]
	az := v[kz] - oz
	bz := v[3+kz] - oz
	cz := v[6+kz] - oz
	ax := v[kx] - ox - float32(r.sx*az)
	ay := v[ky] - oy - float32(r.sy*az)
	bx := v[3+kx] - ox - float32(r.sx*bz)
	by := v[3+ky] - oy - float32(r.sy*bz)
	cx := v[6+kx] - ox - float32(r.sx*cz)
	cy := v[6+ky] - oy - float32(r.sy*cz)
	u := float32(cx*by) - float32(cy*bx)
	vv := float32(ax*cy) - float32(ay*cx)
	w := float32(bx*ay) - float32(by*ax)
	if u == 0 || vv == 0 || w == 0 {
		u = float32(float64(cx)*float64(by) - float64(cy)*float64(bx))
		vv = float32(float64(ax)*float64(cy) - float64(ay)*float64(cx))
		w = float32(float64(bx)*float64(ay) - float64(by)*float64(ax))
	}
	if (u < 0 || vv < 0 || w < 0) && (u > 0 || vv > 0 || w > 0) {
		return
	}
	det = u + vv + w
	if det == 0 {
		return
	}
	tt := float32(u*(r.sz*az)) + float32(vv*(r.sz*bz)) + float32(w*(r.sz*cz))
	rcp := 1 / det
	return tt * rcp, vv * rcp, w * rcp, det, true
}

// intersectBox is the slab test of a box against [tmin, tmax]; it reports the
// entry distance (clamped to tmin).
func intersectBox(r *levelRay, lo, hi *[3]float32, tmin, tmax float32) (float32, bool) {
	t0x, t1x := (lo[0]-r.o[0])*r.ix, (hi[0]-r.o[0])*r.ix
	t0y, t1y := (lo[1]-r.o[1])*r.iy, (hi[1]-r.o[1])*r.iy
	t0z, t1z := (lo[2]-r.o[2])*r.iz, (hi[2]-r.o[2])*r.iz
	tn := max(min(t0x, t1x), min(t0y, t1y), min(t0z, t1z), tmin)
	tf := min(max(t0x, t1x), max(t0y, t1y), max(t0z, t1z)) * robustFar
	tf = min(tf, tmax)
	return tn, tn <= tf
}

// robustFar widens the far slab distance to cover float rounding
// (1 + 2γ(3), Ize 2013).
const robustFar = 1 + 2*(3*0x1p-24)/(1-3*0x1p-24)
