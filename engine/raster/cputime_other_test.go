//go:build !linux

package raster

// threadCPU is unavailable off Linux.
func threadCPU() int64 { return -1 }
