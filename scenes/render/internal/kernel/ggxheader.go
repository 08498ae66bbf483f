package kernel

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/ingot-render/ingot/scenes/render/shaders"
)

var (
	tablesOnce sync.Once
	tables     *GGXTables
)

// ggxTables returns the tables parsed from the embedded ggx_tables.h, so
// the Go reference uses exactly the numbers the MSL uses.
func ggxTables() *GGXTables {
	tablesOnce.Do(func() {
		src, err := shaders.Source("ggx_tables.h")
		if err != nil {
			panic(err)
		}
		t, err := ParseGGXTablesHeader(src)
		if err != nil {
			panic(fmt.Sprintf("embedded ggx_tables.h: %v", err)) // generated file; a test guards it
		}
		tables = t
	})
	return tables
}

// ParseGGXTablesHeader reads the constant arrays of a ggx_tables.h.
func ParseGGXTablesHeader(src []byte) (*GGXTables, error) {
	t := new(GGXTables)
	s := string(src)
	for _, a := range []struct {
		name string
		dst  []float32
	}{{"kGGXE1", t.E1[:]}, {"kGGXE5", t.E5[:]}, {"kGGXAvg1", t.Avg1[:]}, {"kGGXAvg5", t.Avg5[:]}, {"kSheenE", t.Sheen[:]}} {
		i := strings.Index(s, a.name+"[")
		if i < 0 {
			return nil, fmt.Errorf("array %s missing", a.name)
		}
		open := strings.IndexByte(s[i:], '{')
		end := strings.IndexByte(s[i:], '}')
		if open < 0 || end < open {
			return nil, fmt.Errorf("array %s: no initializer", a.name)
		}
		fields := strings.FieldsFunc(s[i+open+1:i+end], func(r rune) bool { return r == ',' || r == ' ' || r == '\n' })
		if len(fields) != len(a.dst) {
			return nil, fmt.Errorf("array %s: %d values, want %d", a.name, len(fields), len(a.dst))
		}
		for k, f := range fields {
			v, err := strconv.ParseFloat(strings.TrimSuffix(f, "f"), 32)
			if err != nil {
				return nil, fmt.Errorf("array %s[%d]: %w", a.name, k, err)
			}
			a.dst[k] = float32(v)
		}
	}
	return t, nil
}

// GGXTableBuffer returns the GGX albedo tables as the path tracer reads
// them from SceneResources.ggxTables (bsdf.h GGX_OFFSET_*): E1, E5, Avg1,
// Avg5 and the sheen albedo Sheen, the values of the embedded ggx_tables.h.
func GGXTableBuffer() []float32 {
	t := ggxTables()
	out := make([]float32, 0, len(t.E1)+len(t.E5)+len(t.Avg1)+len(t.Avg5)+len(t.Sheen))
	out = append(out, t.E1[:]...)
	out = append(out, t.E5[:]...)
	out = append(out, t.Avg1[:]...)
	out = append(out, t.Avg5[:]...)
	return append(out, t.Sheen[:]...)
}
