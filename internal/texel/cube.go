package texel

// Cube faces follow Metal: 0 +X, 1 −X, 2 +Y, 3 −Y, 4 +Z, 5 −Z. Within a face,
// s = (sc/|ma| + 1)/2 and t = (tc/|ma| + 1)/2 with the (sc, tc, ma) of the
// OpenGL/Direct3D cube table; t = 0 is the face's first row in memory.
// When two components have equal magnitude the major axis is chosen in the
// order z, then y, then x.

// cubeBasis[f] holds the S, T and M (outward normal) vectors of face f:
// sc = S·d, tc = T·d, ma = M·d.
var cubeBasis = [6][3][3]float32{
	{{0, 0, -1}, {0, -1, 0}, {1, 0, 0}},  // +X
	{{0, 0, 1}, {0, -1, 0}, {-1, 0, 0}},  // −X
	{{1, 0, 0}, {0, 0, 1}, {0, 1, 0}},    // +Y
	{{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},  // −Y
	{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}},   // +Z
	{{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}}, // −Z
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// CubeFace selects the face a direction points at and returns the face
// coordinates s, t in [0, 1]. A zero (or NaN) direction gives face +Z, (0.5, 0.5).
func CubeFace(x, y, z float32) (face int, s, t float32) {
	ax, ay, az := abs32(x), abs32(y), abs32(z)
	switch {
	case az >= ax && az >= ay:
		face = 4
		if z < 0 {
			face = 5
		}
	case ay >= ax:
		face = 2
		if y < 0 {
			face = 3
		}
	case ax >= 0:
		face = 0
		if x < 0 {
			face = 1
		}
	default: // NaN
		return 4, 0.5, 0.5
	}
	b := &cubeBasis[face]
	ma := b[2][0]*x + b[2][1]*y + b[2][2]*z
	if !(ma > 0) {
		return 4, 0.5, 0.5
	}
	sc := b[0][0]*x + b[0][1]*y + b[0][2]*z
	tc := b[1][0]*x + b[1][1]*y + b[1][2]*z
	return face, 0.5 * (sc/ma + 1), 0.5 * (tc/ma + 1)
}

// cubeFaceDeriv converts a direction derivative (dx, dy, dz) at direction
// (x, y, z) on face f into derivatives of the face coordinates s and t.
func cubeFaceDeriv(face int, x, y, z, dx, dy, dz float32) (ds, dt float32) {
	b := &cubeBasis[face]
	ma := b[2][0]*x + b[2][1]*y + b[2][2]*z
	if !(ma > 0) {
		return 0, 0
	}
	sc := b[0][0]*x + b[0][1]*y + b[0][2]*z
	tc := b[1][0]*x + b[1][1]*y + b[1][2]*z
	dsc := b[0][0]*dx + b[0][1]*dy + b[0][2]*dz
	dtc := b[1][0]*dx + b[1][1]*dy + b[1][2]*dz
	dma := b[2][0]*dx + b[2][1]*dy + b[2][2]*dz
	inv := 0.5 / (ma * ma)
	return (dsc*ma - sc*dma) * inv, (dtc*ma - tc*dma) * inv
}

// cubeNeighbor maps texel (i, j) of face f (n×n texels), which lies just
// outside the face, onto the adjacent face: the texel centre is turned into
// a direction and re-projected. Texels beyond a corner land on one of the
// two faces sharing it (real GPUs average three texels there).
func cubeNeighbor(face int, i, j, n int32) (int, int32, int32) {
	sc := (2*(float32(i)+0.5))/float32(n) - 1
	tc := (2*(float32(j)+0.5))/float32(n) - 1
	b := &cubeBasis[face]
	x := b[0][0]*sc + b[1][0]*tc + b[2][0]
	y := b[0][1]*sc + b[1][1]*tc + b[2][1]
	z := b[0][2]*sc + b[1][2]*tc + b[2][2]
	f2, s, t := CubeFace(x, y, z)
	return f2, clampi(floorI(s*float32(n)), 0, n-1), clampi(floorI(t*float32(n)), 0, n-1)
}

func clampi(v, lo, hi int32) int32 { return min(max(v, lo), hi) }

// floorI is floor for float32 values already clamped to ±2^30.
func floorI(x float32) int32 {
	if !(x > -(1<<30) && x < 1<<30) {
		if x > 0 {
			return 1 << 30
		}
		return -(1 << 30) // also NaN
	}
	i := int32(x)
	if float32(i) > x {
		i--
	}
	return i
}
