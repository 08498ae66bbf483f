package lower_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Conformance case format (header comments of a .metal file):
//
//	// RUN kernel=NAME grid=X[,Y,Z] tg=X[,Y,Z] [fc=NAME:VALUE,...] [precise] [fault] [tgmem=N]
//	// BUF i TYPE[N] = v0 v1 ...     buffer(i) initial contents (missing values are 0)
//	// BUF i TYPE[N] zero | iota | fill V
//	// EXPECT i TYPE[] = v0 v1 ... [tol=T]   expected contents after the run
//
// Several RUN blocks may follow each other; BUF/EXPECT lines belong to the
// last RUN. TYPE is float, half, int, uint, short, ushort, char, uchar,
// long, ulong or bool; values may be nan, inf, -inf, or 0x hex patterns.
// tol is an absolute-or-relative tolerance for floats (default exact).
type runSpec struct {
	kernel  string
	grid    [3]uint32
	tg      [3]uint32
	fcs     map[string]string
	precise bool
	fault   bool
	tgmem   uint32
	bufs    map[int]*bufSpec
	expects []*expectSpec
	line    int
}

type bufSpec struct {
	typ  string
	n    int
	vals []string
	mode string
}

type expectSpec struct {
	index int
	typ   string
	vals  []string
	tol   float64
}

func typeSize(t string) int {
	switch t {
	case "char", "uchar", "bool":
		return 1
	case "short", "ushort", "half":
		return 2
	case "long", "ulong":
		return 8
	}
	return 4
}

func parseDims(s string) ([3]uint32, error) {
	out := [3]uint32{1, 1, 1}
	for i, p := range strings.Split(s, ",") {
		if i > 2 {
			return out, fmt.Errorf("too many dimensions in %q", s)
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return out, err
		}
		out[i] = uint32(n)
	}
	return out, nil
}

func parseTyped(s string) (typ string, n int, err error) {
	i := strings.IndexByte(s, '[')
	if i < 0 || !strings.HasSuffix(s, "]") {
		return "", 0, fmt.Errorf("bad typed buffer %q", s)
	}
	typ = s[:i]
	if inner := s[i+1 : len(s)-1]; inner != "" {
		n, err = strconv.Atoi(inner)
	}
	return typ, n, err
}

func parseSpecs(src string) ([]*runSpec, error) {
	var runs []*runSpec
	var cur *runSpec
	for ln, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "//") {
			continue
		}
		f := strings.Fields(strings.TrimPrefix(line, "//"))
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "RUN":
			cur = &runSpec{grid: [3]uint32{1, 1, 1}, tg: [3]uint32{1, 1, 1}, fcs: map[string]string{}, bufs: map[int]*bufSpec{}, line: ln + 1}
			runs = append(runs, cur)
			for _, kv := range f[1:] {
				k, v, _ := strings.Cut(kv, "=")
				var err error
				switch k {
				case "kernel":
					cur.kernel = v
				case "grid":
					cur.grid, err = parseDims(v)
				case "tg":
					cur.tg, err = parseDims(v)
				case "fc":
					for _, p := range strings.Split(v, ",") {
						n, val, _ := strings.Cut(p, ":")
						cur.fcs[n] = val
					}
				case "precise":
					cur.precise = true
				case "fault":
					cur.fault = true
				case "tgmem":
					var n int
					n, err = strconv.Atoi(v)
					cur.tgmem = uint32(n)
				default:
					err = fmt.Errorf("unknown RUN key %q", k)
				}
				if err != nil {
					return nil, fmt.Errorf("line %d: %w", ln+1, err)
				}
			}
		case "BUF", "EXPECT":
			if cur == nil || len(f) < 3 {
				return nil, fmt.Errorf("line %d: %s before RUN or malformed", ln+1, f[0])
			}
			idx, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", ln+1, err)
			}
			typ, n, err := parseTyped(f[2])
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", ln+1, err)
			}
			rest := f[3:]
			if f[0] == "BUF" {
				b := &bufSpec{typ: typ, n: n}
				switch {
				case len(rest) > 0 && rest[0] == "=":
					b.vals = rest[1:]
				case len(rest) > 0 && rest[0] == "fill":
					b.mode = "fill"
					b.vals = rest[1:]
				case len(rest) > 0:
					b.mode = rest[0]
				}
				if b.n == 0 {
					b.n = len(b.vals)
				}
				cur.bufs[idx] = b
				continue
			}
			e := &expectSpec{index: idx, typ: typ}
			if len(rest) > 0 && rest[0] == "=" {
				rest = rest[1:]
			}
			for _, v := range rest {
				if t, ok := strings.CutPrefix(v, "tol="); ok {
					e.tol, _ = strconv.ParseFloat(t, 64)
					continue
				}
				e.vals = append(e.vals, v)
			}
			cur.expects = append(cur.expects, e)
		}
	}
	return runs, nil
}

func putValue(b []byte, typ, s string) error {
	switch typ {
	case "float", "half":
		var x float64
		switch s {
		case "nan":
			x = math.NaN()
		case "inf":
			x = math.Inf(1)
		case "-inf":
			x = math.Inf(-1)
		default:
			if strings.HasPrefix(s, "0x") {
				u, err := strconv.ParseUint(s[2:], 16, 32)
				if err != nil {
					return err
				}
				if typ == "half" {
					binary.LittleEndian.PutUint16(b, uint16(u))
				} else {
					binary.LittleEndian.PutUint32(b, uint32(u))
				}
				return nil
			}
			var err error
			x, err = strconv.ParseFloat(s, 64)
			if err != nil {
				return err
			}
		}
		if typ == "half" {
			binary.LittleEndian.PutUint16(b, uint16(fmath.Float32ToHalf(float32(x))))
		} else {
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(x)))
		}
		return nil
	case "bool":
		if s == "true" || s == "1" {
			b[0] = 1
		} else {
			b[0] = 0
		}
		return nil
	}
	var u uint64
	if strings.HasPrefix(s, "-") {
		i, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			return err
		}
		u = uint64(i)
	} else {
		var err error
		u, err = strconv.ParseUint(s, 0, 64)
		if err != nil {
			return err
		}
	}
	switch typeSize(typ) {
	case 1:
		b[0] = byte(u)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(u))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(u))
	default:
		binary.LittleEndian.PutUint64(b, u)
	}
	return nil
}

func getValue(b []byte, typ string) (float64, uint64, bool) {
	switch typ {
	case "float":
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), 0, true
	case "half":
		return float64(fmath.HalfToFloat32(fmath.Half(binary.LittleEndian.Uint16(b)))), 0, true
	case "char":
		return 0, uint64(int64(int8(b[0]))), false
	case "short":
		return 0, uint64(int64(int16(binary.LittleEndian.Uint16(b)))), false
	case "int":
		return 0, uint64(int64(int32(binary.LittleEndian.Uint32(b)))), false
	}
	switch typeSize(typ) {
	case 1:
		return 0, uint64(b[0]), false
	case 2:
		return 0, uint64(binary.LittleEndian.Uint16(b)), false
	case 4:
		return 0, uint64(binary.LittleEndian.Uint32(b)), false
	}
	return 0, binary.LittleEndian.Uint64(b), false
}

func (b *bufSpec) bytes() ([]byte, error) {
	sz := typeSize(b.typ)
	out := make([]byte, max(b.n, 1)*sz)
	for i := 0; i < b.n; i++ {
		var s string
		switch b.mode {
		case "iota":
			s = strconv.Itoa(i)
		case "fill":
			s = b.vals[0]
		case "zero":
			s = "0"
		default:
			if i < len(b.vals) {
				s = b.vals[i]
			} else {
				s = "0"
			}
		}
		if err := putValue(out[i*sz:], b.typ, s); err != nil {
			return nil, fmt.Errorf("buffer value %q: %w", s, err)
		}
	}
	return out, nil
}

// compileMSL parses and checks src.
func compileMSL(name, src string, precise bool) (*sema.Program, error) {
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, name, []byte(src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{FastMath: !precise}, diags)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	return prog, nil
}

// runResult is the outcome of one executor.
type runResult struct {
	bufs map[int][]byte
	err  error
}

func buildArgs(res *lower.Result, spec *runSpec, tgArgs *uint32) ([]uint64, *exec.Memory, map[int][]byte, error) {
	bufs := map[int][]byte{}
	var list []exec.Buffer
	args := make([]uint64, len(res.Bindings))
	off := uint32(0)
	for i, bd := range res.Bindings {
		switch bd.Kind {
		case lower.BindBuffer:
			bs := spec.bufs[bd.Index]
			if bs == nil {
				if bd.FuncConst != "" {
					continue
				}
				return nil, nil, nil, fmt.Errorf("no BUF for buffer(%d) (%s)", bd.Index, bd.ArgName)
			}
			data, err := bs.bytes()
			if err != nil {
				return nil, nil, nil, err
			}
			bufs[bd.Index] = data
			addr := uint64(0x10000) * uint64(bd.Index+1)
			list = append(list, exec.Buffer{Addr: addr, Data: data, Name: bd.ArgName})
			args[i] = addr
		case lower.BindThreadgroup:
			args[i] = uint64(res.ThreadgroupMemory + off)
			off += (spec.tgmem + 15) &^ 15
		default:
			return nil, nil, nil, fmt.Errorf("binding %v not supported by the harness", bd.Kind)
		}
	}
	*tgArgs = off
	mem, err := exec.NewMemory(list...)
	return args, mem, bufs, err
}

func specialize(res *lower.Result, spec *runSpec) (*ir.Program, error) {
	vals := map[int]uint64{}
	for name, s := range spec.fcs {
		idx, ok := res.Program.ConstantIndex(name)
		if !ok {
			return nil, fmt.Errorf("no function constant %q", name)
		}
		var k ir.Kind
		for _, c := range res.Program.Constants {
			if c.Index == idx {
				k = c.Kind
			}
		}
		var v uint64
		switch {
		case s == "true":
			v = 1
		case s == "false":
			v = 0
		case k == ir.F32:
			x, err := strconv.ParseFloat(s, 32)
			if err != nil {
				return nil, err
			}
			v = uint64(math.Float32bits(float32(x)))
		default:
			i, err := strconv.ParseInt(s, 0, 64)
			if err != nil {
				return nil, err
			}
			v = uint64(i)
		}
		vals[idx] = ir.Normalize(k, v)
	}
	return ir.Specialize(res.Program, vals)
}

// runBoth lowers spec's kernel and runs it on exec and refexec.
func runBoth(t testing.TB, prog *sema.Program, spec *runSpec) (res *lower.Result, outs [2]runResult, err error) {
	fn := prog.Lookup(spec.kernel)
	if fn == nil {
		return nil, outs, fmt.Errorf("no kernel %q", spec.kernel)
	}
	res, err = lower.Entry(prog, fn, lower.Options{})
	if err != nil {
		return nil, outs, err
	}
	sp, err := specialize(res, spec)
	if err != nil {
		return res, outs, err
	}
	grid := exec.ThreadsGrid(spec.grid, spec.tg)
	for i := range 2 {
		var tgArgs uint32
		args, mem, bufs, err := buildArgs(res, spec, &tgArgs)
		if err != nil {
			return res, outs, err
		}
		d := exec.Dispatch{Grid: grid, Args: args, Memory: mem, ThreadgroupMemory: tgArgs}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if i == 0 {
			pl, cerr := exec.Compile(sp, res.Entry, exec.Options{MaxSteps: 50_000_000})
			if cerr != nil {
				cancel()
				return res, outs, fmt.Errorf("exec.Compile: %w", cerr)
			}
			outs[i].err = pl.Run(ctx, d)
		} else {
			outs[i].err = refexec.Run(ctx, sp, res.Entry, d, refexec.Options{MaxSteps: 50_000_000})
		}
		cancel()
		outs[i].bufs = bufs
	}
	return res, outs, nil
}

func checkExpect(spec *runSpec, out runResult) error {
	if spec.fault {
		var f *exec.Fault
		if !errors.As(out.err, &f) {
			return fmt.Errorf("want a fault, got %v", out.err)
		}
		return nil
	}
	if out.err != nil {
		return out.err
	}
	for _, e := range spec.expects {
		data := out.bufs[e.index]
		if data == nil {
			return fmt.Errorf("EXPECT %d: no such buffer", e.index)
		}
		sz := typeSize(e.typ)
		for i, s := range e.vals {
			if (i+1)*sz > len(data) {
				return fmt.Errorf("EXPECT %d: buffer too short for %d values", e.index, len(e.vals))
			}
			want := make([]byte, 8)
			if err := putValue(want, e.typ, s); err != nil {
				return err
			}
			gf, gi, isf := getValue(data[i*sz:], e.typ)
			wf, wi, _ := getValue(want, e.typ)
			if isf {
				if math.IsNaN(wf) && math.IsNaN(gf) || gf == wf {
					continue
				}
				if e.tol > 0 && math.Abs(gf-wf) <= e.tol*math.Max(1, math.Abs(wf)) {
					continue
				}
				return fmt.Errorf("buffer %d [%d]: got %v, want %v", e.index, i, gf, wf)
			}
			if gi != wi {
				return fmt.Errorf("buffer %d [%d]: got %d (%#x), want %d", e.index, i, int64(gi), gi, int64(wi))
			}
		}
	}
	return nil
}
