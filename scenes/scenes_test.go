package scenes_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes"
)

func TestOpenDispatch(t *testing.T) {
	s, err := scenes.Open(context.Background(), "", scenes.Options{})
	if err != nil || s.Name != scenes.DefaultScene {
		t.Fatalf("default: %v %v", s, err)
	}
	for _, name := range []string{"showcase", "builtin:motion"} {
		if _, err := scenes.Open(context.Background(), name, scenes.Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := scenes.Open(context.Background(), "scene.fbx", scenes.Options{}); err == nil || !strings.Contains(err.Error(), "unknown scene format") {
		t.Errorf("fbx: %v", err)
	}
	if _, err := scenes.Builtin("nope"); err == nil {
		t.Error("unknown built-in accepted")
	}
}

// TestBuiltinScenes checks each built-in scene is well formed: valid
// indices, unit normals and tangents, a camera and at least one light.
func TestBuiltinScenes(t *testing.T) {
	for _, name := range scenes.BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			s, err := scenes.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			checkWellFormed(t, s)
			sum := s.Summary()
			if sum.Cameras != 1 || sum.AreaLights == 0 || sum.Triangles == 0 {
				t.Errorf("summary %+v", sum)
			}
		})
	}
}

func checkWellFormed(t *testing.T, s *scenes.Scene) {
	t.Helper()
	for mi, m := range s.Meshes {
		for pi, p := range m.Primitives {
			n := len(p.Positions)
			for _, ix := range p.Indices {
				if int(ix) >= n {
					t.Fatalf("mesh %d prim %d: index %d >= %d", mi, pi, ix, n)
				}
			}
			for name, l := range map[string]int{"normals": len(p.Normals), "uv0": len(p.UV0), "tangents": len(p.Tangents)} {
				if l != 0 && l != n {
					t.Errorf("mesh %d prim %d: %s has %d of %d", mi, pi, name, l, n)
				}
			}
			for i, v := range p.Normals {
				if l := math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])); math.Abs(l-1) > 1e-4 {
					t.Fatalf("mesh %d prim %d: normal %d length %g", mi, pi, i, l)
				}
			}
			for i, v := range p.Tangents {
				d := v[0]*p.Normals[i][0] + v[1]*p.Normals[i][1] + v[2]*p.Normals[i][2]
				if math.Abs(float64(d)) > 1e-4 || (v[3] != 1 && v[3] != -1) {
					t.Fatalf("mesh %d prim %d: tangent %d %v not orthogonal to normal %v", mi, pi, i, v, p.Normals[i])
				}
			}
			if p.Material >= len(s.Materials) {
				t.Errorf("mesh %d prim %d: material %d", mi, pi, p.Material)
			}
		}
	}
}

func TestCornellLight(t *testing.T) {
	s, _ := scenes.Builtin("cornell")
	al := s.AreaLights(s.Instances())
	if len(al) != 1 || al[0].Radiance != [3]float32{17, 12, 4} || math.Abs(float64(al[0].Area)-0.48*0.44) > 1e-5 {
		t.Errorf("area lights %+v", al)
	}
	// The light faces down (into the room).
	m := s.Meshes[s.Instances()[al[0].Instance].Mesh]
	if n := m.Primitives[al[0].Primitive].Normals[0]; n[1] != -1 {
		t.Errorf("light normal %v", n)
	}
}

func TestMotionSceneMoves(t *testing.T) {
	s, _ := scenes.Builtin("motion")
	open, closed := s.InstancesAt(0), s.InstancesAt(1)
	if len(open) != len(closed) {
		t.Fatal("instance lists differ in length")
	}
	moved, deformed := 0, 0
	for i := range open {
		if open[i].Transform != closed[i].Transform {
			moved++
		}
	}
	for _, in := range s.InstancesAt(0.5) {
		if in.Deforms {
			deformed++
			d := s.Deform(in, s.PoseAt(0.5))
			if d.Bounds.Size()[1] < 0.3 {
				t.Errorf("cloth at t=0.5 is %g tall, want a 0.35 wave", d.Bounds.Size()[1])
			}
		}
	}
	if moved != 2 || deformed != 1 {
		t.Errorf("moved %d (want 2), deformed %d (want 1)", moved, deformed)
	}
}

func TestShowcaseGrid(t *testing.T) {
	s, _ := scenes.Builtin("showcase")
	seen := map[[2]float32]bool{}
	for _, m := range s.Materials {
		if strings.HasPrefix(m.Name, "metal") {
			seen[[2]float32{m.Metallic, m.Roughness}] = true
		}
	}
	if len(seen) != 25 {
		t.Errorf("%d distinct metallic/roughness pairs, want 25", len(seen))
	}
}

// Example shows the calls a renderer makes.
func Example() {
	s, err := scenes.Open(context.Background(), "", scenes.Options{}) // the default Cornell box
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	open, closed := s.InstancesAt(0), s.InstancesAt(1) // shutter interval
	fmt.Println(s.Name, len(s.Meshes), "meshes,", len(open), "instances at open,", len(closed), "at close")
	for _, l := range s.AreaLights(open) {
		fmt.Println("area light:", s.Meshes[open[l.Instance].Mesh].Name, l.Radiance, l.Triangles, "triangles")
	}
	// Output:
	// cornell 6 meshes, 6 instances at open, 6 at close
	// area light: light [17 12 4] 2 triangles
}

// ExampleLoad loads a glTF file and prints its summary (not run: the
// shared models may be absent).
func ExampleLoad() {
	s, err := scenes.Load(context.Background(), sharedDir+"/BoxTextured/glTF-Binary/BoxTextured.glb", scenes.Options{})
	if err != nil {
		fmt.Println("not available")
		return
	}
	sum := s.Summary()
	fmt.Println(sum.Triangles, "triangles,", sum.Materials, "material,", sum.Textures, "texture")
}
