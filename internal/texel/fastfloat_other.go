//go:build !amd64

package texel

// sampleAsm is the AVX2 RGBA32Float kernel's driver on amd64; here it
// reports false and the Go loop samples every lane.
func (k *bilinearFloat4) sampleAsm([]uint64) bool { return false }
