package renderbench

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// TestWriteRasterTriangles writes each raster benchmark scene as the
// peers' binary triangle soup (uint32 count, then 9 float32 per world-space
// triangle at time 0) into $INGOT_RASTER_TRI_DIR, for Mesa llvmpipe's
// gl_bench (../shared/peers): BENCHMARKS.md's frames for scale. Skipped
// when the variable is unset.
func TestWriteRasterTriangles(t *testing.T) {
	dir := os.Getenv("INGOT_RASTER_TRI_DIR")
	if dir == "" {
		t.Skip("INGOT_RASTER_TRI_DIR not set")
	}
	for _, sc := range rasterScenes {
		s, err := sc.load("../../../../shared/scenes")
		if err != nil {
			t.Logf("%s: %v", sc.name, err)
			continue
		}
		soup := triangleSoup(s)
		b := binary.LittleEndian.AppendUint32(nil, uint32(len(soup)/9))
		for _, v := range soup {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
		if err := os.WriteFile(filepath.Join(dir, sc.name+".tri"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d triangles", sc.name, len(soup)/9)
	}
}

// triangleSoup is every triangle-list triangle of s at time 0 in world
// space.
func triangleSoup(s *model.Scene) []float32 {
	var out []float32
	p := s.PoseAt(0)
	for _, in := range s.InstancesOf(p) {
		m := s.Deform(in, p)
		for _, pr := range m.Primitives {
			if pr.Mode != model.Triangles {
				continue
			}
			for _, i := range pr.Indices {
				v := in.Transform.Mul4x1(mgl32.Vec3(pr.Positions[i]).Vec4(1))
				out = append(out, v[0], v[1], v[2])
			}
		}
	}
	return out
}
