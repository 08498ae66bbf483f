//go:build ingot_opstats

package exec

import (
	"fmt"
	"io"
	"math"
	"sync/atomic"
)

// denormCounts is the denormal census of counting builds: per float op
// executed, how many lanes read a subnormal operand, split into lanes the
// batch has active and lanes it has not (those compute on whatever the
// register slot last held, since a varying op runs over every lane).
var denormCounts struct {
	ops, lanes                  atomic.Int64 // float ops executed, lanes they ran over
	activeDenorm, inactiveDenor atomic.Int64 // operand reads that were subnormal
	opsWithDenorm               atomic.Int64 // ops with at least one subnormal operand lane
}

func isSubnormal32(b uint32) bool {
	return b&0x7f800000 == 0 && b&0x007fffff != 0
}

// denormCensus counts subnormal operands of the float op at pc before it runs.
func (w *worker) denormCensus(fr *frame, pc int) {
	in := &fr.cf.code[pc]
	var srcs [3]int
	n := 0
	switch pairFirst(in.op) {
	case opAddF, opSubF, opMulF, opDivF, opMinF, opMaxF, opLtF, opLeF:
		srcs[0], srcs[1], n = in.a, in.b, 2
	case opFmaF, opMulAddF, opAddMulF, opMulSubF, opSubMulF:
		srcs[0], srcs[1], srcs[2], n = in.a, in.b, in.c, 3
	case opSqrtF, opMathF, opFloorF:
		srcs[0], n = in.a, 1
	default:
		return
	}
	W := w.w
	var act, inact int64
	any := false
	for k := range n {
		v := fr.r32[srcs[k] : srcs[k]+W]
		for i, b := range v {
			if isSubnormal32(b) {
				any = true
				if uint64(fr.exec)>>uint(i)&1 != 0 {
					act++
				} else {
					inact++
				}
			}
		}
	}
	denormCounts.ops.Add(1)
	denormCounts.lanes.Add(int64(W))
	if any {
		denormCounts.opsWithDenorm.Add(1)
		denormCounts.activeDenorm.Add(act)
		denormCounts.inactiveDenor.Add(inact)
	}
}

func dumpDenormCensus(out io.Writer) {
	ops := denormCounts.ops.Load()
	fmt.Fprintf(out, "denormal census: %d float ops over %d lanes; %d ops (%.2f%%) read a subnormal; subnormal operand reads: %d on active lanes, %d on inactive lanes\n",
		ops, denormCounts.lanes.Load(), denormCounts.opsWithDenorm.Load(),
		100*float64(denormCounts.opsWithDenorm.Load())/math.Max(float64(ops), 1),
		denormCounts.activeDenorm.Load(), denormCounts.inactiveDenor.Load())
}
