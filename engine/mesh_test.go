package engine_test

import (
	"encoding/binary"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/internal/testkit"
)

// meshCubesSource is the seed's cube_stage followed by testdata/mesh_cubes.metal.
func meshCubesSource(t *testing.T) string {
	t.Helper()
	seed, err := os.ReadFile(filepath.Join("..", "shaders", "testdata", "seeds", "000_5.1.8_mesh_cube.metal"))
	if err != nil {
		t.Fatal(err)
	}
	extra, err := os.ReadFile(filepath.Join("testdata", "mesh_cubes.metal"))
	if err != nil {
		t.Fatal(err)
	}
	return string(seed) + "\n" + string(extra)
}

// viewProj is a column-major perspective (Metal clip z in [0, 1]) times a
// look-at from eye at the origin with +y up.
func viewProj(eye [3]float32, fovy, aspect, near, far float32) [16]float32 {
	f := norm3([3]float32{-eye[0], -eye[1], -eye[2]})
	s := norm3(cross3(f, [3]float32{0, 1, 0}))
	u := cross3(s, f)
	view := [16]float32{s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0,
		-vdot3(s, eye), -vdot3(u, eye), vdot3(f, eye), 1}
	y := 1 / float32(math.Tan(float64(fovy)/2))
	proj := [16]float32{y / aspect, 0, 0, 0, 0, y, 0, 0, 0, 0, far / (near - far), -1, 0, 0, near * far / (near - far), 0}
	var m [16]float32
	for c := range 4 {
		for r := range 4 {
			for k := range 4 {
				m[c*4+r] += proj[k*4+r] * view[c*4+k]
			}
		}
	}
	return m
}

func vdot3(a, b [3]float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross3(a, b [3]float32) [3]float32 {
	return [3]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func norm3(a [3]float32) [3]float32 {
	l := float32(math.Sqrt(float64(vdot3(a, a))))
	return [3]float32{a[0] / l, a[1] / l, a[2] / l}
}

func f32le(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// cubeScene holds the uniforms of the cube grid.
type cubeScene struct {
	view, grid []byte
}

func newCubeScene() cubeScene {
	m := viewProj([3]float32{1.5, 2.5, 9}, 0.8, 1, 0.5, 30)
	return cubeScene{view: f32le(m[:]...), grid: f32le(1.6, 0.45, 0, 0)}
}

func (r *renderRig) meshPipeline(lib *engine.Library, object, mesh, frag string, edit func(*engine.MeshRenderPipelineDescriptor)) (*engine.RenderPipelineState, error) {
	r.t.Helper()
	fn := func(name string) *engine.Function {
		if name == "" {
			return nil
		}
		f, err := lib.Function(name)
		if err != nil {
			r.t.Fatal(err)
		}
		return f
	}
	desc := &engine.MeshRenderPipelineDescriptor{ObjectFunction: fn(object), MeshFunction: fn(mesh), FragmentFunction: fn(frag)}
	desc.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
	if r.depth != nil {
		desc.DepthAttachmentPixelFormat = r.depth.PixelFormat()
	}
	if edit != nil {
		edit(desc)
	}
	return r.dev.NewMeshRenderPipelineState(desc)
}

// cubeDraw builds a pipeline and encodes a draw of the cube grid.
type cubeDraw struct {
	pipeline func(r *renderRig, lib *engine.Library) (*engine.RenderPipelineState, error)
	encode   func(e *engine.RenderCommandEncoder, sc cubeScene) error
}

// meshCubes: the seed's cube_stage fanned out by cube_grid.
var meshCubes = cubeDraw{
	pipeline: func(r *renderRig, lib *engine.Library) (*engine.RenderPipelineState, error) {
		return r.meshPipeline(lib, "cube_grid", "cube_stage", "cube_fragment", nil)
	},
	encode: func(e *engine.RenderCommandEncoder, sc cubeScene) error {
		e.SetObjectBytes(sc.grid, 1)
		e.SetMeshBytes(sc.view, 0)
		return e.DrawMeshThreadgroups(engine.Size{Width: 4, Height: 4, Depth: 1}, engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 12, Height: 1, Depth: 1})
	},
}

// vertexCubes draws the same cubes with the vertex pipeline and fragment
// function frag.
func vertexCubes(frag string) cubeDraw {
	return cubeDraw{
		pipeline: func(r *renderRig, lib *engine.Library) (*engine.RenderPipelineState, error) {
			return r.pipeline(lib, "cube_vertex", frag, nil)
		},
		encode: func(e *engine.RenderCommandEncoder, sc cubeScene) error {
			e.SetVertexBytes(sc.view, 0)
			e.SetVertexBytes(sc.grid, 1)
			return e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, 0, 36, 16, 0)
		},
	}
}

// renderCubes renders one cube draw into a 96×96 target with depth.
func renderCubes(t *testing.T, workers int, cd cubeDraw) *renderRig {
	t.Helper()
	r := newRenderRig(t, 96, 96, workers, true)
	lib := r.library(meshCubesSource(t))
	sc := newCubeScene()
	less := engine.CompareFunctionLess
	ds, err := r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := cd.pipeline(r, lib)
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{0.1, 0.1, 0.1, 1}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(p)
		e.SetDepthStencilState(ds)
		e.SetCullMode(engine.CullModeNone)
		return cd.encode(e, sc)
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// coverage counts the pixels that are not the clear colour.
func coverage(px []byte) int {
	n := 0
	for i := 0; i < len(px); i += 4 {
		if px[i] != 26 || px[i+1] != 26 || px[i+2] != 26 {
			n++
		}
	}
	return n
}

func (r *renderRig) image() *image.RGBA {
	return &image.RGBA{Pix: r.pixels(), Stride: 4 * r.w, Rect: image.Rect(0, 0, r.w, r.h)}
}

// TestMeshCubeGrid renders the seed's cube_stage fanned out by an object
// stage and compares it bit for bit with the vertex pipeline drawing the
// same cubes, on 1 and 3 workers, and with a golden image.
func TestMeshCubeGrid(t *testing.T) {
	m1 := renderCubes(t, 1, meshCubes)
	got := m1.pixels()
	v := renderCubes(t, 1, vertexCubes("cube_fragment")).pixels()
	if c := coverage(got); c < len(got)/16 || c > len(got)/4*7/8 {
		t.Fatalf("%d of %d pixels covered; the cubes are missing or fill the view", c, len(got)/4)
	}
	if diff := countDiff(got, v); diff != 0 {
		t.Errorf("mesh pipeline and vertex pipeline differ in %d of %d pixels", diff, len(got)/4)
	}
	if diff := countDiff(got, renderCubes(t, 3, meshCubes).pixels()); diff != 0 {
		t.Errorf("1 and 3 workers differ in %d pixels", diff)
	}
	testkit.GoldenImage(t, filepath.Join("testdata", "mesh_cubes.png"), m1.image(), testkit.Tolerance{PerChannel: 2, BadFraction: 0.002})
}

func countDiff(a, b []byte) int {
	n := 0
	for i := 0; i < len(a); i += 4 {
		if string(a[i:i+4]) != string(b[i:i+4]) {
			n++
		}
	}
	return n
}

// TestMeshFaults checks that a mesh function writing past its mesh's
// limits fails the command buffer naming the function and source line.
func TestMeshFaults(t *testing.T) {
	tests := []struct {
		fn, want, stmt string
	}{
		{"bad_vertex", "set_vertex index 4 is past the mesh's 4 vertices", "m.set_vertex(lane, v);"},
		{"bad_index", "set_index index 6 is past the mesh's 6 indices", "m.set_index(lane * 2u, uchar(0));"},
		{"bad_count", "set_primitive_count 3 is past the mesh's 2 primitives", "m.set_primitive_count(3);"},
		{"bad_word", "set_index index 4 is past the mesh's 6 indices", "m.set_indices(lane * 4u, as_type<uchar4>(0x00010203u));"},
		{"bad_word_align", "set_index index 2 is past the mesh's 6 indices (or not a multiple of the vector size)", "m.set_indices(2u, as_type<uchar4>(lane));"},
	}
	src := meshCubesSource(t)
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			r := newRenderRig(t, 8, 8, 2, false)
			lib := r.library(src)
			p, err := r.meshPipeline(lib, "", tc.fn, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
				e.SetRenderPipelineState(p)
				return e.DrawMeshThreadgroups(engine.Size{Width: 2, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 8, Height: 1, Depth: 1})
			})
			if err == nil {
				t.Fatal("no error")
			}
			line := strings.Count(src[:strings.Index(src, tc.stmt)], "\n") + 1
			at := fmt.Sprintf("test.metal:%d:", line)
			if !strings.Contains(err.Error(), " "+tc.fn+" ") || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), at) {
				t.Errorf("error %q does not name %s, %s and %q", err, tc.fn, at, tc.want)
			}
		})
	}
}

// TestMeshPayloadArray fans 16 cubes out of one object threadgroup: its
// threads fill a payload array and launch a mesh grid of 16 threadgroups.
func TestMeshPayloadArray(t *testing.T) {
	fan := cubeDraw{
		pipeline: func(r *renderRig, lib *engine.Library) (*engine.RenderPipelineState, error) {
			return r.meshPipeline(lib, "cube_fan", "cubes_stage", "cube_fragment", func(d *engine.MeshRenderPipelineDescriptor) {
				d.PayloadMemoryLength = 16 * 80 // cube_info_t[16]
			})
		},
		encode: func(e *engine.RenderCommandEncoder, sc cubeScene) error {
			e.SetObjectBytes(sc.grid, 1)
			e.SetMeshBytes(sc.view, 0)
			return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 16, Height: 1, Depth: 1}, engine.Size{Width: 12, Height: 1, Depth: 1})
		},
	}
	got := renderCubes(t, 2, fan).pixels()
	want := renderCubes(t, 2, vertexCubes("cube_fragment")).pixels()
	if d := countDiff(got, want); d != 0 || coverage(got) == 0 {
		t.Errorf("payload-array fan-out differs from the vertex pipeline in %d pixels (coverage %d)", d, coverage(got))
	}
}

// TestMeshDrawVariants draws the grid without an object stage through
// DrawMeshThreadgroups, DrawMeshThreads and the indirect form (shared
// vertices: the fragment reads per-vertex values only), and with every
// primitive culled.
func TestMeshDrawVariants(t *testing.T) {
	want := renderCubes(t, 2, vertexCubes("cube_plain")).pixels()
	tg := engine.Size{Width: 12, Height: 1, Depth: 1}
	direct := func(cull uint32, draw func(e *engine.RenderCommandEncoder, r *renderRig) error) cubeDraw {
		var rig *renderRig
		return cubeDraw{
			pipeline: func(r *renderRig, lib *engine.Library) (*engine.RenderPipelineState, error) {
				rig = r
				return r.meshPipeline(lib, "", "cube_direct", "cube_plain", nil)
			},
			encode: func(e *engine.RenderCommandEncoder, sc cubeScene) error {
				e.SetMeshBytes(sc.view, 0)
				e.SetMeshBytes(sc.grid, 1)
				e.SetMeshBytes(binary.LittleEndian.AppendUint32(nil, cull), 2)
				return draw(e, rig)
			},
		}
	}
	tests := []struct {
		name string
		draw func(e *engine.RenderCommandEncoder, r *renderRig) error
	}{
		{"threadgroups", func(e *engine.RenderCommandEncoder, r *renderRig) error {
			return e.DrawMeshThreadgroups(engine.Size{Width: 16, Height: 1, Depth: 1}, engine.Size{}, tg)
		}},
		{"threads", func(e *engine.RenderCommandEncoder, r *renderRig) error {
			return e.DrawMeshThreads(engine.Size{Width: 16 * 12, Height: 1, Depth: 1}, engine.Size{}, tg)
		}},
		{"indirect", func(e *engine.RenderCommandEncoder, r *renderRig) error {
			args := r.buffer([]byte{0, 0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0})
			return e.DrawMeshThreadgroupsIndirect(args, 4, engine.Size{}, tg)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := renderCubes(t, 2, direct(0, tc.draw)).pixels()
			if d := countDiff(got, want); d != 0 || coverage(got) == 0 {
				t.Errorf("differs from the vertex pipeline in %d pixels (coverage %d)", d, coverage(got))
			}
		})
	}
	t.Run("culled", func(t *testing.T) {
		if c := coverage(renderCubes(t, 2, direct(1, tests[0].draw)).pixels()); c != 0 {
			t.Errorf("%d pixels drawn with every primitive culled", c)
		}
	})
}

// TestMeshPipelineLimits checks one validation error per limit, at
// pipeline creation and at draw time, each naming its field.
func TestMeshPipelineLimits(t *testing.T) {
	src := meshCubesSource(t)
	create := []struct {
		name               string
		object, mesh, frag string
		edit               func(*engine.MeshRenderPipelineDescriptor)
		want               string
	}{
		{"object threads", "cube_grid", "cube_stage", "", func(d *engine.MeshRenderPipelineDescriptor) { d.MaxTotalThreadsPerObjectThreadgroup = 2048 }, "MaxTotalThreadsPerObjectThreadgroup is 2048"},
		{"mesh threads vs attribute", "cube_grid", "cube_stage", "", func(d *engine.MeshRenderPipelineDescriptor) { d.MaxTotalThreadsPerMeshThreadgroup = 16 },
			"MaxTotalThreadsPerMeshThreadgroup is 16 but cube_stage declares"},
		{"mesh grid", "cube_grid", "cube_stage", "", func(d *engine.MeshRenderPipelineDescriptor) { d.MaxTotalThreadgroupsPerMeshGrid = 2000 }, "MaxTotalThreadgroupsPerMeshGrid is 2000"},
		{"payload too long", "cube_grid", "cube_stage", "", func(d *engine.MeshRenderPipelineDescriptor) { d.PayloadMemoryLength = 20000 }, "PayloadMemoryLength is 20000"},
		{"payload too short", "cube_grid", "cube_stage", "", func(d *engine.MeshRenderPipelineDescriptor) { d.PayloadMemoryLength = 16 }, "PayloadMemoryLength 16 is smaller"},
		{"payload without object", "", "cube_stage", "", nil, "no ObjectFunction"},
		{"mesh vertices", "", "big_mesh", "", nil, "MeshFunction big_mesh: argument \"m\": .*300 vertices"},
		{"mesh primitives", "", "many_prims", "", nil, "MeshFunction many_prims: argument \"m\": .*600 primitives"},
		{"no mesh function", "cube_grid", "", "", nil, "MeshFunction is nil"},
		{"wrong kind", "cube_stage", "cube_stage", "", nil, "ObjectFunction cube_stage is a mesh function"},
		{"fragment mismatch", "", "cube_direct", "cube_fragment", nil, "does not match MeshFunction cube_direct"},
	}
	for _, tc := range create {
		t.Run(tc.name, func(t *testing.T) {
			r := newRenderRig(t, 8, 8, 1, false)
			_, err := r.meshPipeline(r.library(src), tc.object, tc.mesh, tc.frag, tc.edit)
			if err == nil || !regexp.MustCompile(tc.want).MatchString(err.Error()) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
	draws := []struct {
		name         string
		object, mesh string
		edit         func(*engine.MeshRenderPipelineDescriptor)
		draw         func(e *engine.RenderCommandEncoder) error
		want         string
	}{
		{"mesh threadgroup size", "cube_grid", "cube_stage", nil, func(e *engine.RenderCommandEncoder) error {
			return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 13, Height: 1, Depth: 1})
		}, "threadsPerMeshThreadgroup 13×1×1 is 13 threads, more than the pipeline's 12"},
		{"object threadgroup size", "cube_fan", "cubes_stage", func(d *engine.MeshRenderPipelineDescriptor) {
			d.PayloadMemoryLength = 1280
			d.MaxTotalThreadsPerObjectThreadgroup = 8
		}, func(e *engine.RenderCommandEncoder) error {
			return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 16, Height: 1, Depth: 1}, engine.Size{Width: 12, Height: 1, Depth: 1})
		}, "threadsPerObjectThreadgroup 16×1×1 is 16 threads, more than the pipeline's 8"},
		{"mesh grid set by object", "cube_fan", "cubes_stage", func(d *engine.MeshRenderPipelineDescriptor) {
			d.PayloadMemoryLength = 1280
			d.MaxTotalThreadgroupsPerMeshGrid = 8
		}, func(e *engine.RenderCommandEncoder) error {
			return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 16, Height: 1, Depth: 1}, engine.Size{Width: 12, Height: 1, Depth: 1})
		}, "cube_fan: object threadgroup 0 sets a mesh grid of 16×1×1 = 16 threadgroups, more than MaxTotalThreadgroupsPerMeshGrid 8"},
		{"vertex index past the mesh", "", "bad_reference", nil, func(e *engine.RenderCommandEncoder) error {
			return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 4, Height: 1, Depth: 1})
		}, "bad_reference: mesh threadgroup 0: primitive 0 uses vertex 7, past the mesh's 4 vertices"},
		{"mesh grid without object", "", "cube_direct", nil, func(e *engine.RenderCommandEncoder) error {
			return e.DrawMeshThreadgroups(engine.Size{Width: 2000, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 12, Height: 1, Depth: 1})
		}, "2000 mesh threadgroups is more than the pipeline's MaxTotalThreadgroupsPerMeshGrid 1024"},
	}
	for _, tc := range draws {
		t.Run(tc.name, func(t *testing.T) {
			r := newRenderRig(t, 8, 8, 1, false)
			p, err := r.meshPipeline(r.library(src), tc.object, tc.mesh, "", tc.edit)
			if err != nil {
				t.Fatal(err)
			}
			sc := newCubeScene()
			err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
				e.SetRenderPipelineState(p)
				e.SetObjectBytes(sc.grid, 1)
				e.SetMeshBytes(sc.view, 0)
				e.SetMeshBytes(sc.grid, 1)
				e.SetMeshBytes([]byte{0, 0, 0, 0}, 2)
				return tc.draw(e)
			})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
	t.Run("vertex draw with mesh pipeline", func(t *testing.T) {
		r := newRenderRig(t, 8, 8, 1, false)
		p, err := r.meshPipeline(r.library(src), "", "cube_direct", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(p)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
		})
		if err == nil || !strings.Contains(err.Error(), "is a mesh pipeline") {
			t.Fatalf("err = %v", err)
		}
	})
}

// TestMeshThreadsWithObject draws the object-stage cube grid with
// DrawMeshThreads: a 4×4 grid of object threads in 1×1 threadgroups.
func TestMeshThreadsWithObject(t *testing.T) {
	threads := meshCubes
	threads.encode = func(e *engine.RenderCommandEncoder, sc cubeScene) error {
		e.SetObjectBytes(sc.grid, 1)
		e.SetMeshBytes(sc.view, 0)
		return e.DrawMeshThreads(engine.Size{Width: 4, Height: 4, Depth: 1}, engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 12, Height: 1, Depth: 1})
	}
	got := renderCubes(t, 2, threads).pixels()
	if d := countDiff(got, renderCubes(t, 2, meshCubes).pixels()); d != 0 || coverage(got) == 0 {
		t.Errorf("DrawMeshThreads differs from DrawMeshThreadgroups in %d pixels", d)
	}
}

// TestMeshObjectThreadgroupMemory runs an object function that passes
// values through [[threadgroup(0)]] memory (SetObjectThreadgroupMemoryLength),
// and checks the error when the length is missing.
func TestMeshObjectThreadgroupMemory(t *testing.T) {
	tg := func(set bool) cubeDraw {
		return cubeDraw{
			pipeline: func(r *renderRig, lib *engine.Library) (*engine.RenderPipelineState, error) {
				return r.meshPipeline(lib, "cube_grid_tg", "cube_stage", "cube_fragment", nil)
			},
			encode: func(e *engine.RenderCommandEncoder, sc cubeScene) error {
				e.SetObjectBytes(sc.grid, 1)
				e.SetMeshBytes(sc.view, 0)
				if set {
					e.SetObjectThreadgroupMemoryLength(8, 0)
				}
				return e.DrawMeshThreadgroups(engine.Size{Width: 4, Height: 4, Depth: 1}, engine.Size{Width: 2, Height: 1, Depth: 1}, engine.Size{Width: 12, Height: 1, Depth: 1})
			},
		}
	}
	got := renderCubes(t, 2, tg(true)).pixels()
	if d := countDiff(got, renderCubes(t, 2, meshCubes).pixels()); d != 0 || coverage(got) == 0 {
		t.Errorf("threadgroup-memory object stage differs in %d pixels", d)
	}
	r := newRenderRig(t, 8, 8, 1, false)
	p, err := tg(false).pipeline(r, r.library(meshCubesSource(t)))
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(p)
		return tg(false).encode(e, newCubeScene())
	})
	if err == nil || !strings.Contains(err.Error(), "missing SetObjectThreadgroupMemoryLength for [[threadgroup(0)]] argument \"scratch\"") {
		t.Fatalf("err = %v", err)
	}
}

// TestMeshCorpusTaskMesh runs SPIRV-Cross's task-basic object function
// with its mesh-shader-basic-triangle mesh function (from the shared MSL
// corpus), rasterized without a fragment function.
func TestMeshCorpusTaskMesh(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "msl-corpus", "spirv-cross", "reference", "opt", "shaders-msl")
	task, err1 := os.ReadFile(filepath.Join(dir, "task", "task-basic.msl3.spv14.vk.nocompat.task"))
	msh, err2 := os.ReadFile(filepath.Join(dir, "mesh", "mesh-shader-basic-triangle.msl3.spv14.vk.nocompat.mesh"))
	if err1 != nil || err2 != nil {
		t.Skip("MSL corpus not available")
	}
	r := newRenderRig(t, 16, 16, 2, false)
	of, err := r.library(string(task)).Function("main0")
	if err != nil {
		t.Fatal(err)
	}
	mf, err := r.library(string(msh)).Function("main0")
	if err != nil {
		t.Fatal(err)
	}
	desc := &engine.MeshRenderPipelineDescriptor{ObjectFunction: of, MeshFunction: mf}
	desc.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
	p, err := r.dev.NewMeshRenderPipelineState(desc)
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(p)
		return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{Width: 2, Height: 3, Depth: 4})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestMeshStaticMembers reads mesh<vertex_t, culled_prim_t, 8, 12,
// triangle>'s static members in a mesh function run without rasterization.
func TestMeshStaticMembers(t *testing.T) {
	r := newRenderRig(t, 8, 8, 1, false)
	p, err := r.meshPipeline(r.library(meshCubesSource(t)), "", "statics", "", func(d *engine.MeshRenderPipelineDescriptor) {
		d.RasterizationDisabled = true
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.dev.NewBuffer(16)
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(p)
		e.SetMeshBuffer(out, 0, 0)
		return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 1, Height: 1, Depth: 1})
	})
	if err != nil {
		t.Fatal(err)
	}
	b := out.Contents()
	got := [4]uint32{binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[8:]), binary.LittleEndian.Uint32(b[12:])}
	if want := [4]uint32{8, 12, 3, 36}; got != want {
		t.Errorf("max_vertices, max_primitive, indices_per_primitive, max_indices = %v, want %v", got, want)
	}
}

// TestMeshLinesAndPoints draws the line and point topologies and counts
// the white pixels: two 8-pixel lines and four 3×3 points on 16×16.
func TestMeshLinesAndPoints(t *testing.T) {
	for _, tc := range []struct {
		fn   string
		want int
	}{{"lines_mesh", 16}, {"points_mesh", 36}} {
		t.Run(tc.fn, func(t *testing.T) {
			r := newRenderRig(t, 16, 16, 2, false)
			p, err := r.meshPipeline(r.library(meshCubesSource(t)), "", tc.fn, "pt_fragment", nil)
			if err != nil {
				t.Fatal(err)
			}
			err = r.pass([4]float64{0, 0, 0, 1}, func(e *engine.RenderCommandEncoder) error {
				e.SetRenderPipelineState(p)
				return e.DrawMeshThreadgroups(engine.Size{Width: 1, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 4, Height: 1, Depth: 1})
			})
			if err != nil {
				t.Fatal(err)
			}
			px := r.pixels()
			n := 0
			for i := 0; i < len(px); i += 4 {
				if px[i] == 255 {
					n++
				}
			}
			if n != tc.want {
				t.Errorf("%d white pixels, want %d", n, tc.want)
			}
		})
	}
}
