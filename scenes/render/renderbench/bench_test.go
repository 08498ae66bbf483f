package renderbench

import (
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// BenchmarkRenderCases runs BenchCases (512×512, 16 spp: minutes each on
// one core) through benchkit on one worker, reporting Msamples/s and the
// ratio to the plain Go path tracer where there is one.
func BenchmarkRenderCases(b *testing.B) {
	for _, c := range BenchCases("../../../../shared/scenes") {
		b.Run(c.Name, func(b *testing.B) { benchkit.Bench(b, c, 1) })
	}
}
