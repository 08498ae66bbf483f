// Package rasterbench holds the inputs of the raster benchmarks shared with
// the peer harnesses (../shared/peers: fauxgl_bench, gl_bench): the bunny
// mesh with area-weighted smooth normals, the common camera and light, and
// a native-Go rasterizer of the same Phong frame as the baseline that
// `ingot bench raster` measures beside the MSL pipeline.
package rasterbench

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// Mesh is an indexed triangle mesh: Verts holds 6 floats per vertex
// (position, unit normal).
type Mesh struct {
	Verts    []float32
	Indices  []uint32
	Min, Max mgl32.Vec3
}

// Triangles returns the number of triangles.
func (m *Mesh) Triangles() int { return len(m.Indices) / 3 }

// LoadOBJ reads the v and f lines of an OBJ file (polygons are fanned) and
// gives every vertex the normalized sum of its faces' unnormalized
// normals, as the peers do.
func LoadOBJ(path string) (*Mesh, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var pos []mgl32.Vec3
	m := &Mesh{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "v":
			if len(fs) < 4 {
				return nil, fmt.Errorf("%s:%d: a vertex needs three coordinates", path, line)
			}
			var p mgl32.Vec3
			for i := range 3 {
				v, err := strconv.ParseFloat(fs[1+i], 32)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %w", path, line, err)
				}
				p[i] = float32(v)
			}
			pos = append(pos, p)
		case "f":
			var idx []uint32
			for _, s := range fs[1:] {
				s, _, _ = strings.Cut(s, "/")
				v, err := strconv.Atoi(s)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %w", path, line, err)
				}
				if v < 0 {
					v += len(pos) + 1
				}
				if v < 1 || v > len(pos) {
					return nil, fmt.Errorf("%s:%d: vertex %d out of range", path, line, v)
				}
				idx = append(idx, uint32(v-1))
			}
			for i := 1; i+1 < len(idx); i++ {
				m.Indices = append(m.Indices, idx[0], idx[i], idx[i+1])
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(pos) == 0 || len(m.Indices) == 0 {
		return nil, fmt.Errorf("%s: no triangles", path)
	}
	nrm := make([]mgl32.Vec3, len(pos))
	for i := 0; i < len(m.Indices); i += 3 {
		a, b, c := pos[m.Indices[i]], pos[m.Indices[i+1]], pos[m.Indices[i+2]]
		n := b.Sub(a).Cross(c.Sub(a))
		for _, k := range m.Indices[i : i+3] {
			nrm[k] = nrm[k].Add(n)
		}
	}
	m.Min, m.Max = pos[0], pos[0]
	for i, p := range pos {
		n := nrm[i]
		if l := n.Len(); l > 0 {
			n = n.Mul(1 / l)
		}
		m.Verts = append(m.Verts, p[0], p[1], p[2], n[0], n[1], n[2])
		for c := range 3 {
			m.Min[c], m.Max[c] = min(m.Min[c], p[c]), max(m.Max[c], p[c])
		}
	}
	return m, nil
}

// BunnyPath returns the path of the shared bunny mesh: $INGOT_SCENES, or
// shared/scenes found beside the working directory or one of its parents.
func BunnyPath() string {
	rel := filepath.Join("bunny", "bunny.obj")
	if d := os.Getenv("INGOT_SCENES"); d != "" {
		return filepath.Join(d, rel)
	}
	dir, _ := os.Getwd()
	for range 5 {
		c := filepath.Join(dir, "..", "shared", "scenes", rel)
		if _, err := os.Stat(c); err == nil {
			return c
		}
		dir = filepath.Dir(dir)
	}
	return filepath.Join("..", "shared", "scenes", rel)
}

// Camera is the peers' view of a mesh: from the centre of its bounds along
// (0.4, 0.3, 1), a 40° vertical field of view at the distance where the
// bounding sphere just fits, near 0.5·(d−r), far d+2r, the light towards
// (−0.5, 1, 0.8).
type Camera struct {
	MVP   mgl32.Mat4 // onto Metal clip space (z in [0, w])
	Eye   mgl32.Vec3
	Light mgl32.Vec3
}

// NewCamera returns the peers' camera for m on a w×h target.
func NewCamera(m *Mesh, w, h int) Camera {
	center := m.Min.Add(m.Max).Mul(0.5)
	radius := float64(m.Max.Sub(m.Min).Len()) / 2
	dist := radius / math.Sin(20*math.Pi/180)
	eye := center.Add(mgl32.Vec3{0.4, 0.3, 1}.Normalize().Mul(float32(dist)))
	near, far := 0.5*(dist-radius), dist+2*radius
	f := 1 / math.Tan(20*math.Pi/180)
	aspect := float64(w) / float64(h)
	proj := mgl32.Mat4{
		float32(f / aspect), 0, 0, 0,
		0, float32(f), 0, 0,
		0, 0, float32(far / (near - far)), -1,
		0, 0, float32(near * far / (near - far)), 0,
	}
	return Camera{MVP: proj.Mul4(mgl32.LookAtV(eye, center, mgl32.Vec3{0, 1, 0})), Eye: eye, Light: mgl32.Vec3{-0.5, 1, 0.8}.Normalize()}
}

// Uniforms returns the MSL Uniforms struct of the benchmark's shader
// (float4x4 mvp; float3 light; float3 eye) as floats.
func (c Camera) Uniforms() []float32 {
	u := make([]float32, 24)
	copy(u, c.MVP[:])
	copy(u[16:], c.Light[:])
	copy(u[20:], c.Eye[:])
	return u
}

// PhongMSL is the per-pixel Phong shader of the peers' benchmark (fauxgl's
// PhongShader, gl_bench's GLSL): ambient 0.2, diffuse 0.8, specular
// 1.0^32, object colour #468966.
const PhongMSL = `#include <metal_stdlib>
using namespace metal;
struct Uniforms { float4x4 mvp; float3 light; float3 eye; };
struct VIn { float3 position [[attribute(0)]]; float3 normal [[attribute(1)]]; };
struct VOut { float4 position [[position]]; float3 world; float3 normal; };
vertex VOut phong_vertex(VIn in [[stage_in]], constant Uniforms& u [[buffer(1)]]) {
    VOut o;
    o.position = u.mvp * float4(in.position, 1.0);
    o.world = in.position;
    o.normal = in.normal;
    return o;
}
fragment float4 phong_fragment(VOut in [[stage_in]], constant Uniforms& u [[buffer(1)]]) {
    float3 n = normalize(in.normal);
    float3 color = float3(0x46, 0x89, 0x66) / 255.0;
    float diffuse = max(dot(n, u.light), 0.0);
    float light = 0.2 + 0.8 * diffuse;
    if (diffuse > 0.0) {
        float3 camera = normalize(u.eye - in.world);
        float3 reflected = reflect(-u.light, n);
        float specular = max(dot(camera, reflected), 0.0);
        if (specular > 0.0) {
            light += pow(specular, 32.0);
        }
    }
    return float4(min(color * light, 1.0), 1.0);
}
`

// ClearColor is the peers' clear colour #FFF8E3.
var ClearColor = [4]float64{1, 0.973, 0.89, 1}
