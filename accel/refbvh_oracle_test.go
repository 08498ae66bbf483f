package accel

import (
	"errors"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
	"github.com/ingot-render/ingot/accel/internal/refbvh"
)

// TestOracleRefBVH checks the benchmarks' baseline (accel/internal/refbvh)
// against the float64 oracle of oracle_test.go on the oracle's sphere and
// triangle soup, incoherent and coherent rays (and on the bunny outside
// -short mode): a baseline that missed hits would flatter every ratio.
// Its occlusion query must agree with its closest hit.
func TestOracleRefBVH(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 6))
	soupV := soup(rng, 800, 0.3)
	sphere := oracleSphere(24, [3]float32{0.5, 0.5, 0.5}, 0.45)
	cases := []struct {
		name string
		v    []float32
		rays int
	}{
		{"sphere", append(append([]float32(nil), sphere[0]...), sphere[1]...), 256},
		{"soup", soupV, 256},
	}
	if !testing.Short() {
		if m := bunnyIfPresent(); m != nil {
			v := make([]float32, 0, 3*len(m.Indices))
			for _, ix := range m.Indices {
				v = append(v, m.Positions[3*ix:3*ix+3]...)
			}
			cases = append(cases, struct {
				name string
				v    []float32
				rays int
			}{"bunny", v, 48})
		}
	}
	opts := []Options{{}}
	for _, c := range cases {
		idx := make([]uint32, len(c.v)/3)
		for i := range idx {
			idx[i] = uint32(i)
		}
		lo, hi := [3]float32{1e30, 1e30, 1e30}, [3]float32{-1e30, -1e30, -1e30}
		for i := 0; i < len(c.v); i += 3 {
			for k := range 3 {
				lo[k], hi[k] = min(lo[k], c.v[i+k]), max(hi[k], c.v[i+k])
			}
		}
		incoherent, coherent := oracleRays(rng, c.rays, lo, hi)
		rays := append(incoherent, coherent...)
		mesh := &oracleMesh{geoms: [][]float32{c.v}}
		verdicts := oracleVerdicts(t, c.name+" refbvh", mesh, rays, opts, 0.1)
		for _, workers := range []int{1, 2} {
			b, err := refbvh.Build(c.v, idx, workers)
			if err != nil {
				t.Fatal(err)
			}
			for i := range rays {
				r := &rays[i]
				rr := refbvh.Ray{Origin: r.Origin, Dir: r.Direction, TMin: r.MinDistance, TMax: r.MaxDistance}
				var rh refbvh.Hit
				var h Hit
				hit := b.Intersect(&rr, &rh)
				if hit {
					h = Hit{Type: HitTriangle, Distance: rh.T, PrimitiveID: rh.Prim, Barycentrics: [2]float32{rh.U, rh.V}, FrontFacing: rh.Front}
				}
				if msg := judge(r, &opts[0], &h, mesh, verdicts[0][i]); msg != "" {
					t.Fatalf("%s workers=%d ray %d %+v: %s", c.name, workers, i, *r, msg)
				}
				if occ := b.Occluded(&rr); occ != hit {
					t.Fatalf("%s workers=%d ray %d: occluded %v, closest hit %v", c.name, workers, i, occ, hit)
				}
			}
		}
	}
}

// bunnyIfPresent returns the shared scenes' bunny, or nil when it is absent.
func bunnyIfPresent() *benchscene.Mesh {
	if _, err := os.Stat(filepath.Join(scenesDir, "bunny", "bunny.obj")); err != nil {
		return nil
	}
	bunnyOnce.Do(func() {
		bunnyOnce.mesh, bunnyOnce.err = benchscene.LoadOBJ(filepath.Join(scenesDir, "bunny", "bunny.obj"))
	})
	return bunnyOnce.mesh
}

// TestRefSceneMatchesSpheres checks the two-level baseline of the spheres
// benchmark (refbvh.Scene) against ingot's instance structure on the same
// scene and rays (with ../shared/scenes): the two
// must agree on hit or miss, and on the distance to 1e-4 relative, for all
// but a handful of rays (the baseline's triangle test is not watertight,
// and the two move rays into object space with their own inverses).
func TestRefSceneMatchesSpheres(t *testing.T) {
	sc, err := loadSpheres(scenesDir)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("no ../shared/scenes")
	}
	if err != nil {
		t.Fatal(err)
	}
	s, err := sc.build(t.Context(), BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := sc.buildRef(2)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := s.Bounds()
	rays := append(toRays(benchscene.BoxRays(lo, hi, 8192, 3)), toRays(benchscene.CameraRays(lo, hi, 64, 64))...)
	tr := NewTraverser()
	bad, hits := 0, 0
	for i := range rays {
		r := &rays[i]
		var h Hit
		tr.Intersect(s, &Options{}, r, nil, &h)
		var rh refbvh.SceneHit
		rok := ref.Intersect(&refbvh.Ray{Origin: r.Origin, Dir: r.Direction, TMin: r.MinDistance, TMax: r.MaxDistance}, &rh)
		ok := h.Type == HitTriangle
		if ok {
			hits++
		}
		if ok != rok || ok && math.Abs(float64(h.Distance-rh.T)) > 1e-4*float64(h.Distance) {
			bad++
			if bad <= 3 {
				t.Logf("ray %d %+v: ingot %v %v (instance %d), baseline %v %v (instance %d)", i, *r, ok, h.Distance, h.InstanceID[0], rok, rh.T, rh.Instance)
			}
		}
	}
	if hits < len(rays)/10 {
		t.Errorf("%d of %d rays hit: a weak comparison", hits, len(rays))
	}
	if bad > len(rays)/1000 {
		t.Errorf("%d of %d rays disagree", bad, len(rays))
	}
	t.Logf("%d of %d rays hit, %d disagree", hits, len(rays), bad)
}
