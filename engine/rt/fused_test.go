package rt_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// fusedSrc is a kernel writing every field of an intersect() result (64
// words per thread). TAGS, STRUCT, SETUP, ARGS and WRITES are filled in
// per case; f1 has the call site's tags (so linking it keeps the site on
// the general path when a table is passed), f2 has tags no case uses.
const fusedSrc = `
[[intersection(bounding_box TAGS)]] bool f1() { return true; }
[[intersection(triangle, instancing, primitive_motion, instance_motion, world_space_data)]] bool f2() { return true; }
kernel void k(STRUCT as [[buffer(0)]], intersection_function_table<TTAGS> table [[buffer(4)]],
              const device Ray* rays [[buffer(1)]], device uint* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    device uint* o = out + id * 64;
    if (id % 7 == 5) { o[0] = 777u; return; }
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<TTAGS> i;
    SETUP
    auto h = i.intersect(r, as ARGS);
    o[0] = uint(h.type); o[1] = as_type<uint>(h.distance); o[2] = h.primitive_id; o[3] = h.geometry_id;
    WRITES
}
`

const (
	writeTri = `o[4] = as_type<uint>(h.triangle_barycentric_coord.x); o[5] = as_type<uint>(h.triangle_barycentric_coord.y);
    o[6] = uint(h.triangle_front_facing);`
	writeInst   = `o[7] = h.instance_id; o[8] = h.user_instance_id;`
	writeLevels = `o[7] = h.instance_count; o[8] = h.instance_id[0]; o[9] = h.instance_id[1];
    o[10] = h.user_instance_id[0]; o[11] = h.user_instance_id[1];`
	writeXf = `for (int c = 0; c < 4; c++) for (int q = 0; q < 3; q++) {
        o[12 + 3 * c + q] = as_type<uint>(h.world_to_object_transform[c][q]);
        o[24 + 3 * c + q] = as_type<uint>(h.object_to_world_transform[c][q]); }`
	// setupAll varies every intersector option across the lanes of a
	// SIMD-group, so one call holds several (structure, table, options)
	// groups.
	setupAll = `i.set_triangle_cull_mode(id % 3 == 0 ? triangle_cull_mode::front : (id % 3 == 1 ? triangle_cull_mode::back : triangle_cull_mode::none));
    if (id & 4) i.set_triangle_front_facing_winding(winding::counterclockwise);
    if (id % 5 == 1) i.set_opacity_cull_mode(opacity_cull_mode::opaque);
    if (id % 5 == 2) i.set_opacity_cull_mode(opacity_cull_mode::non_opaque);
    if (id % 6 == 2) i.force_opacity(forced_opacity::non_opaque);
    if (id % 6 == 3) i.force_opacity(forced_opacity::opaque);
    if (id % 9 == 4) i.set_geometry_cull_mode(geometry_cull_mode::triangle);
    i.accept_any_intersection(id % 4 == 3);`
	argMask = `, (id % 4 == 0) ? 1u : ((id % 4 == 1) ? 6u : 0xFFu)`
	argTime = `, float(id % 8) / 7.0f`
)

type fusedCase struct {
	name, tags, strct, setup, args, writes string
	as                                     uint64 // registry id of the structure
}

func (c fusedCase) source(table bool) string {
	tt := ""
	if c.tags != "" {
		tt = ", " + c.tags
	}
	args := c.args
	if table {
		args += ", table"
	}
	return strings.NewReplacer("TTAGS", c.tags, "TAGS", tt, "STRUCT", c.strct, "SETUP", c.setup,
		"ARGS", args, "WRITES", c.writes).Replace(fusedSrc)
}

// intrinsicsOf lists the ray-tracing intrinsics the lowered kernel calls.
func intrinsicsOf(res *lower.Result) map[string]bool {
	m := map[string]bool{}
	for _, f := range res.Program.Funcs {
		ir.Walk(f.Body, func(in *ir.Instr) bool {
			if in.Op == ir.OpIntrinsic {
				m[res.Program.Intrinsics[in.Imm].Name] = true
			}
			return true
		})
	}
	return m
}

// fusedScene registers the structures of TestFusedIntersect: 1 a
// primitive structure (opaque and non-opaque triangles selecting table
// entries 0-2, boxes), 2 an instance structure over it and a second
// primitive structure, 3 a two-level instance structure, 4 a primitive
// motion structure.
func fusedScene(t *testing.T, reg *rt.Registry) {
	rng := rand.New(rand.NewPCG(21, 22))
	tri := func(n int, sz float32, opaque bool, off uint32) accel.Geometry {
		return &accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: opaque, FunctionTableOffset: off},
			VertexData: f32bytes(soup(rng, n, sz)), TriangleCount: n}
	}
	var boxes []float32
	for k := 0; k < 12; k++ {
		x, y, z := rng.Float32(), rng.Float32(), rng.Float32()
		boxes = append(boxes, x, y, z, x+0.15, y+0.15, z+0.15)
	}
	p := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		tri(120, 0.25, true, 0), tri(80, 0.3, false, 1), tri(60, 0.3, false, 2),
		&accel.BoundingBoxGeometry{BoxData: f32bytes(boxes), BoxCount: 12}}})
	q := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{tri(90, 0.3, true, 0), tri(40, 0.3, false, 1)}})
	inst := func(structs []*accel.Structure, n int) *accel.Structure {
		var insts []accel.Instance
		for k := 0; k < n; k++ {
			insts = append(insts, accel.Instance{
				Transform:           rotY(rng.Float32()*3, [3]float32{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}, 0.5+rng.Float32()),
				Mask:                1 << uint(k%3),
				StructureIndex:      uint32(k % len(structs)),
				UserID:              100 + uint32(k),
				FunctionTableOffset: uint32(k % 2),
			})
		}
		s, err := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{Instances: insts, Structures: structs})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	i1 := inst([]*accel.Structure{p, q}, 6)
	i2 := inst([]*accel.Structure{i1, q}, 4)
	k0 := soup(rng, 150, 0.25)
	k1 := make([]float32, len(k0))
	for i := range k0 {
		k1[i] = k0[i] + 0.3*float32(i%3)*rng.Float32()
	}
	m := build(t, &accel.PrimitiveDescriptor{MotionKeyframeCount: 2, MotionEndTime: 1, Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: false, FunctionTableOffset: 1}, TriangleCount: 150,
			MotionVertexData: []accel.KeyframeData{{Data: f32bytes(k0)}, {Data: f32bytes(k1)}}}}})
	for id, s := range []*accel.Structure{p, i1, i2, m} {
		reg.SetStructure(uint64(id+1), s)
	}
}

// TestFusedIntersect: call sites lowered to one rt.intersect give the
// same bits, for every result field and option, as the same call site on
// the general rt.begin/step/result/end path, with a table (whose entry 2
// needs an intersection function the site does not link: rejected) and
// without one.
func TestFusedIntersect(t *testing.T) {
	reg := rt.NewRegistry()
	fusedScene(t, reg)
	reg.SetTable(10, &rt.Table{Functions: []uint32{0, stdlib.RTOpaqueTriangleFunction, 2, 0}})
	// What no table means: every entry decided natively.
	reg.SetTable(11, &rt.Table{Functions: []uint32{0, stdlib.RTOpaqueTriangleFunction, 0, stdlib.RTOpaqueTriangleFunction}})
	const prim, inst = "primitive_acceleration_structure", "instance_acceleration_structure"
	cases := []fusedCase{
		{name: "plain", strct: prim, as: 1},
		{name: "triangle", tags: "triangle_data", strct: prim, as: 1, writes: writeTri},
		{name: "options", tags: "triangle_data", strct: prim, as: 1, setup: setupAll, writes: writeTri},
		{name: "instancing", tags: "instancing", strct: inst, as: 2, args: argMask, writes: writeInst},
		{name: "instancing-triangle", tags: "instancing, triangle_data", strct: inst, as: 2, args: argMask, setup: setupAll,
			writes: writeInst + writeTri},
		{name: "world-space", tags: "instancing, triangle_data, world_space_data", strct: inst, as: 2, args: argMask,
			writes: writeInst + writeTri + writeXf},
		{name: "levels", tags: "instancing, max_levels<3>", strct: inst, as: 3, args: argMask, writes: writeLevels},
		{name: "levels-world-space", tags: "instancing, triangle_data, world_space_data, max_levels<3>", strct: inst, as: 3,
			args: argMask, setup: setupAll, writes: writeLevels + writeTri + writeXf},
		{name: "levels-on-one-level", tags: "instancing, max_levels<3>", strct: inst, as: 2, args: argMask, writes: writeLevels},
		{name: "motion", tags: "triangle_data, primitive_motion", strct: prim, as: 4, args: argTime, setup: setupAll, writes: writeTri},
	}
	rng := rand.New(rand.NewPCG(23, 24))
	rays := randomRays(rng, 250)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			general := lowerKernel(t, c.source(true), "k", lower.Options{})
			fusedTable := lowerKernel(t, c.source(true), "k", lower.Options{IntersectionFunctions: []string{"f2"}})
			fusedBare := lowerKernel(t, c.source(false), "k", lower.Options{})
			if in := intrinsicsOf(general); !in[stdlib.RTBegin] {
				t.Fatalf("general path calls %v", in)
			}
			for _, r := range []*lower.Result{fusedTable, fusedBare} {
				if in := intrinsicsOf(r); in[stdlib.RTBegin] || len(in) != 1 {
					t.Fatalf("fused path calls %v", in)
				}
			}
			exec := func(res *lower.Result, table uint64) []byte {
				d := &dispatch{threads: len(rays), handles: map[int]uint64{0: c.as, 4: table},
					bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, 256*len(rays))}}
				return run(t, reg, res, d)[2]
			}
			for _, p := range []struct {
				name   string
				a, b   *lower.Result
				ta, tb uint64
			}{
				{"table", general, fusedTable, 10, 10},
				{"no table", general, fusedBare, 11, 0},
			} {
				want, got := exec(p.a, p.ta), exec(p.b, p.tb)
				hits := 0
				for i := range rays {
					w, g := want[256*i:256*(i+1)], got[256*i:256*(i+1)]
					if !bytes.Equal(w, g) {
						for k := 0; k < 64; k++ {
							if a, b := binary.LittleEndian.Uint32(w[4*k:]), binary.LittleEndian.Uint32(g[4*k:]); a != b {
								t.Fatalf("%s: ray %d word %d: fused %#x, general %#x", p.name, i, k, b, a)
							}
						}
					}
					if binary.LittleEndian.Uint32(w) != 0 && binary.LittleEndian.Uint32(w) != 777 {
						hits++
					}
				}
				if hits < 20 {
					t.Fatalf("%s: only %d hits", p.name, hits)
				}
			}
		})
	}
}

const fusedFaultSrc = `
[[intersection(bounding_box)]] bool any() { return true; }
kernel void faulty(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<> table [[buffer(4)]],
                   device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    intersector<> i;
    out[id].t = 1;
    auto h = i.intersect(ray(float3(0.5f, 0.5f, -1), float3(0, 0, 1)), as, table);
    out[id].type = uint(h.type);
}
`

// TestFusedFaults: unknown structures and tables fault the fused call as
// they fault rt.begin: the same *exec.Fault text, naming the kernel and
// the call's line, and no tracer left in flight.
func TestFusedFaults(t *testing.T) {
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.BoundingBoxGeometry{BoxData: f32bytes([]float32{0, 0, 0, 1, 1, 1}), BoxCount: 1}}})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	reg.SetTable(2, &rt.Table{Functions: []uint32{1}})
	general := lowerKernel(t, fusedFaultSrc, "faulty", lower.Options{})
	fused := lowerKernel(t, fusedFaultSrc, "faulty", lower.Options{IntersectionFunctions: []string{}})
	if in := intrinsicsOf(fused); in[stdlib.RTBegin] {
		t.Fatalf("fused path calls %v", in)
	}
	for _, c := range []struct {
		name        string
		accel, tabl uint64
		want        string
	}{
		{"unknown structure", 99, 2, "unknown acceleration structure 0x63"},
		{"unknown table", 1, 98, "unknown intersection function table 0x62"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var msgs []string
			for _, res := range []*lower.Result{general, fused} {
				pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Intrinsics: rt.Intrinsics(reg)})
				if err != nil {
					t.Fatal(err)
				}
				d := &dispatch{threads: 64, handles: map[int]uint64{0: c.accel, 4: c.tabl},
					bufs: map[int][]byte{2: make([]byte, outSize*64)}}
				args, mem, _ := d.build(t, res)
				err = pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{64, 1, 1}, [3]uint32{64, 1, 1}), Args: args, Memory: mem})
				var f *exec.Fault
				if !errors.As(err, &f) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "rt.metal:12") {
					t.Fatalf("got %v, want a fault at rt.metal:12 containing %q", err, c.want)
				}
				if n := reg.InFlight(); n != 0 {
					t.Fatalf("%d tracers in flight after the fault", n)
				}
				msgs = append(msgs, err.Error())
			}
			if msgs[0] != msgs[1] {
				t.Fatalf("fused fault %q, general %q", msgs[1], msgs[0])
			}
		})
	}
}
