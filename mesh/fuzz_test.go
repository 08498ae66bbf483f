package mesh_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/mesh"
)

// FuzzBuild feeds arbitrary meshes (vertex count, limits, indices and
// coordinates from the input bytes) to Build: it must either reject them
// with an error or return a partition of the triangles within the limits.
func FuzzBuild(f *testing.F) {
	f.Add([]byte{4, 3, 1, 0, 1, 2, 0, 2, 3, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{16, 64, 124, 0, 1, 2, 2, 1, 3, 3, 1, 0, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		nv := int(data[0]) % 64
		opts := mesh.Options{MaxVertices: int(data[1]) + 1, MaxTriangles: int(data[2])*2 + 1, ConeWeight: float32(data[0]%5) / 4}
		data = data[3:]
		ni := len(data) / 2
		if ni > 300 {
			ni = 300
		}
		ni -= ni % 3
		idx := make([]uint32, ni)
		for i := range idx {
			idx[i] = uint32(data[i])
			if nv > 0 {
				idx[i] %= uint32(nv)
			}
		}
		rest := data[ni:]
		pos := make([][3]float32, nv)
		for i := range pos {
			for k := range 3 {
				j := 2 * (3*i + k)
				if j+2 <= len(rest) {
					pos[i][k] = float32(int16(binary.LittleEndian.Uint16(rest[j:]))) / 64
				}
			}
		}
		s, err := mesh.Build(context.Background(), pos, idx, opts)
		if err != nil {
			return // limits or indices out of range: rejected, fine
		}
		checkPartition(t, pos, idx, s, opts.MaxVertices, opts.MaxTriangles)
		for i, b := range s.Bounds {
			if math.IsNaN(float64(b.Radius)) || b.Radius < 0 || math.IsNaN(float64(b.ConeCutoff)) {
				t.Fatalf("meshlet %d: bounds %+v", i, b)
			}
		}
	})
}
