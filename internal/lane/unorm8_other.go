//go:build !amd64

package lane

func packUnorm8Asm(dst []byte, src []float32, n int, bgra bool) int { return 0 }
