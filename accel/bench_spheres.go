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
	"github.com/ingot-render/ingot/accel/internal/refbvh"
)

// SpheresScene loads MetalRoughSpheresNoTextures (about one million
// triangles, instanced) from scenesDir and builds one primitive structure
// per mesh and an instance structure over them.
func SpheresScene(ctx context.Context, scenesDir string, b BuildOptions) (*Structure, int, error) {
	sc, err := loadSpheres(scenesDir)
	if err != nil {
		return nil, 0, err
	}
	s, err := sc.build(ctx, b)
	return s, sc.tris, err
}

// spheres is the spheres scene's meshes and instances as loaded.
type spheres struct {
	meshes []*benchscene.Mesh
	places []benchscene.Placement
	tris   int // over all instances
}

func loadSpheres(scenesDir string) (*spheres, error) {
	meshes, places, err := benchscene.LoadGLTF(filepath.Join(scenesDir, "MetalRoughSpheresNoTextures", "glTF", "MetalRoughSpheresNoTextures.gltf"))
	if err != nil {
		return nil, err
	}
	sc := &spheres{meshes: meshes, places: places}
	for _, p := range places {
		sc.tris += meshes[p.Mesh].Triangles()
	}
	return sc, nil
}

// transform is placement p's object-to-world transform (column-major 4×3).
func (sc *spheres) transform(p int) Float4x3 {
	var xf Float4x3
	for c := 0; c < 4; c++ {
		for r := 0; r < 3; r++ {
			xf[3*c+r] = float32(sc.places[p].Matrix[4*c+r])
		}
	}
	return xf
}

// build builds the primitive structures and the instance structure.
func (sc *spheres) build(ctx context.Context, b BuildOptions) (*Structure, error) {
	blas := make([]*Structure, len(sc.meshes))
	var err error
	for i, m := range sc.meshes {
		blas[i], err = BuildPrimitive(ctx, &PrimitiveDescriptor{Geometries: []Geometry{MeshGeometry(m.Positions, m.Indices)}, Build: b})
		if err != nil {
			return nil, err
		}
	}
	inst := make([]Instance, len(sc.places))
	for i, p := range sc.places {
		inst[i] = Instance{Transform: sc.transform(i), Mask: 0xff, StructureIndex: uint32(p.Mesh), UserID: uint32(i)}
	}
	return BuildInstance(ctx, &InstanceDescriptor{Instances: inst, Structures: blas, Build: b})
}

// buildRef builds the baseline: a refbvh BVH per mesh and a two-level
// refbvh scene over the same instances.
func (sc *spheres) buildRef(workers int) (*refbvh.Scene, error) {
	bvhs := make([]*refbvh.BVH, len(sc.meshes))
	var err error
	for i, m := range sc.meshes {
		if bvhs[i], err = refbvh.Build(m.Positions, m.Indices, workers); err != nil {
			return nil, err
		}
	}
	inst := make([]refbvh.Instance, len(sc.places))
	for i, p := range sc.places {
		inst[i] = refbvh.Instance{BVH: bvhs[p.Mesh], ObjectToWorld: sc.transform(i)}
	}
	return refbvh.BuildScene(inst, workers)
}

// sphereBenchmarks measures the spheres scene: the build of its primitive
// and instance structures (without loading) and closest-hit rays, each
// beside the baseline measured in the same run on the same workers, a
// plain two-level BVH in scalar Go (accel/internal/refbvh: a binary BVH
// per mesh and one over the instances' world bounds, whose leaves move the
// ray into each instance's object space).
func sphereBenchmarks(ctx context.Context, o BenchOptions) ([]BenchResult, error) {
	sc, err := loadSpheres(o.ScenesDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("accel: spheres: %w", err)
	}
	res := []BenchResult{{Name: "spheres/triangles", Value: float64(sc.tris), Unit: "tris"}}
	var s *Structure
	var ref *refbvh.Scene
	for _, w := range o.Workers {
		best, refBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for r := 0; r < o.Repeat; r++ { // alternate ingot and the baseline
			t0 := time.Now()
			if s, err = sc.build(ctx, BuildOptions{Workers: w}); err != nil {
				return nil, fmt.Errorf("accel: spheres: %w", err)
			}
			best = min(best, time.Since(t0))
			t0 = time.Now()
			if ref, err = sc.buildRef(w); err != nil {
				return nil, fmt.Errorf("accel: spheres: %w", err)
			}
			refBest = min(refBest, time.Since(t0))
		}
		res = append(res, BenchResult{Name: fmt.Sprintf("spheres/build(blas+tlas)/workers=%d", w), Value: ms(best), Unit: "ms", Workers: w,
			Baseline: ms(refBest), BaselineName: refSceneName(w), Ratio: ms(best) / ms(refBest)})
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
		refRays := toRefRays(rays)
		for _, w := range o.Workers {
			baseline := func(hits []refbvh.Hit) error {
				return refSceneIntersect(ctx, ref, refRays, hits, set.opts.AcceptAny, w)
			}
			rate, base, err := rayRates(ctx, s, baseline, rays, &set.opts, w, o.Repeat, false)
			if err != nil {
				return nil, err
			}
			res = append(res, BenchResult{Name: fmt.Sprintf("spheres/%s/single/workers=%d", set.name, w), Value: rate, Unit: "Mrays/s", Workers: w,
				Baseline: base, BaselineName: refSceneName(w), Ratio: rate / base})
		}
	}
	return res, nil
}

// refSceneName names the two-level baseline measured on w workers.
func refSceneName(w int) string {
	return fmt.Sprintf("refbvh.Scene (two-level binary binned-SAH BVH, scalar Go), %d worker(s)", w)
}
