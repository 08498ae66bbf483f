package exec_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// allBuiltins lists every kernel input built-in the IR defines.
func allBuiltins() []ir.BuiltinID {
	var ids []ir.BuiltinID
	for id := ir.BuiltinID(0); id < ir.NumBuiltins; id++ {
		ids = append(ids, id)
	}
	return ids
}

// buildBuiltins writes every built-in of every thread to
// out[(linear grid index)*len(ids) + k].
func buildBuiltins(ids []ir.BuiltinID, gridX, gridY uint32) *ir.Program {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "builtins", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	x := b.Builtin(ir.ThreadPositionInGrid)
	y := b.Builtin(ir.ThreadPositionInGrid.Component(1))
	z := b.Builtin(ir.ThreadPositionInGrid.Component(2))
	lin := b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpMul, ir.U32, b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpMul, ir.U32, z, b.ConstU32(gridY)), y), b.ConstU32(gridX)), x)
	base := b.Binary(ir.OpMul, ir.U32, lin, b.ConstU32(uint32(len(ids))))
	for k, id := range ids {
		idx := b.Binary(ir.OpAdd, ir.U32, base, b.ConstU32(uint32(k)))
		b.Store(ir.Device, ir.U32, elemAddr(b, b.Param(0), idx, 4), b.Builtin(id), 4)
	}
	must(b.Finish())
	return p
}

// wantBuiltin computes built-in id for the thread at global position g.
func wantBuiltin(id ir.BuiltinID, g [3]uint32, grid, tpt [3]uint32) uint32 {
	var tg, local, size [3]uint32
	var groups [3]uint32
	for i := range 3 {
		tg[i] = g[i] / tpt[i]
		local[i] = g[i] % tpt[i]
		size[i] = min(tpt[i], grid[i]-tg[i]*tpt[i])
		groups[i] = (grid[i] + tpt[i] - 1) / tpt[i]
	}
	linear := local[0] + local[1]*size[0] + local[2]*size[0]*size[1]
	total := size[0] * size[1] * size[2]
	if id < ir.ThreadIndexInThreadgroup {
		c := id % 3
		switch id - c {
		case ir.ThreadPositionInGrid:
			return g[c]
		case ir.ThreadPositionInThreadgroup:
			return local[c]
		case ir.ThreadgroupPositionInGrid:
			return tg[c]
		case ir.ThreadsPerThreadgroup:
			return size[c]
		case ir.DispatchThreadsPerThreadgroup:
			return tpt[c]
		case ir.ThreadsPerGrid:
			return grid[c]
		case ir.ThreadgroupsPerGrid:
			return groups[c]
		}
	}
	switch id {
	case ir.ThreadIndexInThreadgroup:
		return linear
	case ir.SimdgroupIndexInThreadgroup:
		return linear / 32
	case ir.ThreadIndexInSimdgroup:
		return linear % 32
	case ir.ThreadsPerSimdgroup:
		return 32
	case ir.SimdgroupsPerThreadgroup:
		return (total + 31) / 32
	case ir.DispatchSimdgroupsPerThreadgroup:
		return (tpt[0]*tpt[1]*tpt[2] + 31) / 32
	case ir.QuadgroupIndexInThreadgroup:
		return linear / 4
	case ir.ThreadIndexInQuadgroup:
		return linear % 4
	}
	panic("unknown built-in")
}

// TestBuiltinsNonUniformGrid dispatches a grid that is not a multiple of
// the threadgroup size and checks every built-in of every thread.
func TestBuiltinsNonUniformGrid(t *testing.T) {
	ids := allBuiltins()
	grid, tpt := [3]uint32{37, 5, 3}, [3]uint32{8, 4, 2}
	n := int(grid[0] * grid[1] * grid[2])
	prog := buildBuiltins(ids, grid[0], grid[1])
	d := func(b []exec.Buffer) exec.Dispatch {
		return exec.Dispatch{Grid: exec.ThreadsGrid(grid, tpt), Args: addrArgs(b), Memory: mustMem(t, b)}
	}
	ref := outBuf(n * len(ids))()
	if err := refexec.Run(context.Background(), prog, "builtins", d(ref), refexec.Options{}); err != nil {
		t.Fatal(err)
	}
	got := bytesU32(ref[0].Data)
	for z := uint32(0); z < grid[2]; z++ {
		for y := uint32(0); y < grid[1]; y++ {
			for x := uint32(0); x < grid[0]; x++ {
				lin := (z*grid[1]+y)*grid[0] + x
				for k, id := range ids {
					if w := wantBuiltin(id, [3]uint32{x, y, z}, grid, tpt); got[int(lin)*len(ids)+k] != w {
						t.Fatalf("thread (%d,%d,%d) %v = %d, want %d", x, y, z, id, got[int(lin)*len(ids)+k], w)
					}
				}
			}
		}
	}
	for _, width := range []int{32, 64} {
		out := outBuf(n * len(ids))()
		pl, err := exec.Compile(prog, "builtins", exec.Options{Width: width})
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Run(context.Background(), d(out)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out[0].Data, ref[0].Data) {
			t.Fatalf("W=%d: %s", width, firstDiff(out[0].Data, ref[0].Data))
		}
	}
}
