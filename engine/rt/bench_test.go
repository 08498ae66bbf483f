package rt_test

import (
	"bufio"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

// loadOBJ reads the positions and triangulated faces of an OBJ file
// (enough for the bunny).
func loadOBJ(path string) (pos []float32, idx []uint32, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "v":
			for _, s := range fs[1:4] {
				x, err := strconv.ParseFloat(s, 32)
				if err != nil {
					return nil, nil, err
				}
				pos = append(pos, float32(x))
			}
		case "f":
			var vs []uint32
			for _, s := range fs[1:] {
				s, _, _ = strings.Cut(s, "/")
				n, err := strconv.Atoi(s)
				if err != nil {
					return nil, nil, err
				}
				if n < 0 {
					n += len(pos)/3 + 1
				}
				vs = append(vs, uint32(n-1))
			}
			for k := 1; k+1 < len(vs); k++ {
				idx = append(idx, vs[0], vs[k], vs[k+1])
			}
		}
	}
	return pos, idx, sc.Err()
}

const traceSrc = `
kernel void trace(primitive_acceleration_structure as [[buffer(0)]], const device Ray* rays [[buffer(1)]],
                  device float2* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<> i;
    auto h = i.intersect(r, as);
    out[id] = float2(h.distance, as_type<float>(h.primitive_id));
}
`

// bunnyRays returns primary rays (a 256×256 pinhole camera) or incoherent
// rays (random origins in the bounds, random directions).
func bunnyRays(pos []float32, primary bool, n int) []accel.Ray {
	var lo, hi [3]float32
	for k := 0; k < 3; k++ {
		lo[k], hi[k] = float32(math.Inf(1)), float32(math.Inf(-1))
	}
	for i := 0; i+2 < len(pos); i += 3 {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(lo[k], pos[i+k]), max(hi[k], pos[i+k])
		}
	}
	rays := make([]accel.Ray, 0, n)
	if primary {
		w := int(math.Sqrt(float64(n)))
		c := [3]float32{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}
		fov := float32(math.Tan(math.Pi / 8))
		eye := [3]float32{c[0], c[1], c[2] + max(hi[0]-lo[0], hi[1]-lo[1])/2/fov + (hi[2]-lo[2])/2}
		for y := 0; y < w; y++ {
			for x := 0; x < w; x++ {
				d := [3]float32{(2*(float32(x)+0.5)/float32(w) - 1) * fov, (1 - 2*(float32(y)+0.5)/float32(w)) * fov, -1}
				rays = append(rays, accel.NewRay(eye, d))
			}
		}
		return rays
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for len(rays) < n {
		z := 2*rng.Float64() - 1
		a := 2 * math.Pi * rng.Float64()
		r := math.Sqrt(1 - z*z)
		o := [3]float32{lo[0] + (hi[0]-lo[0])*rng.Float32(), lo[1] + (hi[1]-lo[1])*rng.Float32(), lo[2] + (hi[2]-lo[2])*rng.Float32()}
		rays = append(rays, accel.NewRay(o, [3]float32{float32(r * math.Cos(a)), float32(r * math.Sin(a)), float32(z)}))
	}
	return rays
}

// BenchmarkBunnyIntersect measures an MSL kernel calling intersect() on
// the bunny (1 worker) against the Go-level batched traversal of the same
// rays in the same run; x-go-over-msl is the Go rate over the MSL rate.
func BenchmarkBunnyIntersect(b *testing.B) {
	path := filepath.Join("..", "..", "..", "shared", "scenes", "bunny", "bunny.obj")
	pos, idx, err := loadOBJ(path)
	if err != nil {
		b.Skipf("bunny not available: %v", err)
	}
	s, err := accel.BuildPrimitive(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{accel.MeshGeometry(pos, idx)}})
	if err != nil {
		b.Fatal(err)
	}
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	res := lowerKernel(b, traceSrc, "trace", lower.Options{})
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Workers: 1, Intrinsics: rt.Intrinsics(reg)})
	if err != nil {
		b.Fatal(err)
	}
	const n = 65536
	for _, kind := range []string{"primary", "incoherent"} {
		b.Run(kind, func(b *testing.B) {
			rays := bunnyRays(pos, kind == "primary", n)
			d := &dispatch{threads: n, handles: map[int]uint64{0: 1}, bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, 8*n)}}
			args, mem, bufs := d.build(b, res)
			grid := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1})
			// Go-level baseline: the same rays through Traverser.IntersectBatch.
			tr := accel.NewTraverser()
			var rb accel.RayBatch
			var hits [accel.BatchSize]accel.Hit
			goRun := func() {
				for lo := 0; lo < n; lo += accel.BatchSize {
					rb.Active = 0
					for i := lo; i < lo+accel.BatchSize; i++ {
						rb.Set(i-lo, &rays[i])
					}
					tr.IntersectBatch(s, nil, &rb, nil, &hits)
				}
			}
			// Alternate the two in every iteration so load on the machine
			// hits both alike.
			var goSec, mslSec float64
			for b.Loop() {
				t0 := nowSec()
				if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: args, Memory: mem}); err != nil {
					b.Fatal(err)
				}
				t1 := nowSec()
				goRun()
				goSec += nowSec() - t1
				mslSec += t1 - t0
			}
			msl := float64(n) * float64(b.N) / mslSec / 1e6
			goRate := float64(n) * float64(b.N) / goSec / 1e6
			// Spot-check the kernel's results against the Go traversal.
			for i := 0; i < n; i += 997 {
				h := s.Intersect(rays[i], nil, nil)
				gotPrim := math.Float32bits(math.Float32frombits(uint32(bufs[2][8*i+4]) | uint32(bufs[2][8*i+5])<<8 | uint32(bufs[2][8*i+6])<<16 | uint32(bufs[2][8*i+7])<<24))
				if h.Type != accel.HitNone && gotPrim != h.PrimitiveID {
					b.Fatalf("ray %d: prim %d, want %d", i, gotPrim, h.PrimitiveID)
				}
			}
			b.ReportMetric(msl, "Mrays/s-msl")
			b.ReportMetric(goRate, "Mrays/s-go")
			b.ReportMetric(goRate/msl, "x-go-over-msl")
		})
	}
}
