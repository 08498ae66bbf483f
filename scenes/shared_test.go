package scenes_test

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes"
)

// sharedDir is ../shared/scenes relative to the repository root.
const sharedDir = "../../shared/scenes"

// sharedModels lists every model file under sharedDir (skips if absent).
func sharedModels(t testing.TB) []string {
	t.Helper()
	if _, err := os.Stat(sharedDir); err != nil {
		t.Skipf("shared scenes not present: %v", err)
	}
	var out []string
	err := filepath.WalkDir(sharedDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".gltf", ".glb", ".obj":
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// readmeRendered are the "triangles rendered" figures of
// shared/scenes/README.md (node instancing and EXT_mesh_gpu_instancing
// expanded), keyed by file base name.
var readmeRendered = map[string]int{
	"AlphaBlendModeTest.gltf":               61,
	"Avocado.gltf":                          682,
	"BoxAnimated.gltf":                      254,
	"BoxAnimated.glb":                       254,
	"BoxTextured.gltf":                      12,
	"BoxTextured.glb":                       12,
	"Cameras.gltf":                          2,
	"CesiumMilkTruck.gltf":                  3624,
	"DamagedHelmet.gltf":                    15452,
	"DamagedHelmet.glb":                     15452,
	"Duck.glb":                              4212,
	"EmissiveStrengthTest.gltf":             90,
	"FlightHelmet.gltf":                     94722,
	"LightsPunctualLamp.gltf":               6000,
	"MetalRoughSpheresNoTextures.gltf":      1040409,
	"MetalRoughSpheresNoTextures.glb":       1040409,
	"NegativeScaleTest.gltf":                7724,
	"NormalTangentTest.gltf":                7774,
	"OrientationTest.gltf":                  524,
	"SimpleInstancing.gltf":                 1500,
	"TextureCoordinateTest.gltf":            10,
	"TextureSettingsTest.gltf":              72,
	"TwoSidedPlane.gltf":                    2,
	"VertexColorTest.gltf":                  36,
	"bunny.obj":                             69451,
	"SM_Deccer_Cubes_Textured_Complex.gltf": 228,
}

// expect holds counts computed independently of the importer.
type expect struct {
	triangles, rendered, materials, textures, cameras, lights int
	bounds                                                    scenes.Bounds
}

func TestSharedModelsLoad(t *testing.T) {
	models := sharedModels(t)
	if len(models) < 20 {
		t.Fatalf("found only %d models under %s", len(models), sharedDir)
	}
	for _, p := range models {
		t.Run(strings.TrimPrefix(p, sharedDir+"/"), func(t *testing.T) {
			s, err := scenes.Load(context.Background(), p, scenes.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var want expect
			if strings.HasSuffix(p, ".obj") {
				want = objExpect(t, p)
			} else {
				want = gltfExpect(t, p)
			}
			sum := s.Summary()
			if sum.Bounds == nil {
				t.Fatal("no bounds")
			}
			got := expect{sum.Triangles, sum.RenderedTriangles, sum.Materials, sum.Textures, sum.Cameras, sum.Lights, *sum.Bounds}
			if got.triangles != want.triangles || got.rendered != want.rendered || got.materials != want.materials ||
				got.textures != want.textures || got.cameras != want.cameras || got.lights != want.lights {
				t.Errorf("counts tri/rendered/mat/tex/cam/lights = %d/%d/%d/%d/%d/%d, want %d/%d/%d/%d/%d/%d",
					got.triangles, got.rendered, got.materials, got.textures, got.cameras, got.lights,
					want.triangles, want.rendered, want.materials, want.textures, want.cameras, want.lights)
			}
			if r, ok := readmeRendered[filepath.Base(p)]; ok && sum.RenderedTriangles != r {
				t.Errorf("rendered triangles %d, README says %d", sum.RenderedTriangles, r)
			}
			if !boundsClose(got.bounds, want.bounds) {
				t.Errorf("bounds %v, want %v", got.bounds, want.bounds)
			}
			for i, tx := range s.Textures {
				if tx.Image < 0 || s.Images[tx.Image] == nil {
					t.Errorf("texture %d has no decoded image", i)
					continue
				}
				im := s.Images[tx.Image]
				last := im.Levels[len(im.Levels)-1]
				if last.Width != 1 || last.Height != 1 {
					t.Errorf("texture %d: mip chain ends at %dx%d", i, last.Width, last.Height)
				}
			}
			for mi, m := range s.Meshes {
				for pi := range m.Primitives {
					pr := &m.Primitives[pi]
					if pr.Normals == nil && pr.Mode == 0 {
						t.Errorf("mesh %d primitive %d: no normals", mi, pi)
					}
				}
			}
		})
	}
}

func boundsClose(a, b scenes.Bounds) bool {
	size := 0.0
	for k := 0; k < 3; k++ {
		size = math.Max(size, float64(b.Max[k]-b.Min[k]))
	}
	tol := 1e-4*size + 1e-6
	for k := 0; k < 3; k++ {
		if math.Abs(float64(a.Min[k]-b.Min[k])) > tol || math.Abs(float64(a.Max[k]-b.Max[k])) > tol {
			return false
		}
	}
	return true
}

// gltfExpect computes counts and bounds from the document alone: triangle
// counts from index/position accessor counts, bounds from POSITION
// accessor min/max through float64 node transforms.
func gltfExpect(t *testing.T, p string) expect {
	doc, err := gltf.Open(p)
	if err != nil {
		t.Fatalf("reference open: %v", err)
	}
	var e expect
	e.materials, e.textures, e.cameras = len(doc.Materials), len(doc.Textures), len(doc.Cameras)
	if raw, ok := doc.Extensions["KHR_lights_punctual"].(json.RawMessage); ok {
		var l struct{ Lights []json.RawMessage }
		_ = json.Unmarshal(raw, &l)
		e.lights = len(l.Lights)
	}
	meshTris := make([]int, len(doc.Meshes))
	for mi, m := range doc.Meshes {
		for _, pr := range m.Primitives {
			n := doc.Accessors[pr.Attributes["POSITION"]].Count
			if pr.Indices != nil {
				n = doc.Accessors[*pr.Indices].Count
			}
			switch pr.Mode {
			case gltf.PrimitiveTriangles:
				meshTris[mi] += n / 3
			case gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
				meshTris[mi] += max(n-2, 0)
			}
		}
		e.triangles += meshTris[mi]
	}
	e.bounds = scenes.Bounds{Min: [3]float32{inf, inf, inf}, Max: [3]float32{-inf, -inf, -inf}}
	var visit func(n int, parent [16]float64)
	visit = func(n int, parent [16]float64) {
		nd := doc.Nodes[n]
		world := mul(parent, local(nd))
		if nd.Mesh != nil {
			insts := [][16]float64{identity}
			if raw, ok := nd.Extensions["EXT_mesh_gpu_instancing"].(json.RawMessage); ok {
				insts = gpuInstances(t, doc, raw)
			}
			for _, inst := range insts {
				w := mul(world, inst)
				e.rendered += meshTris[*nd.Mesh]
				for _, pr := range doc.Meshes[*nd.Mesh].Primitives {
					a := doc.Accessors[pr.Attributes["POSITION"]]
					for c := 0; c < 8; c++ {
						v := [3]float64{a.Min[0], a.Min[1], a.Min[2]}
						for k := 0; k < 3; k++ {
							if c>>k&1 == 1 {
								v[k] = a.Max[k]
							}
						}
						for k := 0; k < 3; k++ {
							x := float32(w[k]*v[0] + w[4+k]*v[1] + w[8+k]*v[2] + w[12+k])
							e.bounds.Min[k] = min(e.bounds.Min[k], x)
							e.bounds.Max[k] = max(e.bounds.Max[k], x)
						}
					}
				}
			}
		}
		for _, c := range nd.Children {
			visit(c, world)
		}
	}
	sc := 0
	if doc.Scene != nil {
		sc = *doc.Scene
	}
	for _, n := range doc.Scenes[sc].Nodes {
		visit(n, identity)
	}
	return e
}

var (
	inf      = float32(math.Inf(1))
	identity = [16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
)

func mul(a, b [16]float64) [16]float64 {
	var m [16]float64
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			for k := 0; k < 4; k++ {
				m[c*4+r] += a[k*4+r] * b[c*4+k]
			}
		}
	}
	return m
}

func trs(t [3]float64, q [4]float64, s [3]float64) [16]float64 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	l := math.Sqrt(x*x + y*y + z*z + w*w)
	x, y, z, w = x/l, y/l, z/l, w/l
	r := [16]float64{
		1 - 2*(y*y+z*z), 2 * (x*y + z*w), 2 * (x*z - y*w), 0,
		2 * (x*y - z*w), 1 - 2*(x*x+z*z), 2 * (y*z + x*w), 0,
		2 * (x*z + y*w), 2 * (y*z - x*w), 1 - 2*(x*x+y*y), 0,
		t[0], t[1], t[2], 1,
	}
	for c := 0; c < 3; c++ {
		for k := 0; k < 3; k++ {
			r[c*4+k] *= s[c]
		}
	}
	return r
}

func local(n *gltf.Node) [16]float64 {
	if m := n.MatrixOrDefault(); m != identity {
		return m
	}
	return trs(n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault())
}

func gpuInstances(t *testing.T, doc *gltf.Document, raw json.RawMessage) [][16]float64 {
	var ext struct{ Attributes map[string]int }
	if err := json.Unmarshal(raw, &ext); err != nil {
		t.Fatal(err)
	}
	read := func(name string) [][]float64 {
		ai, ok := ext.Attributes[name]
		if !ok {
			return nil
		}
		a := doc.Accessors[ai]
		bv := doc.BufferViews[*a.BufferView]
		data := doc.Buffers[bv.Buffer].Data[bv.ByteOffset+a.ByteOffset:]
		n := a.Type.Components()
		out := make([][]float64, a.Count)
		for i := range out {
			for k := 0; k < n; k++ {
				o := 4 * (i*n + k)
				bits := uint32(data[o]) | uint32(data[o+1])<<8 | uint32(data[o+2])<<16 | uint32(data[o+3])<<24
				out[i] = append(out[i], float64(math.Float32frombits(bits)))
			}
		}
		return out
	}
	tr, ro, sc := read("TRANSLATION"), read("ROTATION"), read("SCALE")
	n := max(len(tr), len(ro), len(sc))
	out := make([][16]float64, n)
	for i := range out {
		tv, rv, sv := [3]float64{}, [4]float64{0, 0, 0, 1}, [3]float64{1, 1, 1}
		if tr != nil {
			tv = [3]float64(tr[i])
		}
		if ro != nil {
			rv = [4]float64(ro[i])
		}
		if sc != nil {
			sv = [3]float64(sc[i])
		}
		out[i] = trs(tv, rv, sv)
	}
	return out
}

// objExpect scans the OBJ text: triangles from polygon sizes, materials
// from distinct usemtl names, bounds from the vertices faces reference.
func objExpect(t *testing.T, p string) expect {
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var e expect
	var pos [][3]float32
	used := map[int]bool{}
	mats := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "v":
			var v [3]float32
			for k := 0; k < 3; k++ {
				x, _ := strconv.ParseFloat(fs[1+k], 32)
				v[k] = float32(x)
			}
			pos = append(pos, v)
		case "f":
			e.triangles += len(fs) - 3
			for _, c := range fs[1:] {
				i, _ := strconv.Atoi(strings.Split(c, "/")[0])
				if i < 0 {
					i += len(pos)
				} else {
					i--
				}
				used[i] = true
			}
		case "usemtl":
			mats[strings.Join(fs[1:], " ")] = true
		}
	}
	e.rendered, e.materials = e.triangles, len(mats)
	e.bounds = scenes.Bounds{Min: [3]float32{inf, inf, inf}, Max: [3]float32{-inf, -inf, -inf}}
	for i := range used {
		for k := 0; k < 3; k++ {
			e.bounds.Min[k] = min(e.bounds.Min[k], pos[i][k])
			e.bounds.Max[k] = max(e.bounds.Max[k], pos[i][k])
		}
	}
	return e
}
