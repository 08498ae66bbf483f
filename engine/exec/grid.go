package exec

import "fmt"

// Grid describes a compute dispatch.
type Grid struct {
	// Threadgroups is threadgroups_per_grid.
	Threadgroups [3]uint32
	// ThreadsPerThreadgroup is dispatch_threads_per_threadgroup.
	ThreadsPerThreadgroup [3]uint32
	// Threads is threads_per_grid. Zero means Threadgroups ×
	// ThreadsPerThreadgroup (dispatchThreadgroups); a smaller value makes
	// the threadgroups at the far edges partial (dispatchThreads with
	// non-uniform threadgroups), and threads_per_threadgroup there is the
	// clipped size.
	Threads [3]uint32
}

// ThreadsGrid returns the grid of dispatchThreads(threads, perGroup).
func ThreadsGrid(threads, perGroup [3]uint32) Grid {
	g := Grid{ThreadsPerThreadgroup: perGroup, Threads: threads}
	for i := range 3 {
		if perGroup[i] > 0 {
			g.Threadgroups[i] = (threads[i] + perGroup[i] - 1) / perGroup[i]
		}
	}
	return g
}

// ThreadgroupsGrid returns the grid of dispatchThreadgroups(groups, perGroup).
func ThreadgroupsGrid(groups, perGroup [3]uint32) Grid {
	return Grid{Threadgroups: groups, ThreadsPerThreadgroup: perGroup}
}

// MaxThreadsPerThreadgroup is Metal's limit.
const MaxThreadsPerThreadgroup = 1024

// MaxThreadgroupMemory is Metal's threadgroup memory limit in bytes.
const MaxThreadgroupMemory = 32 << 10

// normalize checks g and fills Threads.
func (g Grid) normalize() (Grid, error) {
	n := uint64(1)
	for i := range 3 {
		if g.ThreadsPerThreadgroup[i] == 0 {
			return g, fmt.Errorf("exec: grid: ThreadsPerThreadgroup[%d] is 0", i)
		}
		n *= uint64(g.ThreadsPerThreadgroup[i])
		full := uint64(g.Threadgroups[i]) * uint64(g.ThreadsPerThreadgroup[i])
		if full > 1<<32-1 {
			return g, fmt.Errorf("exec: grid: dimension %d has more than 2^32 threads", i)
		}
		if g.Threads[i] == 0 && g.Threadgroups[i] != 0 {
			g.Threads[i] = uint32(full)
		}
		if uint64(g.Threads[i]) > full || (g.Threadgroups[i] > 0 && uint64(g.Threads[i]) <= full-uint64(g.ThreadsPerThreadgroup[i])) {
			return g, fmt.Errorf("exec: grid: Threads[%d]=%d does not fit %d threadgroups of %d", i, g.Threads[i], g.Threadgroups[i], g.ThreadsPerThreadgroup[i])
		}
	}
	if n > MaxThreadsPerThreadgroup {
		return g, fmt.Errorf("exec: grid: %d threads per threadgroup, more than %d", n, MaxThreadsPerThreadgroup)
	}
	return g, nil
}

// numGroups returns the number of threadgroups.
func (g Grid) numGroups() int {
	return int(g.Threadgroups[0]) * int(g.Threadgroups[1]) * int(g.Threadgroups[2])
}

// group returns the position and the actual size of threadgroup index t
// (x fastest).
func (g Grid) group(t int) (pos, size [3]uint32) {
	pos[0] = uint32(t % int(g.Threadgroups[0]))
	t /= int(g.Threadgroups[0])
	pos[1] = uint32(t % int(g.Threadgroups[1]))
	pos[2] = uint32(t / int(g.Threadgroups[1]))
	for i := range 3 {
		size[i] = g.ThreadsPerThreadgroup[i]
		start := pos[i] * g.ThreadsPerThreadgroup[i]
		if rest := g.Threads[i] - start; rest < size[i] {
			size[i] = rest
		}
	}
	return pos, size
}
