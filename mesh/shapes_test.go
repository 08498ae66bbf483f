package mesh_test

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/objload"
)

// gridMesh is an n×n quad grid in the z = 0 plane, two triangles per quad.
func gridMesh(n int) ([][3]float32, []uint32) {
	pos := make([][3]float32, 0, (n+1)*(n+1))
	for y := 0; y <= n; y++ {
		for x := 0; x <= n; x++ {
			pos = append(pos, [3]float32{float32(x), float32(y), 0})
		}
	}
	idx := make([]uint32, 0, 6*n*n)
	for y := range n {
		for x := range n {
			a := uint32(y*(n+1) + x)
			b, c, d := a+1, a+uint32(n+1), a+uint32(n+2)
			idx = append(idx, a, b, d, a, d, c)
		}
	}
	return pos, idx
}

// torusMesh is a closed torus with outward counter-clockwise triangles.
func torusMesh(nu, nv int) ([][3]float32, []uint32) {
	var pos [][3]float32
	for i := range nu {
		u := 2 * math.Pi * float64(i) / float64(nu)
		for j := range nv {
			v := 2 * math.Pi * float64(j) / float64(nv)
			r := 1 + 0.35*math.Cos(v)
			pos = append(pos, [3]float32{float32(r * math.Cos(u)), float32(r * math.Sin(u)), float32(0.35 * math.Sin(v))})
		}
	}
	var idx []uint32
	at := func(i, j int) uint32 { return uint32((i%nu)*nv + j%nv) }
	for i := range nu {
		for j := range nv {
			a, b, c, d := at(i, j), at(i+1, j), at(i+1, j+1), at(i, j+1)
			idx = append(idx, a, b, c, a, c, d)
		}
	}
	return pos, idx
}

// soupMesh is n unconnected random triangles (the k-d tree seeds every one).
func soupMesh(n int, seed uint64) ([][3]float32, []uint32) {
	r := rand.New(rand.NewPCG(seed, 1))
	pos := make([][3]float32, 3*n)
	idx := make([]uint32, 3*n)
	for t := range n {
		c := [3]float32{r.Float32() * 10, r.Float32() * 10, r.Float32() * 10}
		for k := range 3 {
			pos[3*t+k] = [3]float32{c[0] + r.Float32()*0.1, c[1] + r.Float32()*0.1, c[2] + r.Float32()*0.1}
			idx[3*t+k] = uint32(3*t + k)
		}
	}
	return pos, idx
}

// bunnyPath is the Stanford bunny of the shared scenes, relative to this
// package directory.
var bunnyPath = filepath.Join("..", "..", "shared", "scenes", "bunny", "bunny.obj")

// loadBunny returns the bunny's positions and indices, or skips.
func loadBunny(tb testing.TB) ([][3]float32, []uint32) {
	tb.Helper()
	if _, err := os.Stat(bunnyPath); err != nil {
		tb.Skipf("bunny not available: %v", err)
	}
	s, err := objload.Load(context.Background(), bunnyPath, model.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var pos [][3]float32
	var idx []uint32
	for _, m := range s.Meshes {
		for _, p := range m.Primitives {
			if p.Mode != model.Triangles {
				continue
			}
			base := uint32(len(pos))
			pos = append(pos, p.Positions...)
			for _, i := range p.Indices {
				idx = append(idx, base+i)
			}
		}
	}
	return pos, idx
}
