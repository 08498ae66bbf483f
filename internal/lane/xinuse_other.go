//go:build ingot_denormcensus && !amd64

package lane

// hasXinuse is false: there is no XGETBV off amd64.
const hasXinuse = false

func upperDirty() bool { return false }
