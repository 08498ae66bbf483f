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
	fmt.Println(render.FilterCenter, render.FilterCenter.DefaultWidth())
	// Output:
	// blackman-harris 1.5
	// center 0
}
