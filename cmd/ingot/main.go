// Command ingot runs Metal-style rendering on the CPU: it checks and
// reflects Metal Shading Language, inspects scenes, renders them and runs
// the benchmark suite.
//
// Subcommands live in one file each and register their constructor in
// subcommands from an init function.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/engine/exec"
)

// subcommands holds the constructors of the top-level subcommands; each
// subcommand's file appends its own in an init function. Commands are
// built afresh for every run so no flag value leaks between runs.
var subcommands []func() *cobra.Command

// newRootCmd builds the whole command tree; finish stops the CPU profile
// (--cpuprofile) when the command has ended, with or without an error.
func newRootCmd() (root *cobra.Command, finish func()) {
	var cpuProfile string
	var stopProfile func()
	root = &cobra.Command{
		Use:           "ingot",
		Short:         "Metal-style rendering on the CPU",
		Long:          "ingot compiles Metal Shading Language and runs compute, ray-tracing and rendering work on the CPU.",
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if cpuProfile == "" {
				return nil
			}
			f, err := os.Create(cpuProfile)
			if err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				f.Close()
				return fmt.Errorf("--cpuprofile: %w", err)
			}
			stopProfile = func() {
				pprof.StopCPUProfile()
				f.Close()
			}
			return nil
		},
	}
	root.PersistentFlags().StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the command to `FILE` (go tool pprof)")
	for _, mk := range subcommands {
		root.AddCommand(mk())
	}
	return root, func() {
		exec.DumpOpStats() // ingot_opstats builds only
		if stopProfile != nil {
			stopProfile()
			stopProfile = nil
		}
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	go func() {
		// The first Ctrl-C stops the command (a render writes what it
		// has); restoring the default handler lets a second one kill it.
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// normalizeArgs accepts the compiler-style single-dash spelling of long
// options that users type from habit (-std=metal3.2, -std metal3.2) by
// rewriting them to the double-dash form the flag parser expects.
func normalizeArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "-std" || strings.HasPrefix(a, "-std=") || a == "-fno-fast-math" {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}

// run executes the command line args and returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root, finish := newRootCmd()
	defer finish()
	root.SetArgs(normalizeArgs(args))
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintln(stderr, "ingot:", err)
	return 1
}
