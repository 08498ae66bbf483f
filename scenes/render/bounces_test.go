package render

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

// furnaceBox is a closed cube (side 2, centred on the origin) whose faces
// all emit radiance 1 and reflect as m (double-sided: seen from inside).
// Inside it every direction sees emission 1, so a path's vertex after j
// bounces adds albedo^j on average, and the radiance of a path limited to
// k bounces is the sum of albedo^0 … albedo^k.
func furnaceBox(m model.Material) *model.Scene {
	m.Emissive, m.EmissiveStrength, m.DoubleSided = [3]float32{1, 1, 1}, 1, true
	var pr model.Primitive
	for axis := range 3 {
		for _, side := range []float32{-1, 1} {
			u, v := (axis+1)%3, (axis+2)%3
			base := uint32(len(pr.Positions))
			for _, c := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p [3]float32
				p[axis], p[u], p[v] = side, c[0], c[1]
				pr.Positions = append(pr.Positions, p)
			}
			pr.Indices = append(pr.Indices, base, base+1, base+2, base, base+2, base+3)
		}
	}
	s := &model.Scene{Name: "furnace-box", Materials: []model.Material{m}}
	mesh := &model.Mesh{Name: "box", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("box")
	n.Mesh = 0
	s.AddNode(n, -1)
	return s
}

// furnaceFrame looks from the box's centre at a face, 90° wide.
func furnaceFrame(spp int) Frame {
	f := smallFrame(16, 16, spp)
	f.LookAt = &Camera{Eye: [3]float32{0, 0, 0}, Target: [3]float32{0, 0, -1}, Up: [3]float32{0, 1, 0}, FovY: 90}
	return f
}

// lambert is a pure Lambert material of grey albedo a (KHR_materials_specular
// 0: every bounce takes the diffuse lobe).
func lambert(a float32) model.Material {
	m := model.DefaultMaterial()
	m.BaseColor = [4]float32{a, a, a, 1}
	m.Metallic, m.Specular.Factor = 0, 0
	return m
}

// geometric is the sum of a^0 … a^k.
func geometric(a float64, k int) float64 {
	s := 0.0
	for j := 0; j <= k; j++ {
		s += math.Pow(a, float64(j))
	}
	return s
}

// TestDiffuseBounceLimitFurnace: in a closed Lambert furnace of albedo ½
// lit by its own walls, a diffuse limit of k keeps the terms of k diffuse
// bounces, a^0 … a^k (the last vertex's emission is counted, as at
// MaxBounces), whatever MaxBounces above k; and since every bounce is
// diffuse there, the image has the bits of MaxBounces k. Cycles' "Diffuse
// 0" (direct light only) is 1 + a, its default "Diffuse 4" the terms up to
// a^5. The glossy and transmission limits do not apply to diffuse bounces.
func TestDiffuseBounceLimitFurnace(t *testing.T) {
	const a = 0.5
	r := testRenderer(t, furnaceBox(lambert(a)), 2, Options{})
	render := func(mod func(*Frame)) *Image {
		f := furnaceFrame(128)
		mod(&f)
		return mustRender(t, r, f)
	}
	plain := render(func(*Frame) {})
	for _, c := range []struct {
		name string
		mod  func(*Frame)
		want float64
		same func(*Frame) // renders the same bits
	}{
		{"diffuse1", func(f *Frame) { f.MaxDiffuseBounces = 1 }, geometric(a, 1), func(f *Frame) { f.MaxBounces = 1 }},
		{"diffuse2", func(f *Frame) { f.MaxDiffuseBounces = 2 }, geometric(a, 2), func(f *Frame) { f.MaxBounces = 2 }},
		{"diffuse5", func(f *Frame) { f.MaxDiffuseBounces = 5 }, geometric(a, 5), func(f *Frame) { f.MaxBounces = 5 }},
		{"diffuse20-max3", func(f *Frame) { f.MaxDiffuseBounces, f.MaxBounces = 20, 3 }, geometric(a, 3), func(f *Frame) { f.MaxBounces = 3 }},
		{"cycles-diffuse0", func(f *Frame) { f.SetCyclesBounces(12, 0, 4, 12) }, 1 + a, func(f *Frame) { f.MaxBounces = 1 }},
		{"cycles-defaults", func(f *Frame) {
			f.SetCyclesBounces(CyclesMaxBounces, CyclesDiffuseBounces, CyclesGlossyBounces, CyclesTransmissionBounces)
		}, geometric(a, 5), func(f *Frame) { f.MaxBounces = 5 }},
		{"glossy1-transmission1", func(f *Frame) { f.MaxGlossyBounces, f.MaxTransmissionBounces = 1, 1 }, geometric(a, 12), func(*Frame) {}},
	} {
		t.Run(c.name, func(t *testing.T) {
			img := render(c.mod)
			m := meanRGB(img)
			t.Logf("mean %.4f, want %.4f", m[0], c.want)
			// 0.25%: well inside the 0.8% between a^5 and a^6's sums.
			if math.Abs(m[0]-c.want) > 0.0025*c.want {
				t.Errorf("mean radiance %v, want %v ± 0.25%%", m[0], c.want)
			}
			ref := plain
			if c.same != nil {
				ref = render(c.same)
			}
			if !slices.Equal(img.Linear, ref.Linear) {
				t.Errorf("not the bits of the frame with the equivalent limits")
			}
		})
	}
	if m := meanRGB(plain); math.Abs(m[0]-geometric(a, 12)) > 0.0025*2 {
		t.Errorf("12 bounces: mean %v, want %v ± 0.25%%", m[0], geometric(a, 12))
	}
}

// TestGlossyBounceLimitFurnace: in a closed white mirror furnace (metal,
// roughness 0: each bounce keeps all the energy, specular lobe) a glossy
// limit of k gives k + 1 (the walls' emission at each of the k + 1
// vertices), and the diffuse limit leaves it (nearly: the metal's
// multiple-scattering energy, a thousandth of its samples, takes the
// cosine lobe) as it is.
func TestGlossyBounceLimitFurnace(t *testing.T) {
	m := model.DefaultMaterial()
	m.Metallic, m.Roughness = 1, 0
	r := testRenderer(t, furnaceBox(m), 2, Options{})
	for _, c := range []struct {
		name string
		mod  func(*Frame)
		want float64
	}{
		{"glossy1", func(f *Frame) { f.MaxGlossyBounces = 1 }, 2},
		{"glossy3", func(f *Frame) { f.MaxGlossyBounces = 3 }, 4},
		{"glossy3-diffuse1", func(f *Frame) { f.MaxGlossyBounces, f.MaxDiffuseBounces = 3, 1 }, 4},
		{"cycles-defaults", func(f *Frame) {
			f.SetCyclesBounces(CyclesMaxBounces, CyclesDiffuseBounces, CyclesGlossyBounces, CyclesTransmissionBounces)
		}, 6},
		{"max4-glossy9", func(f *Frame) { f.MaxBounces, f.MaxGlossyBounces = 4, 9 }, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := furnaceFrame(64)
			c.mod(&f)
			got := meanRGB(mustRender(t, r, f))[0]
			t.Logf("mean %.4f, want %.4f", got, c.want)
			if math.Abs(got-c.want) > 0.005*c.want {
				t.Errorf("mean radiance %v, want %v ± 0.5%%", got, c.want)
			}
		})
	}
}

// TestBounceLimitValidation: out-of-range per-lobe limits fail the
// render with an error naming the field.
func TestBounceLimitValidation(t *testing.T) {
	r := testRenderer(t, furnaceBox(lambert(0.5)), 1, Options{})
	for _, c := range []struct {
		field string
		mod   func(*Frame)
	}{
		{"MaxDiffuseBounces", func(f *Frame) { f.MaxDiffuseBounces = -1 }},
		{"MaxGlossyBounces", func(f *Frame) { f.MaxGlossyBounces = 1<<16 + 1 }},
		{"MaxTransmissionBounces", func(f *Frame) { f.MaxTransmissionBounces = -3 }},
		{"MaxDiffuseBounces", func(f *Frame) { f.SetCyclesBounces(12, -2, 4, 12) }},
	} {
		f := furnaceFrame(1)
		c.mod(&f)
		_, err := r.Render(context.Background(), f, nil)
		if err == nil || !strings.Contains(err.Error(), "Frame."+c.field) {
			t.Errorf("%s out of range: error %v, want one naming Frame.%s", c.field, err, c.field)
		}
	}
}

// TestSetCyclesBounces: Cycles' settings are one less than the limits
// here (its kernel adds one: a setting of 0 is direct lighting).
func TestSetCyclesBounces(t *testing.T) {
	var f Frame
	f.SetCyclesBounces(CyclesMaxBounces, CyclesDiffuseBounces, CyclesGlossyBounces, CyclesTransmissionBounces)
	got := [4]int{f.MaxBounces, f.MaxDiffuseBounces, f.MaxGlossyBounces, f.MaxTransmissionBounces}
	if got != [4]int{13, 5, 5, 13} {
		t.Errorf("Cycles' defaults give limits %v, want [13 5 5 13]", got)
	}
}
