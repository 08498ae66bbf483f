// Package benchscene loads the meshes and builds the ray sets used by the
// accel benchmarks: a minimal OBJ reader (positions and faces), the sphere
// mesh and node transforms of a glTF file, and deterministic ray generators.
package benchscene

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Mesh is an indexed triangle mesh.
type Mesh struct {
	Positions []float32 // xyz per vertex
	Indices   []uint32  // three per triangle
}

// Triangles reports the triangle count.
func (m *Mesh) Triangles() int { return len(m.Indices) / 3 }

// LoadOBJ reads the positions and faces of an OBJ file (faces with more than
// three vertices are fanned; texture/normal indices are ignored).
func LoadOBJ(path string) (*Mesh, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := ParseOBJ(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// ParseOBJ parses OBJ text (see LoadOBJ).
func ParseOBJ(r io.Reader) (*Mesh, error) {
	m := &Mesh{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	var face []uint32
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "v":
			if len(fs) < 4 {
				return nil, fmt.Errorf("line %d: vertex needs 3 coordinates", line)
			}
			for _, s := range fs[1:4] {
				v, err := strconv.ParseFloat(s, 32)
				if err != nil {
					return nil, fmt.Errorf("line %d: %w", line, err)
				}
				m.Positions = append(m.Positions, float32(v))
			}
		case "f":
			face = face[:0]
			nv := len(m.Positions) / 3
			for _, s := range fs[1:] {
				if i := strings.IndexByte(s, '/'); i >= 0 {
					s = s[:i]
				}
				v, err := strconv.Atoi(s)
				if err != nil {
					return nil, fmt.Errorf("line %d: %w", line, err)
				}
				if v < 0 {
					v += nv + 1
				}
				if v < 1 || v > nv {
					return nil, fmt.Errorf("line %d: vertex index %d out of range", line, v)
				}
				face = append(face, uint32(v-1))
			}
			for i := 2; i < len(face); i++ {
				m.Indices = append(m.Indices, face[0], face[i-1], face[i])
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return m, nil
}
