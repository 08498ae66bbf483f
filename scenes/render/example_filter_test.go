package render_test

import (
	"fmt"

	"github.com/ingot-render/ingot/scenes/render"
)

// ExampleParsePixelFilter selects the path tracer's pixel filter as
// `ingot render --filter` does; a zero FilterWidth means the filter's
// default width.
func ExampleParsePixelFilter() {
	f, err := render.ParsePixelFilter("blackman-harris")
	if err != nil {
		panic(err)
	}
	frame := render.DefaultFrame()
	frame.Filter = f
	fmt.Println(frame.Filter, frame.Filter.DefaultWidth())
	fmt.Println(render.FilterOffset(render.FilterCenter, 0, [2]float32{0.3, 0.9}))
	fmt.Println(render.FilterOffset(render.FilterBox, 2, [2]float32{0.75, 0.5}))
	// Output:
	// blackman-harris 1.5
	// [0 0]
	// [0.5 0]
}
