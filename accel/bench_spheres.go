package accel

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

// SpheresScene loads MetalRoughSpheresNoTextures (about one million
// triangles, instanced) from scenesDir and builds one primitive structure
// per mesh and an instance structure over them.
func SpheresScene(ctx context.Context, scenesDir string, b BuildOptions) (*Structure, int, error) {
	meshes, places, err := benchscene.LoadGLTF(filepath.Join(scenesDir, "MetalRoughSpheresNoTextures", "glTF", "MetalRoughSpheresNoTextures.gltf"))
	if err != nil {
		return nil, 0, err
	}
	blas := make([]*Structure, len(meshes))
	for i, m := range meshes {
		blas[i], err = BuildPrimitive(ctx, &PrimitiveDescriptor{Geometries: []Geometry{MeshGeometry(m.Positions, m.Indices)}, Build: b})
		if err != nil {
			return nil, 0, err
		}
	}
	inst := make([]Instance, len(places))
	tris := 0
	for i, p := range places {
		var xf Float4x3
		for c := 0; c < 4; c++ {
			for r := 0; r < 3; r++ {
				xf[3*c+r] = float32(p.Matrix[4*c+r])
			}
		}
		inst[i] = Instance{Transform: xf, Mask: 0xff, StructureIndex: uint32(p.Mesh), UserID: uint32(i)}
		tris += meshes[p.Mesh].Triangles()
	}
	s, err := BuildInstance(ctx, &InstanceDescriptor{Instances: inst, Structures: blas, Build: b})
	return s, tris, err
}

func sphereBenchmarks(ctx context.Context, o BenchOptions) ([]BenchResult, error) {
	t0 := time.Now()
	s, tris, err := SpheresScene(ctx, o.ScenesDir, BuildOptions{})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("accel: spheres: %w", err)
	}
	build := time.Since(t0)
	res := []BenchResult{
		{Name: "spheres/triangles", Value: float64(tris), Unit: "tris"},
		{Name: "spheres/build(load+blas+tlas)", Value: ms(build), Unit: "ms"},
	}
	lo, hi := s.Bounds()
	side := int(math.Sqrt(float64(o.Rays)))
	sets := []struct {
		name string
		rays []benchscene.Ray
		opts Options
	}{
		{"primary/closest", benchscene.CameraRays(lo, hi, side, o.Rays/side), Options{}},
		{"incoherent/closest", benchscene.BoxRays(lo, hi, o.Rays, 2), Options{}},
	}
	for _, set := range sets {
		rays := toRays(set.rays)
		for _, w := range o.Workers {
			rate, err := rayRate(ctx, s, rays, &set.opts, w, o.Repeat, false)
			if err != nil {
				return nil, err
			}
			res = append(res, BenchResult{Name: fmt.Sprintf("spheres/%s/single/workers=%d", set.name, w), Value: rate, Unit: "Mrays/s", Workers: w})
		}
	}
	return res, nil
}
