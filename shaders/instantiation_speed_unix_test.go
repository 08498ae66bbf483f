//go:build unix

package shaders

import (
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time (user + system) of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// compileCPU returns the CPU time of reps consecutive compiles of src,
// each started on a collected heap with the collector off (the caller
// turns it off), so that the figure is the compiler's own work and not
// when the collector happened to run. The process's CPU time advances in
// scheduler ticks (a few milliseconds), so one compile of tens of
// milliseconds is too short to time alone: the caller asks for several.
func compileCPU(t testing.TB, src []byte, reps int) time.Duration {
	var total time.Duration
	for range reps {
		runtime.GC()
		c0 := processCPU()
		if _, err := Compile("inst.metal", src, Options{}); err != nil {
			t.Fatal(err)
		}
		total += processCPU() - c0
	}
	return total
}

// TestInstantiationCompileTime keeps explicit instantiation cheap: a file
// of n distinct explicit instantiations of a kernel template (and the
// helper template each one calls) must compile within a small factor of
// the same n kernels written out as plain functions, which the checker
// types statement by statement just the same. Both are CPU times measured
// interleaved in this process (best of several, the garbage collector
// off), so a loaded machine slows both sides. Instantiating adds binding
// the parameters, resolving the decltype and the instance's signature and
// the entry-point checks of each instance, and saves parsing n bodies:
// with signatures, class instances and conversions memoized the templated
// file takes 0.5–0.7× the plain one; it must stay within 1.25×. The file
// of 2n instantiations must also take at most 2.75× the file of n (1.7–2.3×
// measured; an instance whose cost grew with the instances before it would
// give 4×).
func TestInstantiationCompileTime(t *testing.T) {
	n := 240
	if testing.Short() {
		n = 120
	}
	tmpl, plain, tmpl2 := generateInstantiations(n, true), generateInstantiations(n, false), generateInstantiations(2*n, true)
	lib, err := Compile("inst.metal", tmpl, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(lib.Functions()); got != n {
		t.Fatalf("templated file: %d functions, want %d", got, n)
	}
	if lib, err = Compile("plain.metal", plain, Options{}); err != nil {
		t.Fatal(err)
	} else if got := len(lib.Functions()); got != n {
		t.Fatalf("plain file: %d functions, want %d", got, n)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var ct, cp, c2 time.Duration = 1<<63 - 1, 1<<63 - 1, 1<<63 - 1
	// Each figure: the least of three rounds of six compiles (about 100 ms
	// of CPU and more), the rounds interleaved so that load hits all three.
	const reps = 6
	for range 3 {
		ct = min(ct, compileCPU(t, tmpl, reps))
		cp = min(cp, compileCPU(t, plain, reps))
		c2 = min(c2, compileCPU(t, tmpl2, reps))
	}
	if ct <= 0 || cp <= 0 {
		t.Skip("no CPU time measured")
	}
	ratio, growth := float64(ct)/float64(cp), float64(c2)/float64(ct)
	t.Logf("%d instantiations: %v CPU; the same kernels written out: %v (%.2f×); %d instantiations: %v (%.2f×)",
		n, ct, cp, ratio, 2*n, c2, growth)
	if ratio > 1.25 {
		t.Errorf("instantiating %d kernels took %.2f× the CPU time of the same kernels written out (%v against %v), want at most 1.25×",
			n, ratio, ct, cp)
	}
	if growth > 2.75 {
		t.Errorf("%d instantiations took %.2f× the CPU time of %d (%v against %v), want at most 2.75×", 2*n, growth, n, c2, ct)
	}
}

// BenchmarkInstantiations compiles the file of explicit instantiations
// against its baseline, the same kernels written out as plain functions,
// and reports the ratio (template/plain) of their times per compile.
func BenchmarkInstantiations(b *testing.B) {
	const n = 240
	tmpl, plain := generateInstantiations(n, true), generateInstantiations(n, false)
	var tt, tp time.Duration
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			if _, err := Compile("plain.metal", plain, Options{}); err != nil {
				b.Fatal(err)
			}
		}
		tp = b.Elapsed() / time.Duration(b.N)
	})
	b.Run("templated", func(b *testing.B) {
		for b.Loop() {
			if _, err := Compile("inst.metal", tmpl, Options{}); err != nil {
				b.Fatal(err)
			}
		}
		tt = b.Elapsed() / time.Duration(b.N)
		if tp > 0 {
			b.ReportMetric(float64(tt)/float64(tp), "x-plain")
		}
	})
}
