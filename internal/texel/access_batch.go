package texel

import (
	"fmt"
	"math"
)

// TexelArgs addresses one texel per lane for batched read and write. X is
// required; the other slices are optional (nil = 0, length 1 = broadcast).
// Slice is the array layer, cube face, or layer·6+face for cube arrays.
type TexelArgs struct {
	X, Y, Z []uint32
	Slice   []uint32
	Level   []uint32
	Sample  []uint32
}

func (t *Texture) checkTexelArgs(name string, a *TexelArgs, mask []uint64, v Out) (int, error) {
	if a == nil {
		return 0, fmt.Errorf("texel: %s: nil arguments", name)
	}
	n := len(a.X)
	for _, c := range []struct {
		name string
		l    int
	}{{"Y", len(a.Y)}, {"Z", len(a.Z)}, {"Slice", len(a.Slice)}, {"Level", len(a.Level)}, {"Sample", len(a.Sample)}} {
		if err := checkOpt(name, c.name, c.l, n); err != nil {
			return 0, err
		}
	}
	if len(v.R) < n || len(v.G) < n || len(v.B) < n || len(v.A) < n {
		return 0, fmt.Errorf("texel: %s: value slices shorter than %d lanes", name, n)
	}
	return n, checkMask(mask, n)
}

// offsets fills c.off for lanes [base, end) that are active; lanes maps
// positions back to lane indices. Out-of-bounds lanes get -1.
func (t *Texture) texelOffsets(a *TexelArgs, mask []uint64, base, end int, c *corner, lanes *[chunk]int32, firstOOB *int) {
	m := 0
	for i := base; i < end; i++ {
		if !isActive(mask, i) {
			continue
		}
		l := Loc{X: a.X[i], Y: optU(a.Y, i), Z: optU(a.Z, i), Slice: optU(a.Slice, i), Level: optU(a.Level, i), Sample: optU(a.Sample, i)}
		o, ok := t.Offset(l)
		if !ok {
			o = -1
			if *firstOOB < 0 {
				*firstOOB = i
			}
		}
		c.off[m] = o
		lanes[m] = int32(i)
		m++
	}
	c.m = m
}

// ReadBatch reads one texel per active lane (MSL read) into out: float
// values, or bit patterns for integer formats (stencil-only formats read
// their stencil; combined depth/stencil formats read their depth — make an
// X24_Stencil8 or X32_Stencil8 view with NewView to read the stencil).
// Out-of-bounds lanes read Metal's out-of-bounds value; firstOOB
// is the first such lane, -1 if none.
func (t *Texture) ReadBatch(a *TexelArgs, mask []uint64, out Out) (firstOOB int, err error) {
	n, err := t.checkTexelArgs("read", a, mask, out)
	if err != nil {
		return -1, err
	}
	isInt := !floatAccess(t.format)
	var oob [4]float32
	if isInt {
		b := oobInt(t.format)
		for i := range oob {
			oob[i] = math.Float32frombits(b[i])
		}
	} else {
		oob = oobFloat(t.format)
	}
	firstOOB = -1
	var c corner
	var lanes [chunk]int32
	for base := 0; base < n; base += chunk {
		t.texelOffsets(a, mask, base, min(base+chunk, n), &c, &lanes, &firstOOB)
		t.fetch(&c, oob, isInt)
		for k := 0; k < c.m; k++ {
			l := lanes[k]
			out.R[l], out.G[l], out.B[l], out.A[l] = c.t[0][k], c.t[1][k], c.t[2][k], c.t[3][k]
		}
	}
	return firstOOB, nil
}

// WriteBatch writes one texel per active lane (MSL write) from in: float
// values, or bit patterns for integer formats (saturated to the format).
// Out-of-bounds writes are ignored; firstOOB is the first such lane, -1 if
// none.
func (t *Texture) WriteBatch(a *TexelArgs, mask []uint64, in Out) (firstOOB int, err error) {
	n, err := t.checkTexelArgs("write", a, mask, in)
	if err != nil {
		return -1, err
	}
	isInt := !floatAccess(t.format)
	firstOOB = -1
	var c corner
	var lanes [chunk]int32
	d := t.data
	for base := 0; base < n; base += chunk {
		t.texelOffsets(a, mask, base, min(base+chunk, n), &c, &lanes, &firstOOB)
		switch {
		case t.format == RGBA8Unorm:
			for k := 0; k < c.m; k++ {
				if o := c.off[k]; o >= 0 {
					l := lanes[k]
					p := d[o : o+4 : o+4]
					p[0], p[1], p[2], p[3] = byte(floatToUnorm(in.R[l], 255)), byte(floatToUnorm(in.G[l], 255)),
						byte(floatToUnorm(in.B[l], 255)), byte(floatToUnorm(in.A[l], 255))
				}
			}
		case t.format == RGBA32Float || t.format == R32Float:
			four := t.format == RGBA32Float
			for k := 0; k < c.m; k++ {
				if o := c.off[k]; o >= 0 {
					l := lanes[k]
					le.PutUint32(d[o:], math.Float32bits(in.R[l]))
					if four {
						le.PutUint32(d[o+4:], math.Float32bits(in.G[l]))
						le.PutUint32(d[o+8:], math.Float32bits(in.B[l]))
						le.PutUint32(d[o+12:], math.Float32bits(in.A[l]))
					}
				}
			}
		case isInt:
			for k := 0; k < c.m; k++ {
				if o := c.off[k]; o >= 0 {
					l := lanes[k]
					encodeInt(t.format, d[o:], [4]uint32{math.Float32bits(in.R[l]), math.Float32bits(in.G[l]),
						math.Float32bits(in.B[l]), math.Float32bits(in.A[l])})
				}
			}
		default:
			for k := 0; k < c.m; k++ {
				if o := c.off[k]; o >= 0 {
					l := lanes[k]
					encodeFloat(t.format, d[o:], [4]float32{in.R[l], in.G[l], in.B[l], in.A[l]})
				}
			}
		}
	}
	return firstOOB, nil
}
