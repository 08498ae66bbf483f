package lower_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

const meshObjSrc = `#include <metal_stdlib>
using namespace metal;
struct Payload { uint n; float scale[4]; };
struct V { float4 pos [[position]]; float2 uv; };
struct P { uint id; };
using M = metal::mesh<V, P, 4, 2, metal::topology::triangle>;
[[object, max_total_threadgroups_per_mesh_grid(8)]]
void obj(object_data Payload &p [[payload]], mesh_grid_properties g,
         uint t [[thread_index_in_threadgroup]]) {
    if (t < 4) p.scale[t] = float(t);
    if (t == 0) { p.n = 3; g.set_threadgroups_per_grid(uint3(3, 1, 1)); }
}
[[mesh]] void msh(M m, const object_data Payload &p [[payload]], uint t [[thread_index_in_threadgroup]]) {
    V v; v.pos = float4(p.scale[t], 0, 0, 1); v.uv = float2(0);
    m.set_vertex(t, v);
    m.set_indices(4 * (t / 2), uchar4(0, 1, 2, 3));
    P q; q.id = t;
    if (t < 2) m.set_primitive(t, q);
    if (t == 0) m.set_primitive_count(2);
}
`

func TestMeshStageBindings(t *testing.T) {
	prog, err := compileMSL("mesh.metal", meshObjSrc, false)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		fn   string
		want []lower.BindingKind
	}{
		{"obj", []lower.BindingKind{lower.BindPayload, lower.BindPayload, lower.BindMeshGrid}},
		{"msh", []lower.BindingKind{lower.BindMesh, lower.BindPayload, lower.BindPayload}},
	}
	for _, tc := range tests {
		res, err := lower.MeshStage(prog, prog.Lookup(tc.fn), lower.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.fn, err)
		}
		if len(res.Bindings) != len(tc.want) {
			t.Fatalf("%s: bindings %+v, want kinds %v", tc.fn, res.Bindings, tc.want)
		}
		for i, b := range res.Bindings {
			if b.Kind != tc.want[i] || b.Param != i {
				t.Errorf("%s: binding %d = %v (param %d), want %v", tc.fn, i, b.Kind, b.Param, tc.want[i])
			}
		}
	}
	if _, err := lower.MeshStage(prog, prog.Lookup("obj"), lower.Options{}); err != nil {
		t.Fatal(err)
	}
	fn := prog.Lookup("msh")
	l, err := lower.MeshLayout(fn.Params[0].Type)
	if err != nil {
		t.Fatal(err)
	}
	// count at 0, 4 vertices of 32 bytes from 16, 2 prims of 4 bytes, 6 indices.
	want := lower.MeshOutputLayout{Vertex: l.Vertex, Primitive: l.Primitive, MaxVertices: 4, MaxPrimitives: 2, Topology: lower.TopologyTriangle,
		IndicesPerPrimitive: 3, VertexOffset: 16, VertexStride: 32, PrimitiveOffset: 144, PrimitiveStride: 4, IndexOffset: 152, Size: 160}
	if *l != want {
		t.Errorf("layout %+v\nwant   %+v", *l, want)
	}
}

func TestMeshStageSeedCube(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "seeds", "000_5.1.8_mesh_cube.metal"))
	if err != nil {
		t.Skip(err)
	}
	prog, err := compileMSL("cube.metal", string(src), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lower.MeshStage(prog, prog.Lookup("cube_stage"), lower.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := lower.MeshStage(prog, nil, lower.Options{}); err == nil {
		t.Error("nil function lowered")
	}
}

func TestMeshStageRejectsKernel(t *testing.T) {
	prog, err := compileMSL("k.metal", "kernel void k() {}", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lower.MeshStage(prog, prog.Lookup("k"), lower.Options{}); err == nil {
		t.Error("MeshStage accepted a kernel")
	}
}

// TestMeshStageCorpus lowers every object and mesh function of the
// SPIRV-Cross mesh and task outputs in the shared MSL corpus.
func TestMeshStageCorpus(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "msl-corpus", "spirv-cross", "reference")
	var files []string
	for _, dir := range []string{"shaders-msl/mesh", "shaders-msl/task", "opt/shaders-msl/mesh", "opt/shaders-msl/task", "opt/shaders-msl/asm/mesh"} {
		m, _ := filepath.Glob(filepath.Join(root, dir, "*"))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("MSL corpus not available")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := compileMSL(filepath.Base(path), string(src), false)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, fn := range prog.Functions {
				if fn.Kind != sema.FuncObject && fn.Kind != sema.FuncMesh {
					continue
				}
				n++
				if _, err := lower.MeshStage(prog, fn, lower.Options{}); err != nil {
					t.Errorf("%s: %v", fn.Name, err)
				}
			}
			if n == 0 {
				t.Error("no object or mesh function")
			}
		})
	}
}

func TestMeshStaticMembers(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
struct V { float4 p [[position]]; };
using M = metal::mesh<V, void, 8, 4, metal::topology::triangle>;
[[mesh]] void m(M out, device uint *o [[buffer(0)]], uint lane [[thread_index_in_threadgroup]]) {
    if (lane == 0) { o[0] = M::max_vertices; o[1] = M::max_primitive; o[2] = M::indices_per_primitive; o[3] = M::max_indices; }
}
`
	prog, err := compileMSL("static.metal", src, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lower.MeshStage(prog, prog.Lookup("m"), lower.Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestMeshLayoutIndexAlignment checks that the indices start on a 4-byte
// boundary after a primitive type of bytes (set_indices stores a uchar4
// as one word).
func TestMeshLayoutIndexAlignment(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
struct V { float4 p [[position]]; };
struct P { uchar layer [[render_target_array_index]]; };
using M = metal::mesh<V, P, 4, 3, metal::topology::triangle>;
[[mesh]] void m(M out, uint lane [[thread_index_in_threadgroup]]) {
    if (lane == 0) out.set_indices(0, as_type<uchar4>(0x00020100u));
}
`
	prog, err := compileMSL("align.metal", src, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lower.MeshStage(prog, prog.Lookup("m"), lower.Options{}); err != nil {
		t.Fatal(err)
	}
	l, err := lower.MeshLayout(prog.Lookup("m").Params[0].Type)
	if err != nil {
		t.Fatal(err)
	}
	// 4 vertices of 16 bytes from 16, 3 primitives of 1 byte from 80.
	if l.PrimitiveOffset != 80 || l.PrimitiveStride != 1 || l.IndexOffset != 84 || l.Size < l.IndexOffset+9 {
		t.Errorf("layout %+v: want primitives at 80 (stride 1) and indices at 84", *l)
	}
}
