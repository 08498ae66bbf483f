package engine

import (
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// TestBenchCasesRegistered: benchkit's registry (what `ingot bench`
// runs) holds every engine case.
func TestBenchCasesRegistered(t *testing.T) {
	for _, c := range benchCases() {
		if got := benchkit.Cases(c.Name); len(got) == 0 || got[0].Name != c.Name {
			t.Errorf("%s: not registered (%v)", c.Name, got)
		}
	}
}

// BenchmarkEngine runs every engine benchmark case with 1 and 2 workers;
// each reports its time ratio to the native Go version as x-native.
func BenchmarkEngine(b *testing.B) {
	for _, c := range benchCases() {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/w%d", c.Name[len("engine/"):], w), func(b *testing.B) { benchkit.Bench(b, c, w) })
		}
	}
}

// BenchmarkPaired alternates the engine and native versions of each case
// within every iteration (steadier than BenchmarkEngine on a loaded
// machine) and reports their time ratio as x-native.
func BenchmarkPaired(b *testing.B) {
	for _, name := range benchNames() {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/w%d", name[len("engine/"):], w), func(b *testing.B) {
				r, ing, nat, err := pairedRatio(name, w, b.N)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(r, "x-native")
				b.ReportMetric(ing/1e6, "ingot-ms")
				b.ReportMetric(nat/1e6, "native-ms")
			})
		}
	}
}

// BenchmarkScaling alternates 1-worker and 2-worker runs of each case and
// reports the speed-up of two workers (x-speedup).
func BenchmarkScaling(b *testing.B) {
	for _, name := range benchNames() {
		b.Run(name[len("engine/"):], func(b *testing.B) {
			s, err := workerScaling(name, b.N)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(s, "x-speedup")
		})
	}
}
