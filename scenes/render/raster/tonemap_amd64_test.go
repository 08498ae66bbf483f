package raster

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
)

// TestToneAssemblyVEXOnly fails on a legacy-SSE instruction that touches
// an XMM or YMM register in the package's assembly (an SSE/AVX state
// transition each while the upper halves are dirty), and on a TEXT
// without VZEROUPPER before its RET.
func TestToneAssemblyVEXOnly(t *testing.T) {
	testkit.CheckAssembly(t, "*_amd64.s", true)
}

// TestToneConstOffsets checks that tonemap_amd64.s's offsets of the
// constants are those of toneConsts' indices.
func TestToneConstOffsets(t *testing.T) {
	src, err := os.ReadFile("tonemap_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"ONE": tcOne, "PLOW": tcPBRLow, "PQUAD": tcPBRQuad, "POFF": tcPBROffset, "PSTART": tcPBRStart,
		"PD": tcPBRD, "PDD": tcPBRDD, "PDESAT": tcPBRDesat, "AA": tcACESA, "AB": tcACESB, "AC": tcACESC, "AD": tcACESD,
		"AE": tcACESE, "ONEBITS": tcOneBits, "LOWBITS": tcLowBits, "LOWMASK": tcLowMask, "ALPHA": tcAlpha, "PERM": tcPerm}
	def := regexp.MustCompile(`(?m)^#define (\w+) (\d+)$`)
	seen := 0
	for _, m := range def.FindAllStringSubmatch(string(src), -1) {
		i, ok := want[m[1]]
		if !ok {
			continue
		}
		seen++
		if off, _ := strconv.Atoi(m[2]); off != 32*i {
			t.Errorf("%s is at %d, toneConsts at %d", m[1], off, 32*i)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of %d offsets defined", seen, len(want))
	}
	for _, m := range []struct {
		name string
		base int
	}{{"AIN", tcACESIn}, {"AOUT", tcACESOut}} {
		re := regexp.MustCompile(`(?m)^#define ` + m.name + `\(i, j\) \((\d+)\+32\*\(3\*i\+j\)\)$`)
		g := re.FindStringSubmatch(string(src))
		if g == nil {
			t.Errorf("%s not defined", m.name)
		} else if off, _ := strconv.Atoi(g[1]); off != 32*m.base {
			t.Errorf("%s is at %d, toneConsts at %d", m.name, off, 32*m.base)
		}
	}
}
