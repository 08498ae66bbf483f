package engine_test

import (
	"image"
	"math"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/internal/testkit"
)

// Native Go twin of testdata/raytrace.metal over the same accel structure,
// used as the independent reference of TestRayTracingSampleNative and as
// the baseline of BenchmarkRayTracingSample.

type vec3 = [3]float32

func add(a, b vec3) vec3           { return vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func sub(a, b vec3) vec3           { return vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func scale(a vec3, s float32) vec3 { return vec3{a[0] * s, a[1] * s, a[2] * s} }
func dot(a, b vec3) float32        { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func sqrt32(x float32) float32     { return float32(math.Sqrt(float64(x))) }
func normalize(a vec3) vec3        { return scale(a, 1/sqrt32(dot(a, a))) }
func saturate(x float32) float32   { return min(max(x, 0), 1) }

// nativeSphere is sphereIntersection.
func nativeSphere(c *accel.Candidate) accel.Decision {
	sp := sampleSpheres[c.PrimitiveID]
	oc := sub(c.Origin, vec3{sp[0], sp[1], sp[2]})
	a := dot(c.Direction, c.Direction)
	b := 2 * dot(oc, c.Direction)
	cc := dot(oc, oc) - sp[3]*sp[3]
	disc := b*b - 4*a*cc
	if disc <= 0 {
		return accel.Decision{Continue: true}
	}
	q := sqrt32(disc)
	t := (-b - q) / (2 * a)
	if t < c.MinDistance {
		t = (-b + q) / (2 * a)
	}
	if t >= c.MinDistance && t <= c.MaxDistance {
		return accel.Decision{Accept: true, Continue: true, Distance: t}
	}
	return accel.Decision{Continue: true}
}

// nativeSample renders the sample scene (top-level structure s) into img.
func nativeSample(s *accel.Structure, img *image.NRGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	aspect := float32(w) / float32(h)
	sc := float32(math.Tan(float64(float32(sampleFov) * 0.5)))
	eye := vec3{0, 0, sampleEye}
	closest, anyHit := &accel.Options{}, &accel.Options{AcceptAny: true}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			u := (float32(x)+0.5)/float32(w)*2 - 1
			v := -((float32(y)+0.5)/float32(h)*2 - 1)
			r := accel.NewRay(eye, normalize(vec3{u * sc * aspect, v * sc, -1}))
			r.MaxDistance, r.Mask = 100, 0xFF
			hit := s.Intersect(r, closest, nativeSphere)
			color := vec3{0.02, 0.02, 0.05}
			if hit.Type != accel.HitNone {
				p := add(r.Origin, scale(r.Direction, hit.Distance))
				var n, albedo vec3
				if hit.Type == accel.HitTriangle {
					q := roomQuads[hit.PrimitiveID/2]
					n, albedo = q.normal, q.color
				} else {
					sp := sampleSpheres[hit.PrimitiveID]
					n, albedo = normalize(sub(p, vec3{sp[0], sp[1], sp[2]})), vec3{sp[4], sp[5], sp[6]}
				}
				if dot(n, r.Direction) > 0 {
					n = scale(n, -1)
				}
				toLight := sub(sampleLight, p)
				dist := sqrt32(dot(toLight, toLight))
				l := scale(toLight, 1/dist)
				lambert := max(dot(n, l), 0)
				var lit float32
				if lambert > 0 {
					sr := accel.NewRay(add(p, scale(n, 1e-3)), l)
					sr.MaxDistance, sr.Mask = dist-1e-3, 0xFF
					if s.Intersect(sr, anyHit, nativeSphere).Type == accel.HitNone {
						lit = 1
					}
				}
				color = scale(albedo, 0.12+0.88*lambert*lit)
			}
			o := 4 * (y*w + x)
			for c := 0; c < 3; c++ {
				img.Pix[o+c] = uint8(uint32(sqrt32(saturate(color[c]))*255 + 0.5))
			}
			img.Pix[o+3] = 255
		}
	}
}

// TestRayTracingSampleNative compares the engine's render with the
// native Go twin of the kernel over the same structure: the function
// table, instance transform, shadow rays and shading agree (channel
// difference ≤ 2 — float rounding of sqrt/tan/normalize — on all but
// 0.5 % of pixels, where a shadow or silhouette edge may flip).
func TestRayTracingSampleNative(t *testing.T) {
	const w, h = 96, 64
	run := setupSample(t, 2, w, h)
	got := run.render()
	want := image.NewNRGBA(image.Rect(0, 0, w, h))
	nativeSample(run.scene.Structure(), want)
	d, err := testkit.CompareImages(want, got, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("engine vs native: %d of %d pixels beyond 2, max delta %d, RMSE %.3f", d.Bad, d.Total, d.MaxDelta, d.RMSE)
	if float64(d.Bad) > 0.005*float64(d.Total) {
		t.Fatalf("engine and native renders differ: %d of %d pixels beyond 2 (max delta %d)", d.Bad, d.Total, d.MaxDelta)
	}
}

// BenchmarkRayTracingSample renders the sample through the engine and
// through the native Go twin (one goroutine; the engine uses 2 workers)
// in the same run and reports engine/native on the native sub-benchmark.
func BenchmarkRayTracingSample(b *testing.B) {
	const w, h = 96, 64
	run := setupSample(b, 2, w, h)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	var engineNs float64
	b.Run("engine", func(b *testing.B) {
		for b.Loop() {
			run.render()
		}
		engineNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("native", func(b *testing.B) {
		for b.Loop() {
			nativeSample(run.scene.Structure(), img)
		}
		nativeNs := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		if engineNs > 0 && nativeNs > 0 {
			b.ReportMetric(engineNs/nativeNs, "engine/native")
		}
	})
}
