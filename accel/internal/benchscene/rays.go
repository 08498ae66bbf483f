package benchscene

import (
	"math"
	"math/rand/v2"
)

// Ray is a ray as origin and direction.
type Ray struct {
	Origin, Direction [3]float32
}

// Bounds returns the bounding box of the mesh.
func (m *Mesh) Bounds() (lo, hi [3]float32) {
	for k := 0; k < 3; k++ {
		lo[k], hi[k] = float32(math.Inf(1)), float32(math.Inf(-1))
	}
	for i := 0; i+2 < len(m.Positions); i += 3 {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], m.Positions[i+k])
			hi[k] = max(hi[k], m.Positions[i+k])
		}
	}
	return
}

// CameraRays returns w*h primary rays of a pinhole camera in front of the
// box (looking along -z at its centre, 45° vertical field of view, placed so
// the box fills the view), in scanline order.
func CameraRays(lo, hi [3]float32, w, h int) []Ray {
	c := [3]float32{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}
	ext := max(hi[0]-lo[0], hi[1]-lo[1])
	fov := float32(math.Tan(math.Pi / 8))
	dist := ext/2/fov + (hi[2]-lo[2])/2
	eye := [3]float32{c[0], c[1], c[2] + dist}
	rays := make([]Ray, 0, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			px := (2*(float32(x)+0.5)/float32(w) - 1) * fov * float32(w) / float32(h)
			py := (1 - 2*(float32(y)+0.5)/float32(h)) * fov
			d := [3]float32{px, py, -1}
			n := float32(math.Sqrt(float64(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])))
			rays = append(rays, Ray{Origin: eye, Direction: [3]float32{d[0] / n, d[1] / n, d[2] / n}})
		}
	}
	return rays
}

// IncoherentRays returns n rays with uniformly random directions: half start
// on random points of random triangles of m (slightly offset along the
// direction), half at random points inside the bounds. The sequence depends
// only on seed.
func IncoherentRays(m *Mesh, n int, seed uint64) []Ray {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	lo, hi := m.Bounds()
	diag := float32(math.Sqrt(float64((hi[0]-lo[0])*(hi[0]-lo[0]) + (hi[1]-lo[1])*(hi[1]-lo[1]) + (hi[2]-lo[2])*(hi[2]-lo[2]))))
	rays := make([]Ray, n)
	for i := range rays {
		d := RandomDirection(rng)
		var o [3]float32
		if i%2 == 0 && m.Triangles() > 0 {
			t := rng.IntN(m.Triangles())
			u, v := rng.Float32(), rng.Float32()
			if u+v > 1 {
				u, v = 1-u, 1-v
			}
			for k := 0; k < 3; k++ {
				a := m.Positions[3*m.Indices[3*t]+uint32(k)]
				b := m.Positions[3*m.Indices[3*t+1]+uint32(k)]
				c := m.Positions[3*m.Indices[3*t+2]+uint32(k)]
				o[k] = a + (b-a)*u + (c-a)*v + d[k]*diag*1e-4
			}
		} else {
			for k := 0; k < 3; k++ {
				o[k] = lo[k] + (hi[k]-lo[k])*rng.Float32()
			}
		}
		rays[i] = Ray{Origin: o, Direction: d}
	}
	return rays
}

// RandomDirection returns a uniformly distributed unit vector.
func RandomDirection(rng *rand.Rand) [3]float32 {
	z := 2*rng.Float64() - 1
	a := 2 * math.Pi * rng.Float64()
	r := math.Sqrt(1 - z*z)
	return [3]float32{float32(r * math.Cos(a)), float32(r * math.Sin(a)), float32(z)}
}

// BoxRays returns n rays from uniformly random points inside [lo, hi] in
// uniformly random directions; the sequence depends only on seed.
func BoxRays(lo, hi [3]float32, n int, seed uint64) []Ray {
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	rays := make([]Ray, n)
	for i := range rays {
		var o [3]float32
		for k := 0; k < 3; k++ {
			o[k] = lo[k] + (hi[k]-lo[k])*rng.Float32()
		}
		rays[i] = Ray{Origin: o, Direction: RandomDirection(rng)}
	}
	return rays
}
