package accel

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

func f32bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// soup returns n random triangles (non-indexed, packed float3) of size sz
// inside [0,1]^3.
// streamAlways lifts the stream kernel's size floor (streamMinBytes) for
// the rest of the test, so that small structures take it.
func streamAlways(t testing.TB) {
	saved := streamMinBytes
	streamMinBytes = 0
	t.Cleanup(func() { streamMinBytes = saved })
}

func soup(rng *rand.Rand, n int, sz float32) []float32 {
	v := make([]float32, 0, 9*n)
	for i := 0; i < n; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				v = append(v, c[k]+(rng.Float32()-0.5)*sz)
			}
		}
	}
	return v
}

func soupGeometry(v []float32, opaque bool) *TriangleGeometry {
	return &TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: opaque}, VertexData: f32bytes(v), TriangleCount: len(v) / 9}
}

func mustPrim(t testing.TB, d *PrimitiveDescriptor) *Structure {
	t.Helper()
	s, err := BuildPrimitive(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustInst(t testing.TB, d *InstanceDescriptor) *Structure {
	t.Helper()
	s, err := BuildInstance(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomRay returns a ray from a random point around the unit cube toward
// a random point in it.
func randomRay(rng *rand.Rand, lo, hi float32) Ray {
	o := [3]float32{lo + (hi-lo)*rng.Float32(), lo + (hi-lo)*rng.Float32(), lo + (hi-lo)*rng.Float32()}
	tgt := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
	d := [3]float32{tgt[0] - o[0], tgt[1] - o[1], tgt[2] - o[2]}
	if d == [3]float32{} {
		d[0] = 1
	}
	return NewRay(o, d)
}

// randomTransform returns a rotation·scale + translation.
func randomTransform(rng *rand.Rand) Float4x3 {
	q := [4]float32{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}
	m := quatMatrix(q)
	sc := 0.5 + rng.Float32()
	for i := 0; i < 9; i++ {
		m[i] *= sc
	}
	m[9], m[10], m[11] = rng.Float32()*2-0.5, rng.Float32()*2-0.5, rng.Float32()*2-0.5
	return m
}

// sameHit compares a traversal result with the brute-force reference.
func sameHit(t *testing.T, what string, got, want *Hit) {
	t.Helper()
	if got.Type != want.Type {
		t.Fatalf("%s: type %v, brute force %v (t=%v vs %v)", what, got.Type, want.Type, got.Distance, want.Distance)
	}
	if got.Type == HitNone {
		return
	}
	d := math.Abs(float64(got.Distance - want.Distance))
	if d > 1e-6*math.Abs(float64(want.Distance)) {
		t.Fatalf("%s: distance %v, brute force %v", what, got.Distance, want.Distance)
	}
	if got.PrimitiveID != want.PrimitiveID || got.GeometryID != want.GeometryID || got.InstanceCount != want.InstanceCount || got.InstanceID != want.InstanceID {
		if got.Distance != want.Distance { // equal distances are ties: either primitive is right
			t.Fatalf("%s: hit prim %d geom %d inst %v, brute force prim %d geom %d inst %v", what,
				got.PrimitiveID, got.GeometryID, got.InstanceID[:got.InstanceCount], want.PrimitiveID, want.GeometryID, want.InstanceID[:want.InstanceCount])
		}
		return
	}
	if got.Barycentrics != want.Barycentrics || got.FrontFacing != want.FrontFacing || got.UserInstanceID != want.UserInstanceID {
		t.Fatalf("%s: hit attributes differ: %+v vs %+v", what, got, want)
	}
}

// checkRays traces rays through s by single-ray, batch and bulk APIs and
// compares each with brute force.
func checkRays(t *testing.T, name string, s *Structure, o *Options, rays []Ray) {
	t.Helper()
	checkRaysWant(t, name, s, o, rays, nil)
}

// bruteHits is BruteForce of every ray.
func bruteHits(s *Structure, o *Options, rays []Ray) []Hit {
	want := make([]Hit, len(rays))
	for i := range rays {
		BruteForce(s, &rays[i], o, &want[i])
	}
	return want
}

// checkRaysWant is checkRays against brute-force hits computed before
// (bruteHits, on a structure over the same primitives: its hits do not
// depend on the tree), or, with a nil want, now.
func checkRaysWant(t *testing.T, name string, s *Structure, o *Options, rays []Ray, wants []Hit) {
	t.Helper()
	if wants == nil {
		wants = bruteHits(s, o, rays)
	}
	tr := NewTraverser()
	hits := make([]Hit, len(rays))
	if err := IntersectRays(context.Background(), s, o, rays, hits, 2, nil); err != nil {
		t.Fatal(err)
	}
	var got Hit
	nhit := 0
	for i := range rays {
		want := &wants[i]
		tr.Intersect(s, o, &rays[i], nil, &got)
		sameHit(t, name+"/single", &got, want)
		sameHit(t, name+"/batch", &hits[i], want)
		if want.Type != HitNone {
			nhit++
		}
	}
	if nhit == 0 || nhit == len(rays) {
		t.Logf("%s: %d of %d rays hit (test may be weak)", name, nhit, len(rays))
	}
}
