package deferred

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl32"
)

// DemoScene is a ground plane with a grid of boxes seen from above at an
// angle, lit by lights point lights (at most MaxLights) of small radius
// scattered over it; seed picks the lights and the boxes' colours.
func DemoScene(lights int, seed uint64) *Scene {
	rng := rand.New(rand.NewPCG(seed, 17))
	s := &Scene{Background: [4]float32{0.05, 0.05, 0.1, 1}}
	quad := func(p0, p1, p2, p3 mgl32.Vec3, col [3]float32) {
		n := p1.Sub(p0).Cross(p3.Sub(p0)).Normalize()
		for _, p := range []mgl32.Vec3{p0, p1, p2, p0, p2, p3} {
			s.Vertices = append(s.Vertices, Vertex{Pos: p, Normal: n, Albedo: col})
		}
	}
	// Ground: 16 × 16 quads over [-8, 8]².
	for z := -8; z < 8; z++ {
		for x := -8; x < 8; x++ {
			c := float32(0.6)
			if (x+z)&1 == 0 {
				c = 0.8
			}
			fx, fz := float32(x), float32(z)
			quad(mgl32.Vec3{fx, 0, fz}, mgl32.Vec3{fx, 0, fz + 1}, mgl32.Vec3{fx + 1, 0, fz + 1}, mgl32.Vec3{fx + 1, 0, fz}, [3]float32{c, c, c})
		}
	}
	// Boxes on a 5 × 5 grid.
	for bz := -2; bz <= 2; bz++ {
		for bx := -2; bx <= 2; bx++ {
			col := [3]float32{0.3 + 0.7*rng.Float32(), 0.3 + 0.7*rng.Float32(), 0.3 + 0.7*rng.Float32()}
			cx, cz, hh := float32(bx)*3, float32(bz)*3, 0.5+rng.Float32()
			box(quad, mgl32.Vec3{cx - 0.5, 0, cz - 0.5}, mgl32.Vec3{cx + 0.5, hh, cz + 0.5}, col)
		}
	}
	for range min(lights, MaxLights) {
		s.Lights = append(s.Lights, Light{
			Pos:    [3]float32{rng.Float32()*16 - 8, 0.3 + 1.5*rng.Float32(), rng.Float32()*16 - 8},
			Radius: 1.5 + 1.5*rng.Float32(),
			Color:  [3]float32{0.5 + rng.Float32(), 0.5 + rng.Float32(), 0.5 + rng.Float32()},
		})
	}
	proj := mgl32.Perspective(float32(50*math.Pi/180), 1, 0.5, 60)
	// OpenGL's z in [-1, 1] to Metal's [0, 1].
	zfix := mgl32.Mat4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.5, 0, 0, 0, 0.5, 1}
	view := mgl32.LookAtV(mgl32.Vec3{0, 14, 14}, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
	s.ViewProj = zfix.Mul4(proj).Mul4(view)
	return s
}

// box adds the five visible faces of an axis-aligned box.
func box(quad func(p0, p1, p2, p3 mgl32.Vec3, col [3]float32), lo, hi mgl32.Vec3, col [3]float32) {
	v := func(x, y, z int) mgl32.Vec3 {
		pick := func(i int, a, b float32) float32 {
			if i == 0 {
				return a
			}
			return b
		}
		return mgl32.Vec3{pick(x, lo[0], hi[0]), pick(y, lo[1], hi[1]), pick(z, lo[2], hi[2])}
	}
	quad(v(0, 1, 0), v(0, 1, 1), v(1, 1, 1), v(1, 1, 0), col) // top
	quad(v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1), col) // +z
	quad(v(0, 0, 0), v(0, 1, 0), v(1, 1, 0), v(1, 0, 0), col) // -z
	quad(v(1, 0, 0), v(1, 1, 0), v(1, 1, 1), v(1, 0, 1), col) // +x
	quad(v(0, 0, 0), v(0, 0, 1), v(0, 1, 1), v(0, 1, 0), col) // -x
}
