package engine_test

import (
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/internal/benchkit"
)

// BenchmarkEngine runs every engine benchmark case with 1 and 2 workers;
// each reports its time ratio to the native Go version as x-native.
func BenchmarkEngine(b *testing.B) {
	for _, c := range engine.BenchCases() {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/w%d", c.Name[len("engine/"):], w), func(b *testing.B) { benchkit.Bench(b, c, w) })
		}
	}
}
