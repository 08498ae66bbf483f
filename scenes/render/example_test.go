package render_test

import (
	"fmt"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/render"
)

// The tone-mapping flag maps onto RenderSettings.ToneMap.
func ExampleParseToneMap() {
	t, _ := render.ParseToneMap("aces")
	fmt.Println(t, uint32(t))
	fmt.Println(render.EncodeSRGB(render.Tone(render.TonePBRNeutral, 0, [3]float32{0.18, 0.18, 0.18})[0]))
	// Output:
	// aces 2
	// 105
}

// Sample4 gives the same numbers for a pixel whatever the tiling.
func ExampleSample4() {
	seed := render.PixelSeed(10, 20, 1)
	a := render.Sample4(seed, 0, render.DimCamera)
	b := render.Sample4(seed, 0, render.DimCamera)
	fmt.Println(a == b, a[0] >= 0 && a[0] < 1)
	// Output: true true
}

// Pack flattens a scene into the GPU records of scene_types.h.
func ExamplePack() {
	p, err := render.Pack(builtin.Cornell(), render.PackOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Relocate(0x1000) // the arena buffer's GPU address
	r := p.Resources()
	fmt.Println(r.InstanceCount, r.EmissiveCount, r.PickEmissive)
	// Output: 6 2 1
}

// A white rough metal reflects all energy (white furnace).
func ExampleBSDFParams_Albedo() {
	p := render.BSDFParams{BaseColor: render.Vec3{1, 1, 1}, Metallic: 1, Roughness: 0.8, IOR: 1.5}
	a := p.Albedo(render.Vec3{0, 0.6, 0.8})
	fmt.Printf("%.3f\n", a[0])
	// Output: 1.000
}
