package syntax

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
)

func TestScratchDepth(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DEPTH"))
	for _, src := range []string{"vec" + strings.Repeat("<vec", n) + " x;", "int x = " + strings.Repeat("as_type<", n) + "1;"} {
		start := time.Now()
		fset := diag.NewFileSet()
		ParseFile(fset, "d", []byte(src), Options{}, diag.NewList(fset))
		t.Logf("n=%d %v", n, time.Since(start))
	}
}
