package refbvh

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSceneMatchesBruteForce checks a two-level scene (two meshes, many
// rotated, scaled and translated instances) against brute force: every
// instance's every triangle, with the ray moved into its object space as
// the scene does. Closest hits must agree bit for bit in distance (and in
// instance and triangle unless two share the distance), any hits in the
// verdict.
func TestSceneMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	var meshes []*BVH
	for _, n := range []int{100, 600} {
		pos, idx := soupMesh(rng, n, 0.08)
		b, err := Build(pos, idx, 1)
		if err != nil {
			t.Fatal(err)
		}
		meshes = append(meshes, b)
	}
	var inst []Instance
	for i := range 40 {
		a := rng.Float64() * 2 * math.Pi
		s := float32(0.2 + 0.3*rng.Float64())
		c, sn := float32(math.Cos(a))*s, float32(math.Sin(a))*s
		xf := [12]float32{c, sn, 0, -sn, c, 0, 0, 0, s, rng.Float32()*3 - 1, rng.Float32()*3 - 1, rng.Float32() - 0.5}
		inst = append(inst, Instance{BVH: meshes[i%2], ObjectToWorld: xf})
	}
	for _, workers := range []int{1, 4} {
		sc, err := BuildScene(inst, workers)
		if err != nil {
			t.Fatal(err)
		}
		hits := 0
		for i := range 600 {
			o := [3]float32{rng.Float32()*4 - 1.5, rng.Float32()*4 - 1.5, rng.Float32()*2 - 1}
			d := [3]float32{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}
			r := Ray{Origin: o, Dir: d, TMax: float32(math.Inf(1))}
			var want SceneHit
			wok := false
			for j := range sc.inst {
				in := &sc.inst[j]
				or := Ray{Origin: xfPoint(&in.worldToObject, o), Dir: xfVector(&in.worldToObject, d), TMin: r.TMin, TMax: r.TMax}
				if wok {
					or.TMax = want.T
				}
				if h, ok := bruteForce(in.bvh, &or, false); ok {
					want, wok = SceneHit{Hit: h, Instance: uint32(j)}, true
				}
			}
			var got SceneHit
			gok := sc.Intersect(&r, &got)
			if gok != wok || gok && math.Float32bits(got.T) != math.Float32bits(want.T) {
				t.Fatalf("workers=%d ray %d %+v: got %v %+v, brute force %v %+v", workers, i, r, gok, got, wok, want)
			}
			if o := sc.Occluded(&r); o != wok {
				t.Fatalf("workers=%d ray %d: occluded %v, brute force hit %v", workers, i, o, wok)
			}
			if gok {
				hits++
			}
		}
		if hits < 60 || hits > 540 {
			t.Errorf("workers=%d: %d of 600 rays hit: a weak comparison", workers, hits)
		}
	}
	if _, err := BuildScene([]Instance{{BVH: meshes[0]}}, 1); err == nil {
		t.Error("a zero transform was accepted")
	}
}
