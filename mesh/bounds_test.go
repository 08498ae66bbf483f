package mesh_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/mesh"
)

// frontFacing reports whether triangle (a, b, c) faces eye, in float64:
// dot(cross(b-a, c-a), eye-a) > 0.
func frontFacing(a, b, c, eye [3]float32) bool {
	var p, q, e [3]float64
	for k := range 3 {
		p[k] = float64(b[k]) - float64(a[k])
		q[k] = float64(c[k]) - float64(a[k])
		e[k] = float64(eye[k]) - float64(a[k])
	}
	n := [3]float64{p[1]*q[2] - p[2]*q[1], p[2]*q[0] - p[0]*q[2], p[0]*q[1] - p[1]*q[0]}
	return n[0]*e[0]+n[1]*e[1]+n[2]*e[2] > 0
}

// randomEye returns a point at a random direction and a distance between
// 0.05 and 20 mesh radii from c, so some eyes are inside the mesh.
func randomEye(r *rand.Rand, c [3]float32, radius float32) [3]float32 {
	for {
		d := [3]float32{r.Float32()*2 - 1, r.Float32()*2 - 1, r.Float32()*2 - 1}
		l := float32(math.Sqrt(float64(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])))
		if l < 0.1 || l > 1 {
			continue
		}
		s := radius * float32(math.Exp(r.Float64()*math.Log(400))) * 0.05 / l
		return [3]float32{c[0] + d[0]*s, c[1] + d[1]*s, c[2] + d[2]*s}
	}
}

func extent(pos [][3]float32) ([3]float32, float32) {
	lo, hi := pos[0], pos[0]
	for _, p := range pos {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	c := [3]float32{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}
	d := [3]float32{hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}
	return c, float32(math.Sqrt(float64(d[0]*d[0]+d[1]*d[1]+d[2]*d[2]))) / 2
}

// TestConeNeverCullsVisible draws many random viewpoints (outside and
// inside the mesh) and checks that no meshlet the cone test rejects has a
// triangle facing the viewer; it also requires the test to reject some.
func TestConeNeverCullsVisible(t *testing.T) {
	type shape struct {
		name string
		pos  [][3]float32
		idx  []uint32
	}
	tp, ti := torusMesh(96, 48)
	shapes := []shape{{"torus", tp, ti}}
	views := 300
	if bp, bi := bunnyOrNil(t); bp != nil {
		shapes = append(shapes, shape{"bunny", bp, bi})
	}
	r := rand.New(rand.NewPCG(7, 7))
	for _, sh := range shapes {
		for _, cw := range []float32{0, 0.25, 1} {
			s, err := mesh.Build(context.Background(), sh.pos, sh.idx, mesh.Options{ConeWeight: cw})
			if err != nil {
				t.Fatal(err)
			}
			c, rad := extent(sh.pos)
			culled, total := 0, 0
			for range views {
				eye := randomEye(r, c, rad)
				for m := range s.Meshlets {
					total++
					if !s.Bounds[m].BackFacing(eye) {
						continue
					}
					culled++
					for tri := range int(s.Meshlets[m].TriangleCount) {
						g := s.Triangle(m, tri)
						if frontFacing(sh.pos[g[0]], sh.pos[g[1]], sh.pos[g[2]], eye) {
							t.Fatalf("%s cw=%v: meshlet %d culled from %v but triangle %d faces it", sh.name, cw, m, eye, tri)
						}
					}
				}
			}
			t.Logf("%s cone weight %.2f: %.1f %% of meshlets back-facing over %d views", sh.name, cw, 100*float64(culled)/float64(total), views)
			if culled == 0 {
				t.Errorf("%s: the cone test never culls", sh.name)
			}
		}
	}
}

func bunnyOrNil(t *testing.T) ([][3]float32, []uint32) {
	var pos [][3]float32
	var idx []uint32
	t.Run("load bunny", func(t *testing.T) { pos, idx = loadBunny(t) })
	return pos, idx
}

func TestSphereHoldsVertices(t *testing.T) {
	for _, n := range []int{3, 16, 64} {
		pos, idx := soupMesh(500, uint64(n))
		tp, ti := torusMesh(40, 20)
		for _, m := range [][2]any{{pos, idx}, {tp, ti}} {
			p, i := m[0].([][3]float32), m[1].([]uint32)
			s, err := mesh.Build(context.Background(), p, i, mesh.Options{MaxVertices: n})
			if err != nil {
				t.Fatal(err)
			}
			for k, ml := range s.Meshlets {
				b := s.Bounds[k]
				for _, v := range s.Vertices[ml.VertexOffset : ml.VertexOffset+ml.VertexCount] {
					var d2 float64
					for j := range 3 {
						d := float64(p[v][j]) - float64(b.Center[j])
						d2 += d * d
					}
					if math.Sqrt(d2) > float64(b.Radius) {
						t.Fatalf("meshlet %d: vertex %d at distance %g outside radius %g", k, v, math.Sqrt(d2), b.Radius)
					}
				}
			}
		}
	}
}

// perspective returns a column-major Metal projection (z in [0, 1]) times a
// look-at view from eye towards at with +y up.
func perspective(eye, at [3]float32, fovy, aspect, near, far float32) [16]float32 {
	f := sub(at, eye)
	f = norm(f)
	s := norm(cross(f, [3]float32{0, 1, 0}))
	u := cross(s, f)
	view := [16]float32{
		s[0], u[0], -f[0], 0,
		s[1], u[1], -f[1], 0,
		s[2], u[2], -f[2], 0,
		-dot(s, eye), -dot(u, eye), dot(f, eye), 1,
	}
	y := 1 / float32(math.Tan(float64(fovy)/2))
	proj := [16]float32{y / aspect, 0, 0, 0, 0, y, 0, 0, 0, 0, far / (near - far), -1, 0, 0, near * far / (near - far), 0}
	return mul(proj, view)
}

func mul(a, b [16]float32) [16]float32 {
	var m [16]float32
	for c := range 4 {
		for r := range 4 {
			for k := range 4 {
				m[c*4+r] += a[k*4+r] * b[c*4+k]
			}
		}
	}
	return m
}

func sub(a, b [3]float32) [3]float32 { return [3]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot(a, b [3]float32) float32    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross(a, b [3]float32) [3]float32 {
	return [3]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func norm(a [3]float32) [3]float32 {
	l := float32(math.Sqrt(float64(dot(a, a))))
	return [3]float32{a[0] / l, a[1] / l, a[2] / l}
}

// TestFrustumNeverCullsVisible checks from random cameras that no meshlet
// the sphere test rejects has a vertex inside the clip volume, and that
// some are rejected.
func TestFrustumNeverCullsVisible(t *testing.T) {
	pos, idx := torusMesh(96, 48)
	s, err := mesh.Build(context.Background(), pos, idx, mesh.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 9))
	culled := 0
	for range 200 {
		eye := randomEye(r, [3]float32{}, 1.5)
		at := [3]float32{r.Float32() - 0.5, r.Float32() - 0.5, r.Float32() - 0.5}
		m := perspective(eye, at, 0.3+r.Float32(), 0.5+r.Float32(), 0.01, 10)
		planes := mesh.FrustumPlanes(&m)
		for k, ml := range s.Meshlets {
			if !s.Bounds[k].OutsideFrustum(&planes) {
				continue
			}
			culled++
			for _, v := range s.Vertices[ml.VertexOffset : ml.VertexOffset+ml.VertexCount] {
				p := pos[v]
				var c [4]float32
				for row := range 4 {
					c[row] = m[row]*p[0] + m[4+row]*p[1] + m[8+row]*p[2] + m[12+row]
				}
				if c[3] > 0 && math.Abs(float64(c[0])) <= float64(c[3]) && math.Abs(float64(c[1])) <= float64(c[3]) && c[2] >= 0 && c[2] <= c[3] {
					t.Fatalf("meshlet %d culled but vertex %d is inside the clip volume (%v)", k, v, c)
				}
			}
		}
	}
	if culled == 0 {
		t.Error("the frustum test never culls")
	}
}
