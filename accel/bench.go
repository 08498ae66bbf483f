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
	// Baseline is the same figure for a naive method measured in the same
	// run (brute force over all primitives for rays), or 0.
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
	for _, w := range o.Workers {
		best := time.Duration(math.MaxInt64)
		for r := 0; r < o.Repeat; r++ {
			t0 := time.Now()
			s, err = BuildPrimitive(ctx, &PrimitiveDescriptor{Geometries: []Geometry{geom}, Build: BuildOptions{Workers: w}})
			if err != nil {
				return nil, err
			}
			best = min(best, time.Since(t0))
		}
		res = append(res, BenchResult{Name: fmt.Sprintf("bunny/build/medium/workers=%d", w), Value: ms(best), Unit: "ms"})
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
		brute := bruteRate(s, set.rays, &set.opts)
		for _, api := range []string{"single", "batch"} {
			for _, w := range o.Workers {
				rate, err := rayRate(ctx, s, set.rays, &set.opts, w, o.Repeat, api == "batch")
				if err != nil {
					return nil, err
				}
				res = append(res, BenchResult{Name: fmt.Sprintf("bunny/%s/%s/workers=%d", set.name, api, w), Value: rate, Unit: "Mrays/s",
					Baseline: brute, BaselineName: "brute force, 1 worker", Ratio: rate / brute})
			}
		}
	}
	return res, nil
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// rayRate measures Mrays/s (best of repeat runs) of the batch API
// (IntersectRays) or of the single-ray API (one Traverser per worker).
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

// bruteRate measures brute force (every primitive of a primitive structure)
// on a subset of rays.
func bruteRate(s *Structure, rays []Ray, opts *Options) float64 {
	n := min(len(rays), 1+(1<<22)/max(s.primCount, 1))
	var h Hit
	t0 := time.Now()
	for i := 0; i < n; i++ {
		BruteForce(s, &rays[i*len(rays)/n], opts, &h)
	}
	return float64(n) / time.Since(t0).Seconds() / 1e6
}
