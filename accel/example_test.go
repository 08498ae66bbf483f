package accel_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/accel"
)

func floats(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// A primitive structure with one triangle, traced by the single-ray API.
func Example() {
	tri := &accel.TriangleGeometry{
		GeometryCommon: accel.GeometryCommon{Opaque: true},
		VertexData:     floats(0, 0, 0, 1, 0, 0, 0, 1, 0), // packed float3
		TriangleCount:  1,
	}
	s, err := accel.BuildPrimitive(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{tri}})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := s.Intersect(accel.NewRay([3]float32{0.25, 0.25, 1}, [3]float32{0, 0, -1}), nil, nil)
	fmt.Println(h.Type, h.Distance, h.PrimitiveID, h.Barycentrics, h.FrontFacing)
	// Output: triangle 1 0 [0.25 0.25] false
}

// Lane-batched traversal with intersection functions: bounding boxes hand
// their candidates back, grouped by function-table index; the caller runs
// each function once per group (here a unit sphere test) and decides.
func ExampleTraverser_Step() {
	boxes := &accel.BoundingBoxGeometry{BoxData: floats(-1, -1, -1, 1, 1, 1), BoxCount: 1}
	boxes.FunctionTableOffset = 2
	prim, _ := accel.BuildPrimitive(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{boxes}})
	top, _ := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{
		Instances:  []accel.Instance{{Transform: accel.Identity4x3, Mask: 0xff, FunctionTableOffset: 5}},
		Structures: []*accel.Structure{prim},
	})
	var rb accel.RayBatch
	for i := 0; i < 4; i++ {
		r := accel.NewRay([3]float32{-5, float32(i) * 0.4, 0}, [3]float32{1, 0, 0})
		rb.Set(i, &r)
	}
	tr := accel.NewTraverser()
	tr.Begin(top, nil, &rb)
	var groups [accel.BatchSize]accel.Group
	for tr.Step() != 0 {
		for _, g := range tr.Groups(groups[:0]) {
			fmt.Printf("function %d for lanes %04b\n", g.FunctionIndex, g.Lanes)
			for i := 0; i < accel.BatchSize; i++ {
				if g.Lanes&(1<<i) == 0 {
					continue
				}
				c := tr.Candidate(i) // object-space ray, interval, ids …
				oy := float64(c.Origin[1])
				if oy*oy >= 1 {
					tr.Decide(i, accel.Decision{}) // misses the sphere
					continue
				}
				t := float32(-float64(c.Origin[0]) - math.Sqrt(1-oy*oy))
				tr.Decide(i, accel.Decision{Accept: true, Continue: true, Distance: t})
			}
		}
	}
	var h accel.Hit
	for i := 0; i < 4; i++ {
		tr.Hit(i, &h)
		fmt.Printf("lane %d: %v %.3f\n", i, h.Type, h.Distance)
	}
	// Output:
	// function 7 for lanes 0111
	// lane 0: bounding_box 4.000
	// lane 1: bounding_box 4.083
	// lane 2: bounding_box 4.400
	// lane 3: none 0.000
}

// Decoding Metal instance descriptors (MTLAccelerationStructureUserIDInstanceDescriptor).
func ExampleDecodeInstances() {
	d := floats(1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 0, 0) // transform: translate x by 10
	d = append(d, floats(0)...)                      // options
	d = binary.LittleEndian.AppendUint32(d, 0xff)    // mask
	d = binary.LittleEndian.AppendUint32(d, 3)       // function table offset
	d = binary.LittleEndian.AppendUint32(d, 0)       // structure index
	d = binary.LittleEndian.AppendUint32(d, 42)      // user id
	ins, err := accel.DecodeInstances(&accel.InstanceBuffer{Data: d, Count: 1, Type: accel.InstanceDescriptorUserID})
	fmt.Println(ins[0].Transform[9], ins[0].Mask, ins[0].FunctionTableOffset, ins[0].UserID, err)
	// Output: 10 255 3 42 <nil>
}

// The engine's sequence for a SIMD-group's rays: TraceBatch where no
// candidate can arise (opaque triangles, here under a static instance),
// Begin/Step otherwise, then Hit per lane.
func ExampleTraverser_TraceBatch() {
	tri := &accel.TriangleGeometry{
		GeometryCommon: accel.GeometryCommon{Opaque: true},
		VertexData:     floats(0, 0, 0, 1, 0, 0, 0, 1, 0),
		TriangleCount:  1,
	}
	prim, _ := accel.BuildPrimitive(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{tri}})
	shift := accel.Identity4x3
	shift[11] = -2 // translate z by -2
	top, _ := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{
		Instances:  []accel.Instance{{Transform: shift, Mask: 0xff, UserID: 9}},
		Structures: []*accel.Structure{prim},
	})
	var rb accel.RayBatch
	for i := 0; i < 3; i++ {
		r := accel.NewRay([3]float32{0.25 * float32(i), 0.25, 1}, [3]float32{0, 0, -1})
		rb.Set(i, &r)
	}
	tr := accel.NewTraverser()
	if !tr.TraceBatch(top, nil, &rb) {
		tr.Begin(top, nil, &rb)
		for tr.Step() != 0 {
			// … run intersection functions and Decide (see Traverser.Step)
		}
	}
	var h accel.Hit
	for i := 0; i < 3; i++ {
		tr.Hit(i, &h)
		fmt.Printf("lane %d: %v %v instance %d user %d\n", i, h.Type, h.Distance, h.InstanceID[0], h.UserInstanceID[0])
	}
	// Output:
	// lane 0: triangle 3 instance 0 user 9
	// lane 1: triangle 3 instance 0 user 9
	// lane 2: triangle 3 instance 0 user 9
}
