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
	sets = append(sets, peerSets(ctx, s, mesh, side, o.Rays/side)...)
	for _, set := range sets {
		refRays := toRefRays(set.rays)
		for _, api := range []string{"single", "batch"} {
			for _, w := range o.Workers {
				baseline := func(hits []refbvh.Hit) error {
					return refIntersect(ctx, ref, refRays, hits, set.opts.AcceptAny, w)
				}
				rate, base, err := rayRates(ctx, s, baseline, set.rays, &set.opts, w, o.Repeat, api == "batch")
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

// peerRaySet is a named ray set with its options.
type peerRaySet = struct {
	name string
	rays []Ray
	opts Options
}

// peerSets are the ray sets of the Embree harness
// (../shared/peers/embree/embree_bench.c, which takes the image size): its
// camera's w×h primary rays in tile order, its w·h incoherent rays (seed
// 12345) for closest and any hit, and its shadow rays (one per primary
// hit, towards the light; from ingot's hits on s, with the geometric
// normal of the hit triangle of m).
func peerSets(ctx context.Context, s *Structure, m *benchscene.Mesh, w, h int) []peerRaySet {
	lo, hi := m.Bounds()
	cam := benchscene.NewPeerCamera(lo, hi)
	prim := benchscene.PeerPrimaryRays(&cam, w, h)
	inc := toRays(benchscene.PeerIncoherentRays(lo, hi, w*h, 12345))
	pr := toRays(prim)
	hits := make([]Hit, len(pr))
	sets := []peerRaySet{
		{"peer-primary/closest", pr, Options{}},
		{"peer-incoherent/closest", inc, Options{}},
		{"peer-incoherent/shadow", inc, Options{AcceptAny: true}},
	}
	if IntersectRays(ctx, s, &Options{}, pr, hits, 1, nil) != nil {
		return sets
	}
	t := make([]float32, len(pr))
	n := make([][3]float32, len(pr))
	for i, hit := range hits {
		t[i] = -1
		if hit.Type != HitTriangle {
			continue
		}
		t[i] = hit.Distance
		var v [3][3]float32
		for j := 0; j < 3; j++ {
			vi := int(m.Indices[3*int(hit.PrimitiveID)+j])
			copy(v[j][:], m.Positions[3*vi:3*vi+3])
		}
		e1 := [3]float32{v[0][0] - v[1][0], v[0][1] - v[1][1], v[0][2] - v[1][2]}
		e2 := [3]float32{v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2]}
		n[i] = [3]float32{e1[1]*e2[2] - e1[2]*e2[1], e1[2]*e2[0] - e1[0]*e2[2], e1[0]*e2[1] - e1[1]*e2[0]}
	}
	return append(sets, peerRaySet{"peer-shadow/shadow", toRays(benchscene.PeerShadowRays(&cam, prim, t, n)), Options{AcceptAny: true}})
}

// refName names the baseline measured on w workers.
func refName(w int) string {
	return fmt.Sprintf("refbvh (binary binned-SAH BVH, scalar Go), %d worker(s)", w)
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// rayRates measures Mrays/s (best of repeat runs) of the batch API
// (IntersectRays, which writes every ray's Hit) or of the single-ray API
// (one Traverser per worker, each ray's hit into the worker's own Hit and
// counted, as Embree's harness keeps its RTCRayHit on the stack and counts
// the hits), and of the baseline (ref: the same rays on the same workers,
// written to hits in the batch form, counted in the single-ray one),
// alternating the two. The single-ray passes must find the same number of
// hits every time.
func rayRates(ctx context.Context, s *Structure, ref func(hits []refbvh.Hit) error, rays []Ray, opts *Options, workers, repeat int, batch bool) (rate, base float64, err error) {
	var hits []Hit
	var refHits []refbvh.Hit
	if batch {
		hits = make([]Hit, len(rays))
		refHits = make([]refbvh.Hit, len(rays))
	}
	best, refBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	count := int64(-1)
	for r := 0; r < repeat; r++ {
		t0 := time.Now()
		if batch {
			err = IntersectRays(ctx, s, opts, rays, hits, workers, nil)
		} else {
			var n int64
			n, err = intersectSingle(ctx, s, opts, rays, workers)
			if err == nil && count >= 0 && n != count {
				err = fmt.Errorf("accel: bench: single-ray passes found %d and %d hits", count, n)
			}
			count = n
		}
		if err != nil {
			return 0, 0, err
		}
		best = min(best, time.Since(t0))
		t0 = time.Now()
		if err = ref(refHits); err != nil {
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
// chunked like intersectSingle; anyHit selects occlusion rays. With hits
// nil each worker keeps its hits in its own Hit (the single-ray form).
func refIntersect(ctx context.Context, b *refbvh.BVH, rays []refbvh.Ray, hits []refbvh.Hit, anyHit bool, workers int) error {
	return refChunks(ctx, len(rays), hits, workers, func(i int, h *refbvh.Hit) {
		if anyHit {
			*h = refbvh.Hit{}
			if b.Occluded(&rays[i]) {
				h.T = 1
			}
		} else if !b.Intersect(&rays[i], h) {
			h.T = float32(math.Inf(1))
		}
	})
}

// refSceneIntersect is refIntersect through a two-level baseline scene.
func refSceneIntersect(ctx context.Context, sc *refbvh.Scene, rays []refbvh.Ray, hits []refbvh.Hit, anyHit bool, workers int) error {
	return refChunks(ctx, len(rays), hits, workers, func(i int, hit *refbvh.Hit) {
		var h refbvh.SceneHit
		switch {
		case anyHit:
			*hit = refbvh.Hit{}
			if sc.Occluded(&rays[i]) {
				hit.T = 1
			}
		case sc.Intersect(&rays[i], &h):
			*hit = h.Hit
		default:
			hit.T = float32(math.Inf(1))
		}
	})
}

// refChunks runs ray(i, h) for i in [0, n) on workers goroutines, each
// taking chunks of 1024 (as intersectSingle does); h is &hits[i], or the
// worker's own Hit when hits is nil.
func refChunks(ctx context.Context, n int, hits []refbvh.Hit, workers int, ray func(i int, h *refbvh.Hit)) error {
	const chunk = 1024
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var own refbvh.Hit
			for {
				lo := int(next.Add(chunk) - chunk)
				if lo >= n || ctx.Err() != nil {
					return
				}
				for i := lo; i < min(lo+chunk, n); i++ {
					h := &own
					if hits != nil {
						h = &hits[i]
					}
					ray(i, h)
				}
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

// intersectSingle traces rays with the single-ray API on workers
// goroutines, each taking chunks of 1024 rays and tracing them into its
// own Hit, and returns the number of rays that hit.
func intersectSingle(ctx context.Context, s *Structure, o *Options, rays []Ray, workers int) (int64, error) {
	const chunk = 1024
	var next, hits atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := traverserPool.Get().(*Traverser)
			defer traverserPool.Put(tr)
			var h Hit
			n := int64(0)
			for {
				lo := int(next.Add(chunk) - chunk)
				if lo >= len(rays) || ctx.Err() != nil {
					break
				}
				for i := lo; i < min(lo+chunk, len(rays)); i++ {
					tr.Intersect(s, o, &rays[i], nil, &h)
					if h.Type != HitNone {
						n++
					}
				}
			}
			hits.Add(n)
		}()
	}
	wg.Wait()
	return hits.Load(), ctx.Err()
}
