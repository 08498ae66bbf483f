package objload

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// corner is one face corner: indices into the position, UV and normal
// arrays (-1 when absent).
type corner struct{ v, t, n int32 }

type face struct {
	c      [3]corner
	group  int32
	mat    int32
	smooth int32 // smoothing group; 0 = off
	poly   int32 // index of the source polygon
}

type line struct {
	a, b  int32
	group int32
	mat   int32
	src   int32 // source line number
}

// objData is the parsed content of an OBJ file.
type objData struct {
	pos     [][3]float32
	col     [][3]float32 // per-position colours, nil if none
	uv      [][2]float32
	nrm     [][3]float32
	faces   []face
	lines   []line
	groups  []string
	mats    []string // names used by usemtl, in first-use order
	mtllibs []string
	polys   int32 // number of polygons read
	// polyLines holds each polygon's source line number, for errors found
	// after parsing (an index past the file's last vertex).
	polyLines []int32
}

// maxLine caps one OBJ line (long polygon lines are legal but not megabytes).
const maxLine = 1 << 20

// parseOBJ reads OBJ text. Errors name the line number.
func parseOBJ(r io.Reader) (*objData, error) {
	d := &objData{groups: []string{"default"}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var (
		group, mat int32 = 0, -1
		smooth     int32 = 1 // unspecified: smooth with crease angle
		lineNo     int
		groupIdx   = map[string]int32{"default": 0}
		matIdx     = map[string]int32{}
		poly       []corner
	)
	for sc.Scan() {
		lineNo++
		b := sc.Bytes()
		if i := bytes.IndexByte(b, '#'); i >= 0 {
			b = b[:i]
		}
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue
		}
		fields := strings.Fields(string(b))
		key, args := fields[0], fields[1:]
		fail := func(format string, a ...any) error {
			return fmt.Errorf("line %d: %s: %s", lineNo, key, fmt.Sprintf(format, a...))
		}
		switch key {
		case "v":
			if len(args) < 3 {
				return nil, fail("want 3 coordinates, got %d", len(args))
			}
			p, err := parseFloats(args[:3])
			if err != nil {
				return nil, fail("%v", err)
			}
			d.pos = append(d.pos, [3]float32{p[0], p[1], p[2]})
			if len(args) >= 6 {
				c, err := parseFloats(args[3:6])
				if err != nil {
					return nil, fail("colour: %v", err)
				}
				for len(d.col) < len(d.pos)-1 {
					d.col = append(d.col, [3]float32{1, 1, 1})
				}
				d.col = append(d.col, [3]float32{c[0], c[1], c[2]})
			} else if d.col != nil {
				d.col = append(d.col, [3]float32{1, 1, 1})
			}
		case "vt":
			if len(args) < 1 {
				return nil, fail("want 2 coordinates")
			}
			n := min(len(args), 2)
			p, err := parseFloats(args[:n])
			if err != nil {
				return nil, fail("%v", err)
			}
			uv := [2]float32{p[0], 0}
			if n == 2 {
				uv[1] = p[1]
			}
			d.uv = append(d.uv, uv)
		case "vn":
			if len(args) < 3 {
				return nil, fail("want 3 coordinates, got %d", len(args))
			}
			p, err := parseFloats(args[:3])
			if err != nil {
				return nil, fail("%v", err)
			}
			d.nrm = append(d.nrm, [3]float32{p[0], p[1], p[2]})
		case "f":
			if len(args) < 3 {
				return nil, fail("want at least 3 vertices, got %d", len(args))
			}
			poly = poly[:0]
			for _, a := range args {
				c, err := d.parseCorner(a)
				if err != nil {
					return nil, fail("%v", err)
				}
				poly = append(poly, c)
			}
			if d.polys == math.MaxInt32 {
				return nil, fail("too many polygons")
			}
			for i := 2; i < len(poly); i++ {
				d.faces = append(d.faces, face{c: [3]corner{poly[0], poly[i-1], poly[i]}, group: group, mat: mat, smooth: smooth, poly: d.polys})
			}
			d.polys++
			d.polyLines = append(d.polyLines, int32(min(lineNo, math.MaxInt32)))
		case "l":
			var prev int32 = -1
			for _, a := range args {
				c, err := d.parseCorner(a)
				if err != nil {
					return nil, fail("%v", err)
				}
				if prev >= 0 {
					d.lines = append(d.lines, line{a: prev, b: c.v, group: group, mat: mat, src: int32(min(lineNo, math.MaxInt32))})
				}
				prev = c.v
			}
		case "g", "o":
			name := strings.Join(args, " ")
			if name == "" {
				name = "default"
			}
			gi, ok := groupIdx[name]
			if !ok {
				gi = int32(len(d.groups))
				groupIdx[name] = gi
				d.groups = append(d.groups, name)
			}
			group = gi
		case "usemtl":
			name := strings.Join(args, " ")
			mi, ok := matIdx[name]
			if !ok {
				mi = int32(len(d.mats))
				matIdx[name] = mi
				d.mats = append(d.mats, name)
			}
			mat = mi
		case "mtllib":
			d.mtllibs = append(d.mtllibs, strings.Join(args, " "))
		case "s":
			smooth = 1
			if len(args) == 0 || args[0] == "off" || args[0] == "0" {
				smooth = 0
			} else if v, err := strconv.Atoi(args[0]); err == nil {
				smooth = int32(v)
			}
		default:
			// vp, cstype, p and other rarely used statements are ignored.
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", lineNo+1, err)
	}
	return d, nil
}

func parseFloats(args []string) ([]float32, error) {
	out := make([]float32, len(args))
	for i, a := range args {
		v, err := strconv.ParseFloat(a, 32)
		if err != nil {
			return nil, fmt.Errorf("bad number %q", a)
		}
		out[i] = float32(v)
	}
	return out, nil
}

// parseCorner parses v, v/t, v//n or v/t/n, resolving negative indices.
func (d *objData) parseCorner(s string) (corner, error) {
	c := corner{-1, -1, -1}
	parts := strings.SplitN(s, "/", 3)
	resolve := func(p string, n int, what string) (int32, error) {
		if p == "" {
			return -1, nil
		}
		v, err := strconv.Atoi(p)
		if err != nil {
			return 0, fmt.Errorf("bad %s index %q", what, p)
		}
		if v < 0 {
			// Relative to the elements defined so far.
			v += n
			if v < 0 {
				return 0, fmt.Errorf("%s index %s out of range (%d defined so far)", what, p, n)
			}
		} else {
			// Absolute; may refer forward, checked once the file is read.
			v--
			if v < 0 || v > 1<<30 {
				return 0, fmt.Errorf("%s index %s out of range", what, p)
			}
		}
		return int32(v), nil
	}
	var err error
	if c.v, err = resolve(parts[0], len(d.pos), "vertex"); err != nil {
		return c, err
	}
	if c.v < 0 {
		return c, fmt.Errorf("missing vertex index in %q", s)
	}
	if len(parts) > 1 {
		if c.t, err = resolve(parts[1], len(d.uv), "texture"); err != nil {
			return c, err
		}
	}
	if len(parts) > 2 {
		if c.n, err = resolve(parts[2], len(d.nrm), "normal"); err != nil {
			return c, err
		}
	}
	return c, nil
}
