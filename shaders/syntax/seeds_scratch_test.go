package syntax

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"fmt"

	"github.com/ingot-render/ingot/shaders/diag"
)

var codeLine = regexp.MustCompile(`^\s*(#|//|\}|\{|\[\[|struct |template|kernel |vertex |fragment |using |typedef |constant |device |enum |namespace |return |float|half|int |uint|if |for |else|\w+[\w<>,: ]*\s+\w+\s*(\(|=|;|\[))|[;{}]\s*(//.*)?$`)

func TestScratchSeeds(t *testing.T) {
	files := []string{"000_31c978415df0751b.txt", "001_72ee6a3a94d1a9c8.txt", "003_26e13120ec72f038.txt", "004_82529f49b964f368.txt"}
	out := &strings.Builder{}
	for _, fn := range files {
		b, err := os.ReadFile("/work/shared/seeds/" + fn)
		if err != nil { t.Skip() }
		lines := strings.Split(string(b), "\n")
		var blk []string
		start := 0
		flush := func(end int) {
			if len(blk) >= 2 {
				src := strings.Join(blk, "\n")
				fset := diag.NewFileSet()
				dl := diag.NewList(fset)
				ParseFile(fset, fmt.Sprintf("%s:%d", fn[:3], start+1), []byte("#include <metal_stdlib>\nusing namespace metal;\n"+src), Options{}, dl)
				if dl.HasErrors() {
					fmt.Fprintf(out, "=== %s:%d\n%s\n--- %s\n", fn[:3], start+1, src, dl.Error())
				}
			}
			blk = nil
		}
		for i, l := range lines {
			if codeLine.MatchString(l) || (len(blk) > 0 && strings.TrimSpace(l) != "" && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t"))) {
				if len(blk) == 0 { start = i }
				blk = append(blk, l)
			} else if strings.TrimSpace(l) == "" && len(blk) > 0 {
				blk = append(blk, l)
			} else {
				flush(i)
			}
		}
		flush(len(lines))
	}
	os.WriteFile("/tmp/scratch/seed_errors.txt", []byte(out.String()), 0o644)
}
