package texel_test

import (
	"fmt"

	"github.com/ingot-render/ingot/internal/texel"
)

// A 2×2 RGBA8 texture sampled bilinearly at its centre, once with the
// scalar call and once for a batch of lanes.
func Example() {
	tex, err := texel.New(texel.Texture2DDescriptor(texel.RGBA8Unorm, 2, 2, false))
	if err != nil {
		panic(err)
	}
	pixels := []byte{
		255, 0, 0, 255, 0, 255, 0, 255,
		0, 0, 255, 255, 255, 255, 255, 255,
	}
	if err := tex.ReplaceRegion(texel.Region2D(0, 0, 2, 2), 0, 0, pixels, 8, 0); err != nil {
		panic(err)
	}
	sd, err := texel.ConstexprSampler(texel.SamplerArg{Enum: "filter", Value: "linear"})
	if err != nil {
		panic(err)
	}
	s, _ := texel.NewSampler(sd)
	c, _ := tex.Sample(s, [3]float32{0.5, 0.5}, texel.SampleOptions{})
	fmt.Printf("centre %.2f\n", c)

	u := []float32{0.25, 0.75}
	v := []float32{0.25, 0.25}
	r, g, b, a := make([]float32, 2), make([]float32, 2), make([]float32, 2), make([]float32, 2)
	_ = tex.SampleBatch(s, &texel.SampleArgs{U: u, V: v}, nil, texel.Out{R: r, G: g, B: b, A: a})
	fmt.Println("lanes R", r, "G", g)
	// Output:
	// centre [0.50 0.50 0.50 1.00]
	// lanes R [1 0] G [0 1]
}

// Reading a texel out of bounds returns Metal's out-of-bounds value and an
// error instead of panicking.
func ExampleTexture_ReadFloat() {
	tex, _ := texel.New(texel.Texture2DDescriptor(texel.R8Unorm, 4, 4, false))
	v, err := tex.ReadFloat(texel.Loc{X: 9})
	fmt.Println(v, err != nil)
	// Output: [0 0 0 1] true
}
