//go:build !amd64

package texel

// useBilinearAsm is false: there is no assembly kernel on this
// architecture (tests set it as on amd64).
var useBilinearAsm = false

// sampleAsm is the AVX2 kernel's driver on amd64; here it reports false
// and the Go loops sample every lane.
func (k *bilinearRGBA8) sampleAsm([]uint64) bool { return false }

// sampleAsm is the AVX2 nearest kernel's driver on amd64; here it reports
// false and the Go loop samples every lane.
func (k *nearestRGBA8) sampleAsm([]uint64, []float32, []float32) bool { return false }
