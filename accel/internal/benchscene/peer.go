package benchscene

import "math"

// The ray sets of the peer harness ../shared/peers/embree/embree_bench.c
// (with ../shared/peers/common/peer_mesh.h), rebuilt operation by
// operation in float32 so that ingot and Embree trace the same rays: the
// harness is compiled with -march=native, so the compiler fuses a*b+c into
// one FMA where the C code writes it; fma32 does the same here.

// fma32 is a*b+c rounded once (as float32(math.FMA) rounds twice, it can
// differ in the last bit in rare halfway cases; TestPeerRaysMatchHarness
// counts them).
func fma32(a, b, c float32) float32 { return float32(math.FMA(float64(a), float64(b), float64(c))) }

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// norm3 is peer_norm3.
func norm3(v *[3]float32) {
	l := sqrt32(fma32(v[2], v[2], fma32(v[0], v[0], v[1]*v[1])))
	if l > 0 {
		v[0], v[1], v[2] = v[0]/l, v[1]/l, v[2]/l
	}
}

// cross3 is peer_cross3.
func cross3(a, b [3]float32) [3]float32 {
	return [3]float32{
		fma32(a[1], b[2], -(a[2] * b[1])),
		fma32(a[2], b[0], -(a[0] * b[2])),
		fma32(a[0], b[1], -(a[1] * b[0])),
	}
}

// PeerCamera is the harnesses' common camera (peer_camera): it looks at the
// centre of the bounds from direction (0.4, 0.3, 1), y up, with a 40°
// vertical field of view, from where the bounding sphere just fits.
type PeerCamera struct {
	Eye, Fwd, Right, Up [3]float32
	// Radius is half the bounds' diagonal.
	Radius float32
}

// peerFovY is PEER_FOVY_DEG; tan and sin of its half are computed once.
const peerFovY = 40

// NewPeerCamera returns the camera framing [lo, hi].
func NewPeerCamera(lo, hi [3]float32) PeerCamera {
	var c PeerCamera
	d := [3]float32{0.4, 0.3, 1}
	norm3(&d)
	var target [3]float32
	diag2 := float32(0)
	for k := 0; k < 3; k++ {
		target[k] = 0.5 * (lo[k] + hi[k])
		e := hi[k] - lo[k]
		diag2 += e * e
	}
	c.Radius = 0.5 * sqrt32(diag2)
	half := float32(0.5*peerFovY) * float32(math.Pi) / 180
	dist := c.Radius / float32(math.Sin(float64(half)))
	for k := 0; k < 3; k++ {
		c.Eye[k] = fma32(dist, d[k], target[k])
		c.Fwd[k] = -d[k]
	}
	c.Right = cross3(c.Fwd, [3]float32{0, 1, 0})
	norm3(&c.Right)
	c.Up = cross3(c.Right, c.Fwd)
	return c
}

// Dir is the unit direction through the centre of pixel (x, y) of a w×h
// image, y = 0 at the top (peer_camera_dir).
func (c *PeerCamera) Dir(x, y, w, h int) [3]float32 {
	half := float32(0.5*peerFovY) * float32(math.Pi) / 180
	t := float32(math.Tan(float64(half)))
	aspect := float32(w) / float32(h)
	sx := (2*(float32(x)+0.5)/float32(w) - 1) * t * aspect
	sy := (1 - 2*(float32(y)+0.5)/float32(h)) * t
	var d [3]float32
	for k := 0; k < 3; k++ {
		d[k] = fma32(sy, c.Up[k], fma32(sx, c.Right[k], c.Fwd[k]))
	}
	norm3(&d)
	return d
}

// PeerPrimaryRays returns the harness's w*h primary rays: the camera's
// pixels in 8×8 tiles, each tile in 4×2 blocks (row by row), as
// embree_bench orders them.
func PeerPrimaryRays(c *PeerCamera, w, h int) []Ray {
	rays := make([]Ray, 0, w*h)
	for ty := 0; ty < h; ty += 8 {
		for tx := 0; tx < w; tx += 8 {
			for by := 0; by < 8; by += 2 {
				for bx := 0; bx < 8; bx += 4 {
					for j := 0; j < 2; j++ {
						for i := 0; i < 4; i++ {
							x, y := tx+bx+i, ty+by+j
							if x >= w || y >= h {
								continue
							}
							rays = append(rays, Ray{Origin: c.Eye, Direction: c.Dir(x, y, w, h)})
						}
					}
				}
			}
		}
	}
	return rays
}

// splitmix64 is the harness's random number generator.
type splitmix64 uint64

func (g *splitmix64) next() uint64 {
	*g += 0x9e3779b97f4a7c15
	z := uint64(*g)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (g *splitmix64) float() float32 { return float32(g.next()>>40) * (1.0 / 16777216) }

// PeerIncoherentRays returns the harness's n incoherent rays: origins
// uniform in [lo, hi], directions uniform on the sphere, from splitmix64
// seeded with seed (the harness's default is 12345).
func PeerIncoherentRays(lo, hi [3]float32, n int, seed uint64) []Ray {
	g := splitmix64(seed)
	rays := make([]Ray, n)
	for i := range rays {
		r := &rays[i]
		for k := 0; k < 3; k++ {
			r.Origin[k] = fma32(g.float(), hi[k]-lo[k], lo[k])
		}
		z := fma32(-2, g.float(), 1)
		phi := float32(2*float32(math.Pi)) * g.float()
		s := sqrt32(max(0, fma32(-z, z, 1)))
		r.Direction = [3]float32{s * float32(math.Cos(float64(phi))), s * float32(math.Sin(float64(phi))), z}
	}
	return rays
}

// PeerShadowRays returns the harness's shadow rays: one per primary ray
// that hit (t >= 0), from the hit point moved off the surface by 1e-4 of
// the camera's radius along the unit geometric normal n (turned against
// the ray), towards the light (-0.5, 1, 0.8).
func PeerShadowRays(c *PeerCamera, primary []Ray, t []float32, n [][3]float32) []Ray {
	light := [3]float32{-0.5, 1, 0.8}
	norm3(&light)
	var out []Ray
	for i, r := range primary {
		if t[i] < 0 {
			continue
		}
		nn := n[i]
		norm3(&nn)
		d := r.Direction
		if fma32(nn[2], d[2], fma32(nn[1], d[1], nn[0]*d[0])) > 0 {
			nn = [3]float32{-nn[0], -nn[1], -nn[2]}
		}
		var o [3]float32
		for k := 0; k < 3; k++ {
			o[k] = fma32(1e-4*c.Radius, nn[k], fma32(t[i], d[k], r.Origin[k]))
		}
		out = append(out, Ray{Origin: o, Direction: light})
	}
	return out
}
