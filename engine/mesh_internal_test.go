package engine

import (
	"encoding/binary"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

// BenchmarkMeshAssembly assembles 741 meshlet outputs of 64 vertices and
// 94 triangles (the bunny's) into rasterizer records and indices; the
// baseline copies the same bytes and indices without checks.
func BenchmarkMeshAssembly(b *testing.B) {
	o := &lower.MeshOutputLayout{Vertex: sema.Vec(sema.Float, 4), MaxVertices: 64, MaxPrimitives: 124, Topology: lower.TopologyTriangle,
		IndicesPerPrimitive: 3, VertexOffset: 16, VertexStride: 32, IndexOffset: 16 + 64*32}
	o.Size = (o.IndexOffset + 3*124 + 15) &^ 15
	mp := &meshPipeline{out: o, recStride: 32, primOff: 32, culled: noSlot, mesh: &renderStage{name: "m"}}
	const n = 741
	out := make([]byte, n*o.Size)
	for t := range n {
		r := out[t*o.Size:]
		binary.LittleEndian.PutUint32(r, 94)
		for k := range 3 * 94 {
			r[o.IndexOffset+k] = byte(k % 64)
		}
	}
	baseline := func() {
		rec := make([]byte, 0, n*64*32)
		idx := make([]uint32, 0, n*3*124)
		for t := range n {
			r := out[t*o.Size:]
			rec = append(rec, r[16:16+64*32]...)
			for _, v := range r[o.IndexOffset : o.IndexOffset+3*94] {
				idx = append(idx, uint32(t*64)+uint32(v))
			}
		}
		_, _ = rec, idx
	}
	var ta, tb time.Duration
	for b.Loop() {
		t0 := time.Now()
		a := &meshAssembly{mp: mp}
		if err := a.add(out, n); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		baseline()
		ta += t1.Sub(t0)
		tb += time.Since(t1)
	}
	b.ReportMetric(float64(ta.Nanoseconds())/float64(b.N)/(n*94), "ns/tri")
	b.ReportMetric(float64(ta)/float64(tb), "assembly/copy")
}
