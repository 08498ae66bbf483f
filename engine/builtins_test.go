package engine_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const builtinsSrc = `
#include <metal_stdlib>
using namespace metal;

kernel void builtins(device uint* out [[buffer(0)]],
                     uint3 tpg  [[thread_position_in_grid]],
                     uint3 tgpg [[threadgroup_position_in_grid]],
                     uint3 tptg [[thread_position_in_threadgroup]],
                     uint  tiitg [[thread_index_in_threadgroup]],
                     uint3 tptgs [[threads_per_threadgroup]],
                     uint3 dtptg [[dispatch_threads_per_threadgroup]],
                     uint3 tgspg [[threadgroups_per_grid]],
                     uint3 tpgr [[threads_per_grid]],
                     uint  sgitg [[simdgroup_index_in_threadgroup]],
                     uint  tiisg [[thread_index_in_simdgroup]],
                     uint  tpsg [[threads_per_simdgroup]],
                     uint  sgptg [[simdgroups_per_threadgroup]],
                     uint  dsgptg [[dispatch_simdgroups_per_threadgroup]],
                     uint  qgitg [[quadgroup_index_in_threadgroup]],
                     uint  tiiqg [[thread_index_in_quadgroup]])
{
    uint i = (tpg.z * tpgr.y + tpg.y) * tpgr.x + tpg.x;
    device uint* o = out + i * 32;
    o[0] = tpg.x; o[1] = tpg.y; o[2] = tpg.z;
    o[3] = tgpg.x; o[4] = tgpg.y; o[5] = tgpg.z;
    o[6] = tptg.x; o[7] = tptg.y; o[8] = tptg.z;
    o[9] = tiitg;
    o[10] = tptgs.x; o[11] = tptgs.y; o[12] = tptgs.z;
    o[13] = dtptg.x; o[14] = dtptg.y; o[15] = dtptg.z;
    o[16] = tgspg.x; o[17] = tgspg.y; o[18] = tgspg.z;
    o[19] = tpgr.x; o[20] = tpgr.y; o[21] = tpgr.z;
    o[22] = sgitg; o[23] = tiisg; o[24] = tpsg;
    o[25] = sgptg; o[26] = dsgptg; o[27] = qgitg; o[28] = tiiqg;
    o[29] = 0xC0FFEE;
}
`

// TestBuiltins dispatches a grid that is not a multiple of the threadgroup
// size in any dimension and checks every kernel input attribute of every
// thread against Metal's definitions.
func TestBuiltins(t *testing.T) {
	grid := [3]uint32{37, 11, 3}
	tg := [3]uint32{8, 4, 2}
	for _, workers := range []int{1, 2} {
		d := newDevice(t, engine.DeviceOptions{Workers: workers})
		p := pipeline(t, d, builtinsSrc, "builtins", nil)
		n := int(grid[0] * grid[1] * grid[2])
		out, err := d.NewBuffer(n * 32 * 4)
		if err != nil {
			t.Fatal(err)
		}
		cb := dispatch(t, context.Background(), d.NewCommandQueue(), p,
			engine.Sz(int(grid[0]), int(grid[1]), int(grid[2])), engine.Sz(int(tg[0]), int(tg[1]), int(tg[2])),
			func(e *engine.ComputeCommandEncoder) { e.SetBuffer(out, 0, 0) })
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		u := func(i, k int) uint32 { return binary.LittleEndian.Uint32(out.Contents()[(i*32+k)*4:]) }
		groups := [3]uint32{}
		for k := range 3 {
			groups[k] = (grid[k] + tg[k] - 1) / tg[k]
		}
		for z := uint32(0); z < grid[2]; z++ {
			for y := uint32(0); y < grid[1]; y++ {
				for x := uint32(0); x < grid[0]; x++ {
					pos := [3]uint32{x, y, z}
					i := int((z*grid[1]+y)*grid[0] + x)
					var gp, lp, size [3]uint32
					for k := range 3 {
						gp[k] = pos[k] / tg[k]
						lp[k] = pos[k] % tg[k]
						size[k] = min(tg[k], grid[k]-gp[k]*tg[k])
					}
					idx := (lp[2]*size[1]+lp[1])*size[0] + lp[0]
					total := size[0] * size[1] * size[2]
					want := []uint32{
						x, y, z, gp[0], gp[1], gp[2], lp[0], lp[1], lp[2], idx,
						size[0], size[1], size[2], tg[0], tg[1], tg[2],
						groups[0], groups[1], groups[2], grid[0], grid[1], grid[2],
						idx / 32, idx % 32, 32, (total + 31) / 32, (tg[0]*tg[1]*tg[2] + 31) / 32,
						idx / 4, idx % 4, 0xC0FFEE,
					}
					names := []string{"tpg.x", "tpg.y", "tpg.z", "tgpg.x", "tgpg.y", "tgpg.z", "tptg.x", "tptg.y", "tptg.z",
						"thread_index_in_threadgroup", "threads_per_threadgroup.x", ".y", ".z",
						"dispatch_threads_per_threadgroup.x", ".y", ".z", "threadgroups_per_grid.x", ".y", ".z",
						"threads_per_grid.x", ".y", ".z", "simdgroup_index_in_threadgroup", "thread_index_in_simdgroup",
						"threads_per_simdgroup", "simdgroups_per_threadgroup", "dispatch_simdgroups_per_threadgroup",
						"quadgroup_index_in_threadgroup", "thread_index_in_quadgroup", "marker"}
					for k, w := range want {
						if g := u(i, k); g != w {
							t.Fatalf("workers=%d thread %v: %s = %d, want %d", workers, pos, names[k], g, w)
						}
					}
				}
			}
		}
	}
}
