package accel

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
	"github.com/ingot-render/ingot/accel/internal/refbvh"
)

// BenchOptions configure RunBenchmarks.
type BenchOptions struct {
	// ScenesDir is the shared scenes directory (holding bunny/bunny.obj and
	// MetalRoughSpheresNoTextures/glTF/…).
	ScenesDir string
	// Rays per ray benchmark; 0 means 262144.
	Rays int
	// Workers lists the worker counts to measure; nil means {1, 2}.
	Workers []int
	// Repeat runs each measurement this many times and keeps the best;
	// 0 means 3.
	Repeat int
}

// BenchResult is one measured figure.
type BenchResult struct {
	Name  string
	Value float64
	Unit  string
	// Workers is the number of goroutines of the measurement (ingot's and
	// the baseline's alike).
	Workers int
	// Baseline is the same figure for the baseline measured in the same
	// run with the same number of workers, or 0: the build time and ray
	// rate of a plain binary binned-SAH BVH in scalar Go
	// (accel/internal/refbvh), on the same mesh and rays.
	Baseline     float64
	BaselineName string
	// Ratio is Value/Baseline (higher is better for rates, lower for
	// times), or 0 without a baseline.
	Ratio float64
}

// MeshGeometry wraps an indexed float3 mesh as a triangle geometry.
func MeshGeometry(positions []float32, indices []uint32) *TriangleGeometry {
	vb := make([]byte, 4*len(positions))
	for i, v := range positions {
		binary.LittleEndian.PutUint32(vb[4*i:], math.Float32bits(v))
	}
	ib := make([]byte, 4*len(indices))
	for i, v := range indices {
		binary.LittleEndian.PutUint32(ib[4*i:], v)
	}
	return &TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: true}, VertexData: vb, VertexFormat: VertexFloat3,
		IndexData: ib, IndexType: IndexUint32, TriangleCount: len(indices) / 3}
}

func toRays(in []benchscene.Ray) []Ray {
	out := make([]Ray, len(in))
	for i, r := range in {
		out[i] = NewRay(r.Origin, r.Direction)
	}
	return out
}

// RunBenchmarks measures build and traversal on the bunny and on the
// instanced spheres scene. Missing scene files are skipped.
func RunBenchmarks(ctx context.Context, o BenchOptions) ([]BenchResult, error) {
	if o.Rays <= 0 {
		o.Rays = 262144
	}
	if o.Workers == nil {
		o.Workers = []int{1, 2}
	}
	if o.Repeat <= 0 {
		o.Repeat = 3
	}
	res, err := bunnyBenchmarks(ctx, o)
	if err != nil {
		return nil, err
	}
	sres, err := sphereBenchmarks(ctx, o)
	if err != nil {
		return nil, err
	}
	return append(res, sres...), nil
}

func bunnyBenchmarks(ctx context.Context, o BenchOptions) ([]BenchResult, error) {
	var res []BenchResult
	mesh, err := benchscene.LoadOBJ(filepath.Join(o.ScenesDir, "bunny", "bunny.obj"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("accel: bunny: %w", err)
	}
	geom := MeshGeometry(mesh.Positions, mesh.Indices)
	var s *Structure
	var ref *refbvh.BVH
	for _, w := range o.Workers {
		best, refBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for r := 0; r < o.Repeat; r++ { // alternate ingot and the baseline
			t0 := time.Now()
			s, err = BuildPrimitive(ctx, &PrimitiveDescriptor{Geometries: []Geometry{geom}, Build: BuildOptions{Workers: w}})
			if err != nil {
				return nil, err
			}
			best = min(best, time.Since(t0))
			t0 = time.Now()
			ref, err = refbvh.Build(mesh.Positions, mesh.Indices, w)
			if err != nil {
				return nil, err
			}
			refBest = min(refBest, time.Since(t0))
		}
		res = append(res, BenchResult{Name: fmt.Sprintf("bunny/build/medium/workers=%d", w), Value: ms(best), Unit: "ms", Workers: w,
			Baseline: ms(refBest), BaselineName: refName(w), Ratio: ms(best) / ms(refBest)})
	}
	z := s.Sizes()
	res = append(res, BenchResult{Name: "bunny/bvh-node-bytes-per-triangle", Value: z.NodeBytesPerPrimitive(), Unit: "B/tri"},
		BenchResult{Name: "bunny/structure-bytes-per-triangle", Value: z.BytesPerPrimitive(), Unit: "B/tri"})
	lo, hi := mesh.Bounds()
	side := int(math.Sqrt(float64(o.Rays)))
	sets := []struct {
		name string
		rays []Ray
		opts Options
	}{
		{"primary/closest", toRays(benchscene.CameraRays(lo, hi, side, o.Rays/side)), Options{}},
		{"incoherent/closest", toRays(benchscene.IncoherentRays(mesh, o.Rays, 1)), Options{}},
		{"incoherent/shadow", toRays(benchscene.IncoherentRays(mesh, o.Rays, 1)), Options{AcceptAny: true}},
	}
	for _, set := range sets {
		refRays := toRefRays(set.rays)
		for _, api := range []string{"single", "batch"} {
			for _, w := range o.Workers {
				rate, base, err := rayRates(ctx, s, ref, set.rays, refRays, &set.opts, w, o.Repeat, api == "batch")
				if err != nil {
					return nil, err
				}
				res = append(res, BenchResult{Name: fmt.Sprintf("bunny/%s/%s/workers=%d", set.name, api, w), Value: rate, Unit: "Mrays/s", Workers: w,
					Baseline: base, BaselineName: refName(w), Ratio: rate / base})
			}
		}
	}
	return res, nil
}

// refName names the baseline measured on w workers.
func refName(w int) string {
	return fmt.Sprintf("refbvh (binary binned-SAH BVH, scalar Go), %d worker(s)", w)
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// rayRates measures Mrays/s (best of repeat runs) of the batch API
// (IntersectRays) or of the single-ray API (one Traverser per worker), and
// of the baseline on the same rays and workers, alternating the two.
func rayRates(ctx context.Context, s *Structure, ref *refbvh.BVH, rays []Ray, refRays []refbvh.Ray, opts *Options, workers, repeat int, batch bool) (rate, base float64, err error) {
	hits := make([]Hit, len(rays))
	refHits := make([]refbvh.Hit, len(rays))
	best, refBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for r := 0; r < repeat; r++ {
		t0 := time.Now()
		if batch {
			err = IntersectRays(ctx, s, opts, rays, hits, workers, nil)
		} else {
			err = intersectSingle(ctx, s, opts, rays, hits, workers)
		}
		if err != nil {
			return 0, 0, err
		}
		best = min(best, time.Since(t0))
		t0 = time.Now()
		if err = refIntersect(ctx, ref, refRays, refHits, opts.AcceptAny, workers); err != nil {
			return 0, 0, err
		}
		refBest = min(refBest, time.Since(t0))
	}
	return float64(len(rays)) / best.Seconds() / 1e6, float64(len(rays)) / refBest.Seconds() / 1e6, nil
}

// toRefRays converts rays for the baseline.
func toRefRays(rays []Ray) []refbvh.Ray {
	out := make([]refbvh.Ray, len(rays))
	for i, r := range rays {
		out[i] = refbvh.Ray{Origin: r.Origin, Dir: r.Direction, TMin: r.MinDistance, TMax: r.MaxDistance}
	}
	return out
}

// refIntersect traces rays through the baseline on workers goroutines,
// chunked like intersectSingle; anyHit selects occlusion rays.
func refIntersect(ctx context.Context, b *refbvh.BVH, rays []refbvh.Ray, hits []refbvh.Hit, anyHit bool, workers int) error {
	const chunk = 1024
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				lo := int(next.Add(chunk) - chunk)
				if lo >= len(rays) || ctx.Err() != nil {
					return
				}
				for i := lo; i < min(lo+chunk, len(rays)); i++ {
					if anyHit {
						hits[i] = refbvh.Hit{}
						if b.Occluded(&rays[i]) {
							hits[i].T = 1
						}
					} else if !b.Intersect(&rays[i], &hits[i]) {
						hits[i].T = float32(math.Inf(1))
					}
				}
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

// intersectSingle traces rays with the single-ray API on workers goroutines,
// each taking chunks of 1024 rays.
func intersectSingle(ctx context.Context, s *Structure, o *Options, rays []Ray, hits []Hit, workers int) error {
	const chunk = 1024
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := traverserPool.Get().(*Traverser)
			defer traverserPool.Put(tr)
			for {
				lo := int(next.Add(chunk) - chunk)
				if lo >= len(rays) || ctx.Err() != nil {
					return
				}
				for i := lo; i < min(lo+chunk, len(rays)); i++ {
					tr.Intersect(s, o, &rays[i], nil, &hits[i])
				}
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// rayRate measures ingot's Mrays/s alone (best of repeat runs), for scenes
// without a baseline.
func rayRate(ctx context.Context, s *Structure, rays []Ray, opts *Options, workers, repeat int, batch bool) (float64, error) {
	hits := make([]Hit, len(rays))
	best := time.Duration(math.MaxInt64)
	for r := 0; r < repeat; r++ {
		t0 := time.Now()
		var err error
		if batch {
			err = IntersectRays(ctx, s, opts, rays, hits, workers, nil)
		} else {
			err = intersectSingle(ctx, s, opts, rays, hits, workers)
		}
		if err != nil {
			return 0, err
		}
		best = min(best, time.Since(t0))
	}
	return float64(len(rays)) / best.Seconds() / 1e6, nil
}
