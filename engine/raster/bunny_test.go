package raster

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// mesh is an indexed triangle mesh with per-vertex normals.
type mesh struct {
	pos, nrm [][3]float32
	idx      []uint32
}

var (
	bunnyOnce sync.Once
	bunny     *mesh
	bunnyErr  error
)

// loadBunny reads the Stanford bunny from the shared scenes folder
// (../shared/scenes relative to the repository root), or skips.
func loadBunny(tb testing.TB) *mesh {
	tb.Helper()
	bunnyOnce.Do(func() {
		path := filepath.Join("..", "..", "..", "shared", "scenes", "bunny", "bunny.obj")
		f, err := os.Open(path)
		if err != nil {
			bunnyErr = err
			return
		}
		defer f.Close()
		m := &mesh{}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 4 {
				continue
			}
			switch fs[0] {
			case "v":
				var v [3]float32
				for i := range 3 {
					x, _ := strconv.ParseFloat(fs[1+i], 32)
					v[i] = float32(x)
				}
				m.pos = append(m.pos, v)
			case "f":
				for i := range 3 {
					n, _ := strconv.Atoi(strings.Split(fs[1+i], "/")[0])
					m.idx = append(m.idx, uint32(n-1))
				}
			}
		}
		m.nrm = make([][3]float32, len(m.pos))
		for t := 0; t+2 < len(m.idx); t += 3 {
			a, b, c := m.pos[m.idx[t]], m.pos[m.idx[t+1]], m.pos[m.idx[t+2]]
			u := [3]float32{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
			v := [3]float32{c[0] - a[0], c[1] - a[1], c[2] - a[2]}
			n := [3]float32{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
			for k := range 3 {
				for j := range 3 {
					m.nrm[m.idx[t+k]][j] += n[j]
				}
			}
		}
		bunny, bunnyErr = m, sc.Err()
	})
	if bunnyErr != nil {
		tb.Skipf("bunny not available: %v", bunnyErr)
	}
	return bunny
}

// bunnyVertices projects the bunny into clip space for a square target with a
// simple perspective camera; varyings are the normal (3 floats).
func bunnyVertices(m *mesh) *VertexOutputs {
	v := &VertexOutputs{Count: len(m.pos), Stride: 3}
	// The bunny spans about x ∈ [−0.095, 0.06], y ∈ [0.03, 0.19].
	const f, n, far = 4.5, 0.1, 10.0
	A, B := far/(n-far), n*far/(n-far)
	for i, p := range m.pos {
		x, y, z := float64(p[0])+0.017, float64(p[1])-0.11, float64(p[2])-0.45
		v.Position = append(v.Position, float32(f*x), float32(f*y), float32(A*z+B), float32(-z))
		nn := m.nrm[i]
		l := float32(math.Sqrt(float64(nn[0]*nn[0] + nn[1]*nn[1] + nn[2]*nn[2])))
		if l == 0 {
			l = 1
		}
		v.Varyings = append(v.Varyings, nn[0]/l, nn[1]/l, nn[2]/l)
	}
	return v
}

// phong is the benchmark's fragment work: Blinn-Phong of the interpolated
// normal against a fixed light, scalar per lane.
func phong(nx, ny, nz float32) (r, g, b float32) {
	l := 1 / float32(math.Sqrt(float64(nx*nx+ny*ny+nz*nz)))
	nx, ny, nz = nx*l, ny*l, nz*l
	const lx, ly, lz = 0.4082483, 0.4082483, 0.8164966 // normalize(1, 1, 2)
	const hx, hy, hz = 0.2113249, 0.2113249, 0.9544271 // half vector with view (0,0,1)
	d := max(nx*lx+ny*ly+nz*lz, 0)
	s := max(nx*hx+ny*hy+nz*hz, 0)
	s *= s
	s *= s
	s *= s
	s *= s
	s *= s // ^32
	return 0.1 + 0.7*d + 0.4*s, 0.1 + 0.6*d + 0.4*s, 0.12 + 0.5*d + 0.4*s
}

// phongShader shades batches with phong; frags counts covered lanes per
// worker.
type phongShader struct{ frags []int }

func (p *phongShader) Shade(worker int, b *FragmentBatch) error {
	nx, ny, nz := b.Varyings[0], b.Varyings[1], b.Varyings[2]
	cr, cg, cb, ca := b.Color[0][0], b.Color[0][1], b.Color[0][2], b.Color[0][3]
	for L := range b.N {
		cr[L], cg[L], cb[L] = phong(nx[L], ny[L], nz[L])
		ca[L] = 1
	}
	if p.frags != nil {
		p.frags[worker] += bits64(b.Covered)
	}
	return nil
}

func bits64(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// bunnyDraw returns the bunny's draw with depth testing and back-face culling.
func bunnyDraw(m *mesh, v *VertexOutputs, w, h int, sh FragmentShader) *Draw {
	st := defaultState(w, h)
	st.Cull = CullBack
	st.Front = CounterClockwise // OBJ winding
	st.DepthStencil = DepthStencil{DepthCompare: CompareLess, DepthWrite: true}
	return &Draw{Topology: TriangleList, Vertices: v, Indices: m.idx, State: st, Shader: sh, ColorMask: 1, Flags: FlagPixels,
		SampleMask: ^uint32(0), Interp: interps(3, InterpPerspective)}
}
