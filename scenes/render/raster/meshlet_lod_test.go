package raster

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/render"
)

// lodLevels returns how many of r's meshlet draws frame f draws at each
// level of detail (as mainPass selects them).
func lodLevels(t *testing.T, r *Renderer, f render.Frame) map[int]int {
	t.Helper()
	cam, err := frameCamera(r.scene, &f)
	if err != nil {
		t.Fatal(err)
	}
	fr := r.frameConstants(&cam, &f)
	ds := ordered(r.draws, mgl32.Vec3(cam.Position), mgl32.Vec3(cam.Forward))
	r.cur.meshlets.selectLOD(ds, r.cur.packed, &fr, r.opts.LODPixels)
	n := map[int]int{}
	for _, d := range ds {
		if d.rec.Pass != passBlend {
			n[d.lod]++
		}
	}
	return n
}

// TestMeshletLOD: with Options.LOD and an error bound no coarse level
// meets, every draw is at level 0 and the image is the vertex pipeline's
// bit for bit; at the default bound of one pixel a small frame draws
// coarser levels, whose image stays close to the full one (mean
// luminance within 3 %, SSIM above 0.85: clustering moves UV seams) and
// is the same on 1 and 2 workers; a large frame of the same view draws
// finer levels.
func TestMeshletLOD(t *testing.T) {
	for _, tc := range []struct {
		name, scene string
		long        bool // left out by -short
	}{
		{"showcase", "showcase", false},
		{"DamagedHelmet", filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("-short: the showcase case covers LOD")
			}
			s := openScene(t, tc.scene)
			f := smallFrame(64, 48)
			full := mustRender(t, newTestRenderer(t, s, 1, Options{}), f)
			exact := newTestRenderer(t, s, 1, Options{Meshlets: true, LOD: true, LODPixels: 1e-9})
			if n := lodLevels(t, exact, f); len(n) != 1 || n[0] == 0 {
				t.Fatalf("levels at a 1e-9-pixel bound: %v, want all 0", n)
			}
			if err := closeImages(full.Linear, mustRender(t, exact, f).Linear, 0); err != nil {
				t.Errorf("LOD 0 vs vertex pipeline: %v", err)
			}
			var imgs [2]*render.Image
			var rs [2]*Renderer
			for i, w := range []int{1, 2} {
				rs[i] = newTestRenderer(t, s, w, Options{Meshlets: true, LOD: true})
				imgs[i] = mustRender(t, rs[i], f)
			}
			small := lodLevels(t, rs[0], f)
			if small[0] == len(rs[0].draws) {
				t.Fatalf("levels at 64×48: %v, want some coarse ones", small)
			}
			if string(bytesOf(imgs[0].Linear)) != string(bytesOf(imgs[1].Linear)) {
				t.Error("LOD images differ between 1 and 2 workers")
			}
			a, b := meanLuminance(full), meanLuminance(imgs[0])
			if math.Abs(a-b) > 0.03*a {
				t.Errorf("mean luminance %.4f with LOD, %.4f without", b, a)
			}
			if q := ssim(full, imgs[0]); q < 0.85 {
				t.Errorf("SSIM with LOD %.3f, want ≥ 0.85", q)
			}
			big := f
			big.Width, big.Height = 2048, 1536
			sum := func(n map[int]int) (s int) {
				for l, c := range n {
					s += l * c
				}
				return s
			}
			if large := lodLevels(t, rs[0], big); sum(large) >= sum(small) {
				t.Errorf("levels at 2048×1536 %v, not finer than at 64×48 %v", large, small)
			}
			t.Logf("levels (level: draws) at 64×48 %v; luminance %.4f vs %.4f; SSIM %.3f", small, b, a, ssim(full, imgs[0]))
		})
	}
}
