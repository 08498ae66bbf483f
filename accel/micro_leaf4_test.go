package accel

import "testing"

// BenchmarkMicroLeaf4 compares the SIMD leaf test (leaf=leaf4) with the
// scalar one (leaf=scalar) on the same grouped triangles (leafGrouped) in
// the same binary, one thread: the single-ray API (api=single) and
// TraceBatch+Hit (api=trace) over each ray set on the bunny. The two
// variants are neighbouring sub-benchmarks, scalar first; leaf=leaf4
// reports x-scalar, the ratio of their median thread-CPU times (above 1:
// the SIMD leaf is faster; on a loaded machine compare several rounds,
// -count). Skips where
// the SIMD node kernels do not run (useSIMDNodes: no grouped leaves).
func BenchmarkMicroLeaf4(b *testing.B) {
	if microStructure(b, BuildOptions{}).tri4 == nil {
		b.Skip("no grouped leaf triangles (the SIMD node kernels do not run here)")
	}
	for _, name := range microSetNames {
		b.Run("set="+name, func(b *testing.B) {
			for _, api := range []string{"single", "trace"} {
				b.Run("api="+api, func(b *testing.B) {
					var baseMed float64
					for _, leaf := range []string{"scalar", "leaf4"} {
						b.Run("leaf="+leaf, func(b *testing.B) {
							set := microGetSet(b, name)
							pass := microAPI(b, api, microStructure(b, BuildOptions{}), &set.o, set.rays)
							disableLeaf4 = leaf == "scalar"
							defer func() { disableLeaf4 = false }()
							_, med := microPasses(b, len(set.rays), "ray", pass)
							if leaf == "scalar" {
								baseMed = med
							} else if baseMed > 0 {
								b.ReportMetric(baseMed/med, "x-scalar")
							}
						})
					}
				})
			}
		})
	}
}
