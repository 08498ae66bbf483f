package mesh_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/mesh"
)

func ExampleBuild() {
	pos, idx := gridMesh(16) // 512 triangles
	s, err := mesh.Build(context.Background(), pos, idx, mesh.DefaultOptions())
	if err != nil {
		panic(err)
	}
	eye := [3]float32{8, 8, -10} // behind the z = 0 grid, which faces +z
	back := 0
	for i := range s.Meshlets {
		if s.Bounds[i].BackFacing(eye) {
			back++
		}
	}
	fmt.Printf("%d meshlets, all back-facing: %v\n", len(s.Meshlets), back == len(s.Meshlets))
	// Output: 6 meshlets, all back-facing: true
}

func ExampleBuildLevels() {
	pos, idx := gridMesh(32)                  // 2048 triangles
	coarse, err := mesh.Simplify(pos, idx, 4) // 4×4-quad cells
	if err != nil {
		panic(err)
	}
	lv, err := mesh.BuildLevels(context.Background(), pos, [][]uint32{idx, coarse}, []float32{40, 0}, mesh.DefaultOptions())
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d and %d triangles in %d and %d meshlets\n", len(idx)/3, len(coarse)/3, lv.Count[0], lv.Count[1])
	for _, dist := range []float32{10, 1000} {
		size := mesh.ProjectedSize(lv.Radius, dist, 500)
		fmt.Printf("at distance %v: level %d\n", dist, lv.Select(size))
	}
	// Output:
	// 2048 and 128 triangles in 22 and 2 meshlets
	// at distance 10: level 0
	// at distance 1000: level 1
}
