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
