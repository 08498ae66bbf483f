package kernel_test

import (
	"fmt"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// Sample4 gives the same numbers for a pixel whatever the tiling.
func ExampleSample4() {
	seed := kernel.PixelSeed(10, 20, 1)
	a := kernel.Sample4(seed, 0, kernel.DimCamera)
	b := kernel.Sample4(seed, 0, kernel.DimCamera)
	fmt.Println(a == b, a[0] >= 0 && a[0] < 1)
	// Output: true true
}

// Pack flattens a scene into the GPU records of scene_types.h.
func ExamplePack() {
	p, err := kernel.Pack(builtin.Cornell(), kernel.PackOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Relocate(0x1000) // the arena buffer's GPU address
	r := p.Resources()
	// The Cornell box's six static, untransformed instances are merged
	// into one (PackOptions.SeparateInstances keeps them apart).
	fmt.Println(r.InstanceCount, r.GeometryCount, r.EmissiveCount, r.PickEmissive)
	// Output: 1 6 2 1
}

// A white rough metal reflects all energy (white furnace).
func ExampleBSDFParams_Albedo() {
	p := kernel.BSDFParams{BaseColor: kernel.Vec3{1, 1, 1}, Metallic: 1, Roughness: 0.8, IOR: 1.5}.DefaultSpecular()
	a := p.Albedo(kernel.Vec3{0, 0.6, 0.8})
	fmt.Printf("%.3f\n", a[0])
	// Output: 1.000
}
