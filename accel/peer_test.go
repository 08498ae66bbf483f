package accel

import "testing"

// TestPeerRaySetsHitCounts traces the Embree harness's ray sets (peerSets)
// through the bunny and compares the hit counts with those embree_bench
// prints for the same sets (`embree_bench ../shared/scenes/bunny/bunny.obj
// -w 512 -h 512`: "hits" of primary and incoherent, "occluded" of shadow),
// so that the two trace the same rays. The shadow rays start at ingot's
// own hit points, which may differ from Embree's in the last bits: one ray
// grazing an edge may go either way.
func TestPeerRaySetsHitCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("traces 850,000 rays")
	}
	m := bunny(t)
	s := bunnyStructure(t, BuildOptions{})
	want := map[string]int{
		"peer-primary/closest":    60953,
		"peer-incoherent/closest": 113184,
		"peer-incoherent/shadow":  113184,
		"peer-shadow/shadow":      9211,
	}
	sets := peerSets(t.Context(), s, m, 512, 512)
	if len(sets) != len(want) {
		t.Fatalf("%d sets, want %d", len(sets), len(want))
	}
	for _, set := range sets {
		hits := make([]Hit, len(set.rays))
		if err := IntersectRays(t.Context(), s, &set.opts, set.rays, hits, 1, nil); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, h := range hits {
			if h.Type != HitNone {
				n++
			}
		}
		tol := 0
		if set.name == "peer-shadow/shadow" {
			if len(set.rays) != want["peer-primary/closest"] {
				t.Errorf("%s: %d rays, want one per primary hit", set.name, len(set.rays))
			}
			tol = 3
		}
		if w, ok := want[set.name]; !ok || n < w-tol || n > w+tol {
			t.Errorf("%s: %d hits of %d rays, Embree %d", set.name, n, len(set.rays), w)
		}
	}
}
