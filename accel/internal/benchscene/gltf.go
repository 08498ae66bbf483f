package benchscene

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// Placement is one use of a mesh in a scene: mesh index and column-major
// 4×4 object→world matrix.
type Placement struct {
	Mesh   int
	Matrix [16]float64
}

type gltfDoc struct {
	Scene  int `json:"scene"`
	Scenes []struct {
		Nodes []int `json:"nodes"`
	} `json:"scenes"`
	Nodes []struct {
		Children    []int     `json:"children"`
		Mesh        *int      `json:"mesh"`
		Matrix      []float64 `json:"matrix"`
		Translation []float64 `json:"translation"`
		Rotation    []float64 `json:"rotation"`
		Scale       []float64 `json:"scale"`
	} `json:"nodes"`
	Meshes []struct {
		Primitives []struct {
			Attributes map[string]int `json:"attributes"`
			Indices    *int           `json:"indices"`
			Mode       *int           `json:"mode"`
		} `json:"primitives"`
	} `json:"meshes"`
	Accessors []struct {
		BufferView    *int   `json:"bufferView"`
		ByteOffset    int    `json:"byteOffset"`
		ComponentType int    `json:"componentType"`
		Count         int    `json:"count"`
		Type          string `json:"type"`
	} `json:"accessors"`
	BufferViews []struct {
		Buffer     int `json:"buffer"`
		ByteOffset int `json:"byteOffset"`
		ByteLength int `json:"byteLength"`
		ByteStride int `json:"byteStride"`
	} `json:"bufferViews"`
	Buffers []struct {
		URI string `json:"uri"`
	} `json:"buffers"`
}

// LoadGLTF reads the triangle meshes of a .gltf file (with external .bin
// buffers) and the placements of the default scene. Mesh primitives that
// share position and index accessors become one Mesh.
func LoadGLTF(path string) ([]*Mesh, []Placement, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var d gltfDoc
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	bufs := make([][]byte, len(d.Buffers))
	for i, b := range d.Buffers {
		bufs[i], err = os.ReadFile(filepath.Join(filepath.Dir(path), b.URI))
		if err != nil {
			return nil, nil, err
		}
	}
	view := func(acc int) ([]byte, int, error) {
		a := d.Accessors[acc]
		if a.BufferView == nil || *a.BufferView >= len(d.BufferViews) {
			return nil, 0, fmt.Errorf("accessor %d: no buffer view", acc)
		}
		bv := d.BufferViews[*a.BufferView]
		b := bufs[bv.Buffer]
		start := bv.ByteOffset + a.ByteOffset
		end := bv.ByteOffset + bv.ByteLength
		if start > end || end > len(b) {
			return nil, 0, fmt.Errorf("accessor %d: out of range", acc)
		}
		return b[start:end], bv.ByteStride, nil
	}
	type key struct{ pos, idx int }
	index := map[key]int{}
	var meshes []*Mesh
	meshPrims := make([][]int, len(d.Meshes))
	for mi, m := range d.Meshes {
		for _, p := range m.Primitives {
			pos, ok := p.Attributes["POSITION"]
			if !ok || p.Indices == nil || (p.Mode != nil && *p.Mode != 4) {
				continue
			}
			k := key{pos, *p.Indices}
			id, ok := index[k]
			if !ok {
				pb, stride, err := view(pos)
				if err != nil {
					return nil, nil, err
				}
				if stride == 0 {
					stride = 12
				}
				mesh := &Mesh{}
				for i := 0; i < d.Accessors[pos].Count; i++ {
					for c := 0; c < 3; c++ {
						mesh.Positions = append(mesh.Positions, math.Float32frombits(binary.LittleEndian.Uint32(pb[i*stride+4*c:])))
					}
				}
				ib, _, err := view(*p.Indices)
				if err != nil {
					return nil, nil, err
				}
				ia := d.Accessors[*p.Indices]
				for i := 0; i < ia.Count; i++ {
					var v uint32
					switch ia.ComponentType {
					case 5121:
						v = uint32(ib[i])
					case 5123:
						v = uint32(binary.LittleEndian.Uint16(ib[2*i:]))
					case 5125:
						v = binary.LittleEndian.Uint32(ib[4*i:])
					default:
						return nil, nil, fmt.Errorf("accessor %d: index component type %d", *p.Indices, ia.ComponentType)
					}
					mesh.Indices = append(mesh.Indices, v)
				}
				id = len(meshes)
				index[k] = id
				meshes = append(meshes, mesh)
			}
			meshPrims[mi] = append(meshPrims[mi], id)
		}
	}
	var out []Placement
	var walk func(n int, parent [16]float64, depth int) error
	walk = func(n int, parent [16]float64, depth int) error {
		if n < 0 || n >= len(d.Nodes) || depth > 64 {
			return fmt.Errorf("node %d: bad reference", n)
		}
		nd := d.Nodes[n]
		local := identity()
		if len(nd.Matrix) == 16 {
			copy(local[:], nd.Matrix)
		} else {
			local = trs(nd.Translation, nd.Rotation, nd.Scale)
		}
		m := mul(parent, local)
		if nd.Mesh != nil && *nd.Mesh < len(meshPrims) {
			for _, id := range meshPrims[*nd.Mesh] {
				out = append(out, Placement{Mesh: id, Matrix: m})
			}
		}
		for _, c := range nd.Children {
			if err := walk(c, m, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if d.Scene < len(d.Scenes) {
		for _, n := range d.Scenes[d.Scene].Nodes {
			if err := walk(n, identity(), 0); err != nil {
				return nil, nil, err
			}
		}
	}
	return meshes, out, nil
}

func identity() [16]float64 { return [16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1} }

func mul(a, b [16]float64) [16]float64 {
	var r [16]float64
	for c := 0; c < 4; c++ {
		for row := 0; row < 4; row++ {
			var s float64
			for k := 0; k < 4; k++ {
				s += a[k*4+row] * b[c*4+k]
			}
			r[c*4+row] = s
		}
	}
	return r
}

func trs(t, q, s []float64) [16]float64 {
	m := identity()
	if len(q) == 4 {
		x, y, z, w := q[0], q[1], q[2], q[3]
		m = [16]float64{
			1 - 2*(y*y+z*z), 2 * (x*y + z*w), 2 * (x*z - y*w), 0,
			2 * (x*y - z*w), 1 - 2*(x*x+z*z), 2 * (y*z + x*w), 0,
			2 * (x*z + y*w), 2 * (y*z - x*w), 1 - 2*(x*x+y*y), 0,
			0, 0, 0, 1}
	}
	if len(s) == 3 {
		for c := 0; c < 3; c++ {
			for r := 0; r < 3; r++ {
				m[c*4+r] *= s[c]
			}
		}
	}
	if len(t) == 3 {
		m[12], m[13], m[14] = t[0], t[1], t[2]
	}
	return m
}
