//go:build ingot_denormcensus

package lane

import (
	"fmt"
	"math"
	"strings"
	"sync/atomic"
)

// censusOn is true in builds with the tag ingot_denormcensus: every float
// kernel first counts the denormal values among its operands (a census for
// measurements; it costs a scan of the operands per call).
const censusOn = true

// censusRow counts one kernel's calls and denormal operands.
type censusRow struct {
	calls, lanes   atomic.Int64 // calls and lanes processed
	chunks         atomic.Int64 // 8-lane groups (one AVX2 instruction) with a denormal operand
	denormal       atomic.Int64 // denormal operand values
	intLike        atomic.Int64 // of those, bit patterns below 1<<16 (small integers read as floats)
	callsWithDenor atomic.Int64 // calls with at least one denormal operand
	dirtyUpper     atomic.Int64 // calls entered with a dirty AVX upper state
}

var census [numCensusOps]censusRow

func isDenormal(x float32) bool {
	b := math.Float32bits(x) & 0x7fffffff
	return b != 0 && b < 0x00800000
}

func censusScan(row *censusRow, n int, srcs ...[]float32) {
	if upperDirty() {
		row.dirtyUpper.Add(1)
	}
	row.calls.Add(1)
	row.lanes.Add(int64(n))
	var chunks, den, il int64
	for g := 0; g < n; g += 8 {
		hit := false
		for _, s := range srcs {
			for i := g; i < min(g+8, n, len(s)); i++ {
				if isDenormal(s[i]) {
					hit = true
					den++
					if math.Float32bits(s[i])&0x7fffffff < 1<<16 {
						il++
					}
				}
			}
		}
		if hit {
			chunks++
		}
	}
	if den > 0 {
		row.chunks.Add(chunks)
		row.denormal.Add(den)
		row.intLike.Add(il)
		row.callsWithDenor.Add(1)
	}
}

func census2(op censusOp, n int, a, b []float32)    { censusScan(&census[op], n, a, b) }
func census3(op censusOp, n int, a, b, c []float32) { censusScan(&census[op], n, a, b, c) }

// CensusReset zeroes the denormal census (ingot_denormcensus builds only).
func CensusReset() {
	for i := range census {
		r := &census[i]
		r.calls.Store(0)
		r.lanes.Store(0)
		r.chunks.Store(0)
		r.denormal.Store(0)
		r.intLike.Store(0)
		r.callsWithDenor.Store(0)
		r.dirtyUpper.Store(0)
	}
}

// CensusTotals returns the census totals: kernel calls, lanes, 8-lane
// groups with a denormal operand, and denormal operand values (of which
// intLike have bit patterns below 1<<16).
func CensusTotals() (calls, lanes, chunks, denormal, intLike int64) {
	for i := range census {
		r := &census[i]
		calls += r.calls.Load()
		lanes += r.lanes.Load()
		chunks += r.chunks.Load()
		denormal += r.denormal.Load()
		intLike += r.intLike.Load()
	}
	return
}

// CensusDirtyUpper returns the number of float kernel calls entered with a
// dirty AVX upper state: the scalar (SSE) code of the caller ran in that
// state, which slows it on Intel cores.
func CensusDirtyUpper() (n int64) {
	for i := range census {
		n += census[i].dirtyUpper.Load()
	}
	return n
}

// CensusReport formats the census per kernel (ingot_denormcensus builds
// only).
func CensusReport() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-8s %12s %12s %12s %12s %12s %12s %12s\n", "kernel", "calls", "lanes", "calls-w-den", "8-groups-den", "den-values", "int-like", "dirty-upper")
	for i := range census {
		r := &census[i]
		if r.calls.Load() == 0 {
			continue
		}
		fmt.Fprintf(&sb, "%-8s %12d %12d %12d %12d %12d %12d %12d\n", censusNames[i], r.calls.Load(), r.lanes.Load(),
			r.callsWithDenor.Load(), r.chunks.Load(), r.denormal.Load(), r.intLike.Load(), r.dirtyUpper.Load())
	}
	return sb.String()
}
