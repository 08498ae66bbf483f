package refpt

import "math"

// vec3 is a float32 3-vector.
type vec3 struct{ x, y, z float32 }

func (a vec3) add(b vec3) vec3      { return vec3{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a vec3) sub(b vec3) vec3      { return vec3{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a vec3) mul(b vec3) vec3      { return vec3{a.x * b.x, a.y * b.y, a.z * b.z} }
func (a vec3) scale(s float32) vec3 { return vec3{a.x * s, a.y * s, a.z * s} }
func (a vec3) dot(b vec3) float32   { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a vec3) cross(b vec3) vec3 {
	return vec3{a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x}
}
func (a vec3) length() float32 { return sqrt32(a.dot(a)) }
func (a vec3) normalize() vec3 { return a.scale(1 / a.length()) }
func (a vec3) maxComp() float32 {
	return max(a.x, a.y, a.z)
}
func (a vec3) axis(i int) float32 {
	switch i {
	case 0:
		return a.x
	case 1:
		return a.y
	}
	return a.z
}
func (a vec3) isZero() bool { return a.x <= 0 && a.y <= 0 && a.z <= 0 }
func (a vec3) finite() bool {
	return !isBad(a.x) && !isBad(a.y) && !isBad(a.z)
}

func isBad(v float32) bool { return v != v || v > math.MaxFloat32 || v < -math.MaxFloat32 }

func vmin(a, b vec3) vec3 { return vec3{min(a.x, b.x), min(a.y, b.y), min(a.z, b.z)} }
func vmax(a, b vec3) vec3 { return vec3{max(a.x, b.x), max(a.y, b.y), max(a.z, b.z)} }

func sqrt32(v float32) float32 { return float32(math.Sqrt(float64(v))) }
func abs32(v float32) float32  { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

func luminance(c vec3) float32 { return 0.2126*c.x + 0.7152*c.y + 0.0722*c.z }

// basis returns two unit vectors completing n to an orthonormal frame
// (Duff et al., "Building an orthonormal basis, revisited").
func basis(n vec3) (vec3, vec3) {
	s := float32(1)
	if n.z < 0 {
		s = -1
	}
	a := -1 / (s + n.z)
	b := n.x * n.y * a
	return vec3{1 + s*n.x*n.x*a, s * b, -s * n.x}, vec3{b, s + n.y*n.y*a, -n.y}
}

// rng is a PCG32 generator (O'Neill, XSH RR variant).
type rng struct{ state, inc uint64 }

func newRNG(seed, stream uint64) rng {
	r := rng{inc: stream<<1 | 1}
	r.next()
	r.state += seed
	r.next()
	return r
}

func (r *rng) next() uint32 {
	old := r.state
	r.state = old*6364136223846793005 + r.inc
	x := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return x>>rot | x<<((-rot)&31)
}

// float returns a uniform number in [0, 1).
func (r *rng) float() float32 { return float32(r.next()>>8) * (1.0 / (1 << 24)) }
