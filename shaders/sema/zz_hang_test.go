package sema

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func TestZZHang(t *testing.T) {
	if os.Getenv("HANGHUNT") == "" {
		t.Skip()
	}
	files, _ := filepath.Glob("../testdata/seeds/*.metal")
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		b, _ := os.ReadFile(files[rng.Intn(len(files))])
		for k := 0; k < 1+rng.Intn(4); k++ {
			i := rng.Intn(len(b))
			j := i + rng.Intn(20)
			if j > len(b) {
				j = len(b)
			}
			switch rng.Intn(3) {
			case 0:
				b = append(b[:i:i], b[j:]...)
			case 1:
				b = append(b[:j:j], append(append([]byte{}, b[i:j]...), b[j:]...)...)
			case 2:
				b[i] = "{}()<>[];,:*&"[rng.Intn(13)]
			}
		}
		done := make(chan string, 1)
		go func(src []byte) {
			fset := diag.NewFileSet()
			diags := diag.NewList(fset)
			f := syntax.ParseFile(fset, "x", src, syntax.Options{}, diags)
			done <- "parsed"
			Check(fset, f, nil, diags)
			done <- "checked"
		}(b)
		stage := ""
		timeout := time.After(5 * time.Second)
	loop:
		for {
			select {
			case s := <-done:
				stage = s
				if s == "checked" {
					break loop
				}
			case <-timeout:
				os.WriteFile("/tmp/hang.metal", b, 0o644)
				t.Fatalf("hang after stage %q (iteration %d), input in /tmp/hang.metal", stage, iter)
			}
		}
	}
}
