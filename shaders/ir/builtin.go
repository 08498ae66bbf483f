package ir

// BuiltinID names a kernel input built-in (MSL table 5.8). Three-component
// built-ins have one ID per component (X, Y, Z in that order); every
// built-in is a U32 register.
type BuiltinID uint16

// Built-in inputs. Those marked uniform have one value per threadgroup
// (and so per batch: a batch never spans threadgroups).
const (
	ThreadPositionInGrid          BuiltinID = iota * 3 // thread_position_in_grid .x .y .z
	ThreadPositionInThreadgroup                        // thread_position_in_threadgroup
	ThreadgroupPositionInGrid                          // threadgroup_position_in_grid (uniform)
	ThreadsPerThreadgroup                              // threads_per_threadgroup (uniform; smaller at the grid edge)
	DispatchThreadsPerThreadgroup                      // dispatch_threads_per_threadgroup (uniform)
	ThreadsPerGrid                                     // threads_per_grid / grid_size (uniform)
	ThreadgroupsPerGrid                                // threadgroups_per_grid (uniform)
	numBuiltin3
)

// Scalar built-ins.
const (
	ThreadIndexInThreadgroup         BuiltinID = numBuiltin3 + iota // thread_index_in_threadgroup
	SimdgroupIndexInThreadgroup                                     // simdgroup_index_in_threadgroup
	ThreadIndexInSimdgroup                                          // thread_index_in_simdgroup / thread_execution_width index
	ThreadsPerSimdgroup                                             // threads_per_simdgroup (uniform, 32)
	SimdgroupsPerThreadgroup                                        // simdgroups_per_threadgroup (uniform)
	DispatchSimdgroupsPerThreadgroup                                // dispatch_simdgroups_per_threadgroup (uniform)
	QuadgroupIndexInThreadgroup                                     // quadgroup_index_in_threadgroup
	ThreadIndexInQuadgroup                                          // thread_index_in_quadgroup
	NumBuiltins
)

// Component returns the ID of component c (0..2) of a three-component
// built-in such as ThreadPositionInGrid.
func (b BuiltinID) Component(c int) BuiltinID { return b + BuiltinID(c) }

// UniformBuiltin reports whether built-in b has the same value for every
// thread of a threadgroup.
func UniformBuiltin(b BuiltinID) bool {
	switch {
	case b < numBuiltin3:
		base := b - b%3
		return base != ThreadPositionInGrid && base != ThreadPositionInThreadgroup
	case b == ThreadsPerSimdgroup, b == SimdgroupsPerThreadgroup, b == DispatchSimdgroupsPerThreadgroup:
		return true
	}
	return false
}

var builtin3Names = [...]string{
	"thread_position_in_grid", "thread_position_in_threadgroup", "threadgroup_position_in_grid",
	"threads_per_threadgroup", "dispatch_threads_per_threadgroup", "threads_per_grid",
	"threadgroups_per_grid",
}

var builtinNames = [...]string{
	"thread_index_in_threadgroup", "simdgroup_index_in_threadgroup", "thread_index_in_simdgroup",
	"threads_per_simdgroup", "simdgroups_per_threadgroup", "dispatch_simdgroups_per_threadgroup",
	"quadgroup_index_in_threadgroup", "thread_index_in_quadgroup",
}

func (b BuiltinID) String() string {
	if b < numBuiltin3 {
		return builtin3Names[b/3] + "." + string("xyz"[b%3])
	}
	if b < NumBuiltins {
		return builtinNames[b-numBuiltin3]
	}
	return "builtin?"
}
