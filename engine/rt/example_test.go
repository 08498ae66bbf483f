package rt_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Example registers a one-triangle acceleration structure under resource
// ID 1, lowers a kernel calling intersect() and runs it with the
// registry's intrinsics.
func Example() {
	tri := []float32{-1, -1, 2, 1, -1, 2, 0, 1, 2}
	vb := make([]byte, 4*len(tri))
	for i, x := range tri {
		binary.LittleEndian.PutUint32(vb[4*i:], math.Float32bits(x))
	}
	s, err := accel.BuildPrimitive(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: vb, TriangleCount: 1}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	reg := rt.NewRegistry()
	if err := reg.SetStructure(1, s); err != nil {
		fmt.Println(err)
		return
	}
	src := `#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
kernel void k(primitive_acceleration_structure as [[buffer(0)]], device float* out [[buffer(1)]],
              uint id [[thread_position_in_grid]]) {
    intersector<> i;
    auto h = i.intersect(ray(float3(0.25f * id, 0, 0), float3(0, 0, 1)), as);
    out[id] = h.type == intersection_type::triangle ? h.distance : -1.0f;
}`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	prog := sema.Check(fset, syntax.ParseFile(fset, "k.metal", []byte(src), syntax.Options{}, diags), &sema.Config{}, diags)
	if diags.HasErrors() {
		fmt.Println(diags.Err())
		return
	}
	res, err := lower.Entry(prog, prog.Lookup("k"), lower.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Intrinsics: rt.Intrinsics(reg)})
	if err != nil {
		fmt.Println(err)
		return
	}
	out := make([]byte, 4*6)
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: out})
	// Bindings: as (BindHandle) gets the resource ID, out its address.
	err = pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{6, 1, 1}, [3]uint32{6, 1, 1}),
		Args: []uint64{1, 0x1000}, Memory: mem})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := 0; i < 6; i++ {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])), " ")
	}
	fmt.Println()
	// Output: 2 2 2 -1 -1 -1
}
