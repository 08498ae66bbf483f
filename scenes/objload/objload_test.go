package objload

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ingot-render/ingot/scenes/model"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/fuzz/FuzzOBJ seeds")

const cube = `# unit cube, no normals, quads
mtllib cube.mtl
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
vt 0 0
vt 1 0
vt 1 1
vt 0 1
g box
usemtl red
f 1/1 4/4 3/3 2/2
f 5/1 6/2 7/3 8/4
f 1 2 6 5
f 4 8 7 3
usemtl lamp
f -8 -4 -1 -5
f 2 3 7 6
`

const cubeMTL = `newmtl red
Kd 0.8 0.1 0.1
Ks 0.5 0.5 0.5
Ns 98
newmtl lamp
Kd 1 1 1
Ke 10 9 8
d 0.5
`

func decode(t *testing.T, obj string, fsys fstest.MapFS) *model.Scene {
	t.Helper()
	s, err := Decode(context.Background(), []byte(obj), fsys, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCube(t *testing.T) {
	s := decode(t, cube, fstest.MapFS{"cube.mtl": {Data: []byte(cubeMTL)}})
	if len(s.Meshes) != 1 || s.Meshes[0].Name != "box" || len(s.Meshes[0].Primitives) != 2 {
		t.Fatalf("meshes %+v", s.Meshes)
	}
	if got := s.Meshes[0].Triangles(); got != 12 {
		t.Errorf("%d triangles, want 12", got)
	}
	// Faces meet at 90°, beyond the 60° crease: every corner keeps its face
	// normal, so the 4 vertices of each face are distinct (6 faces x 4).
	verts := 0
	for _, p := range s.Meshes[0].Primitives {
		verts += len(p.Positions)
		for i, n := range p.Normals {
			axis := 0
			for k := 0; k < 3; k++ {
				if math.Abs(float64(n[k])) == 1 {
					axis++
				}
			}
			if axis != 1 {
				t.Errorf("vertex %d normal %v not axis-aligned", i, n)
			}
		}
	}
	if verts != 24 {
		t.Errorf("%d vertices, want 24", verts)
	}
	red, lamp := s.Materials[0], s.Materials[1]
	if red.BaseColor != [4]float32{0.8, 0.1, 0.1, 1} || red.Metallic != 0 || red.Specular.Factor != 0.5 {
		t.Errorf("red %+v", red)
	}
	if want := float32(math.Pow(2.0/100, 0.25)); math.Abs(float64(red.Roughness-want)) > 1e-6 {
		t.Errorf("roughness from Ns 98 = %g, want %g", red.Roughness, want)
	}
	if !lamp.IsEmissive() || lamp.Emissive != [3]float32{10, 9, 8} || lamp.AlphaMode != model.AlphaBlend || lamp.BaseColor[3] != 0.5 {
		t.Errorf("lamp %+v", lamp)
	}
	al := s.AreaLights(s.Instances())
	if len(al) != 1 || al[0].Triangles != 4 || math.Abs(float64(al[0].Area-2)) > 1e-6 {
		t.Errorf("area lights %+v", al)
	}
	// OBJ V points up; the model's V points down.
	p := s.Meshes[0].Primitives[0]
	if p.UV0 == nil || p.UV0[0] != [2]float32{0, 1} {
		t.Errorf("first UV %v, want (0, 1)", p.UV0)
	}
	b := s.Bounds()
	if b.Min != [3]float32{0, 0, 0} || b.Max != [3]float32{1, 1, 1} {
		t.Errorf("bounds %v", b)
	}
}

func TestSmoothingAndExplicitNormals(t *testing.T) {
	// A shallow tent (faces 20° apart) shares the ridge normals; with
	// "s off" the faces stay flat.
	tent := "v 0 0 0\nv 1 0.18 0\nv 2 0 0\nv 0 0 1\nv 1 0.18 1\nv 2 0 1\n%s\nf 1 4 5 2\nf 2 5 6 3\n"
	smooth := decode(t, fmt.Sprintf(tent, ""), nil)
	flat := decode(t, fmt.Sprintf(tent, "s off"), nil)
	if n := len(smooth.Meshes[0].Primitives[0].Positions); n != 6 {
		t.Errorf("smooth tent: %d vertices, want 6 (ridge shared)", n)
	}
	if n := len(flat.Meshes[0].Primitives[0].Positions); n != 8 {
		t.Errorf("flat tent: %d vertices, want 8", n)
	}
	s := decode(t, "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 2\nf 1//1 2//1 3//1\n", nil)
	if n := s.Meshes[0].Primitives[0].Normals[0]; n != [3]float32{0, 0, 1} {
		t.Errorf("explicit normal %v (normalized), want (0,0,1)", n)
	}
}

// TestOBJErrors: malformed files are errors naming the line (and the
// statement) where the problem is.
func TestOBJErrors(t *testing.T) {
	tests := []struct {
		obj, want string
	}{
		{"v 0 0 0\nv 1 0 0\nf 1 2 3\n", "line 3: f: vertex index 3 out of range (2 vertices in the file)"},
		{"v 0 0 0\nv 1 0 0\n# comment\nf 1 2 1\nv 0 1 0\nf 1 2 3 4\n", "line 6: f: vertex index 4 out of range (3 vertices in the file)"},
		{"v 0 0 0\nv 1 0 0\nl 1 2\nl 2 7\n", "line 4: l: vertex index 7 out of range (2 vertices in the file)"},
		{"v 0 0\n", "line 1: v: want 3 coordinates, got 2"},
		{"v 0 0 x\n", `line 1: v: bad number "x"`},
		{"v 0 0 0\nf 1 -5 1\n", "line 2: f: vertex index -5 out of range (1 defined so far)"},
		{"v 0 0 0\nv 0 0 0\nf 1 2\n", "line 3: f: want at least 3 vertices"},
		{"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/9 2 3\n", "line 4: f: texture index 9 out of range (0 texture coordinates in the file)"},
		{"v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//2\n", "line 5: f: normal index 2 out of range (1 normals in the file)"},
		{"v 0 0 0\n", "no faces or lines"},
		{"f 0 1 2\n", "line 1: f: vertex index 0 out of range"},
	}
	for _, tc := range tests {
		_, err := Decode(context.Background(), []byte(tc.obj), nil, model.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.obj, err, tc.want)
		}
	}
	// Undefined material and missing mtllib warn; a missing texture fails.
	s := decode(t, "mtllib none.mtl\nusemtl x\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", nil)
	if len(s.Warnings) != 2 {
		t.Errorf("warnings %v", s.Warnings)
	}
	_, err := Decode(context.Background(), []byte("mtllib m.mtl\nusemtl t\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"),
		fstest.MapFS{"m.mtl": {Data: []byte("newmtl t\nmap_Kd -bm 1 wood.png\n")}}, model.Options{})
	if err == nil || !strings.Contains(err.Error(), `material "t": map_Kd`) || !strings.Contains(err.Error(), "wood.png") {
		t.Errorf("missing texture: %v", err)
	}
}

var fuzzSeeds = []string{
	cube,
	"v 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 0 1 0 0 0 1\nvn 0 0 1\nvt 0 0\no tri\ns 1\nf 1/1/1 2/1/1 3/1/1\nl 1 2 3\n",
	"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0.5 0.5 1\ng pyramid\nf 1 2 3 4\nf 1 2 5\nf 2 3 5\nf 3 4 5\nf 4 1 5\n",
}

func FuzzOBJ(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(context.Background(), data, nil, model.Options{})
		if err != nil {
			return
		}
		_ = s.Summary()
	})
}

func TestWriteFuzzCorpus(t *testing.T) {
	for i, src := range fuzzSeeds {
		if _, err := Decode(context.Background(), []byte(src), fstest.MapFS{"cube.mtl": {Data: []byte(cubeMTL)}}, model.Options{}); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
		if !*updateCorpus {
			continue
		}
		dir := filepath.Join("testdata", "fuzz", "FuzzOBJ")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed%d", i)), []byte(fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", src)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
