package render

import (
	"context"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/scenes/texture"
)

// TestRedVelvetRender: a sphere with a black base colour under a red
// KHR_materials_sheen, in a white environment, renders clearly red through
// the MSL path tracer (before sheen was dropped it was nearly black: only
// the 4% white specular layer), the same bits on 1 and 2 workers; the Go
// reference renderer agrees.
func TestRedVelvetRender(t *testing.T) {
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	mean := func(sheen [3]float32, textures func(s *model.Scene)) (msl, disk, ref [3]float64) {
		m := model.DefaultMaterial()
		m.BaseColor = [4]float32{0, 0, 0, 1}
		m.Metallic, m.Roughness = 0, 0.6
		m.Sheen.Color, m.Sheen.Roughness = sheen, 0.8
		s := sphereScene(m)
		if textures != nil {
			textures(s)
		}
		r := testRenderer(t, s, 2, Options{Env: env})
		f := smallFrame(24, 24, 8)
		f.ToneMap = ToneNone
		f.LookAt = &Camera{Eye: [3]float32{0, 0, 3}, Up: [3]float32{0, 1, 0}, FovY: 30}
		img := mustRender(t, r, f)
		if one := mustRender(t, testRenderer(t, s, 1, Options{Env: env}), f); !equalFloats(one.Linear, img.Linear) {
			t.Error("1 and 2 workers differ")
		}
		// The sphere (radius 1 at distance 3) fills ±1/(3·tan 15°) = ±1.24
		// of the half-view: every pixel within 0.8 of the half-width from
		// the centre is on it (its grazing rim included), the central 4×4
		// are what the reference renders.
		nd := 0
		for y := range 24 {
			for x := range 24 {
				dx, dy := (float64(x)+0.5)/12-1, (float64(y)+0.5)/12-1
				central := x >= 10 && x < 14 && y >= 10 && y < 14
				for c := range 3 {
					v := float64(img.Linear[4*(24*y+x)+c])
					if central {
						msl[c] += v / 16
					}
					if dx*dx+dy*dy < 0.8*0.8 {
						disk[c] += v
					}
				}
				if dx*dx+dy*dy < 0.8*0.8 {
					nd++
				}
			}
		}
		for c := range 3 {
			disk[c] /= float64(nd)
		}
		p, err := kernel.Pack(s, kernel.PackOptions{Env: (*kernel.Environment)(env)})
		if err != nil {
			t.Fatal(err)
		}
		rf, err := kernel.NewReference(p)
		if err != nil {
			t.Fatal(err)
		}
		fp := testFrame(4, 4, 64, kernel.LookAt([3]float32{0, 0, 3}, [3]float32{}, [3]float32{0, 1, 0}), mgl32.DegToRad(5))
		accum := make([]kernel.Float4, 16)
		if err := rf.Render(context.Background(), &fp, accum, 2); err != nil {
			t.Fatal(err)
		}
		for _, a := range accum {
			for c := range 3 {
				ref[c] += float64(a[c]/a[3]) / 16
			}
		}
		return msl, disk, ref
	}
	_, plain, _ := mean([3]float32{}, nil)
	red, disk, ref := mean([3]float32{1, 0, 0}, nil)
	// The same velvet from textures: a white factor times a red sheen
	// colour texture (RGB), roughness factor 1 times a roughness texture
	// whose alpha is 0.8 (its RGB, 0, must not be read).
	_, tex, _ := mean([3]float32{1, 1, 1}, func(s *model.Scene) {
		s.Images = []*texture.Image{texture.FromPixels(1, 1, []uint8{255, 0, 0, 255}, true),
			texture.FromPixels(1, 1, []uint8{0, 0, 0, 204}, false)}
		s.Textures = []model.Texture{{Image: 0, Sampler: -1}, {Image: 1, Sampler: -1}}
		m := &s.Materials[0]
		m.Sheen.Roughness = 1
		m.Sheen.ColorTex, m.Sheen.RoughnessTex = model.TextureRef{Texture: 0}, model.TextureRef{Texture: 1}
	})
	for c := range 3 {
		if d := tex[c] - disk[c]; d > 0.01*disk[c]+1e-4 || d < -0.01*disk[c]-1e-4 {
			t.Errorf("textured velvet %v, factors alone %v", tex, disk)
			break
		}
	}
	t.Logf("black base over the sphere: no sheen %.4f, red sheen %.4f; centre %.4f (Go reference %.4f)", plain, disk, red, ref)
	if disk[0] < 0.15 || disk[0] < 3*disk[1] || disk[0] < 3*disk[2] {
		t.Errorf("red velvet renders %v: not clearly red", disk)
	}
	if d := disk[0] - plain[0]; d < 0.1 {
		t.Errorf("the sheen adds %v of red, want > 0.1", d)
	}
	if disk[1] > plain[1]*1.05+1e-3 {
		t.Errorf("a red sheen brightened green: %v → %v", plain[1], disk[1])
	}
	for c := range 3 {
		if d := red[c] - ref[c]; d > 0.03+0.1*ref[c] || d < -0.03-0.1*ref[c] {
			t.Errorf("channel %d: path tracer %v, Go reference %v", c, red[c], ref[c])
		}
	}
}
