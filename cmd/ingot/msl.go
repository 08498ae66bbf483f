package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	rshaders "github.com/ingot-render/ingot/scenes/render/shaders"
	"github.com/ingot-render/ingot/shaders"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// mslFlags are the compiler options shared by `msl check` and `msl reflect`.
type mslFlags struct {
	defines  []string
	includes []string
	std      string
	precise  bool
}

func (f *mslFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringArrayVarP(&f.defines, "define", "D", nil, "define a macro: -D NAME or -D NAME=VALUE")
	cmd.Flags().StringArrayVarP(&f.includes, "include", "I", nil, "add a directory to the #include search path")
	cmd.Flags().StringVar(&f.std, "std", "", "language version: metal3.0 … metal4.0, macos-metal2.x, ios-metal2.x (also -std=V)")
	cmd.Flags().BoolVar(&f.precise, "fno-fast-math", false, "use precise math for unqualified math functions")
}

func (f *mslFlags) options() shaders.Options {
	dirs := append(slices.Clone(f.includes), stockHeaderDir)
	return shaders.Options{Defines: f.defines, IncludeDirs: dirs, Resolver: stockHeaderResolver{},
		LanguageVersion: f.std, PreciseMath: f.precise}
}

// stockHeaderDir is the include directory, searched after every -I
// directory, that serves the stock renderer's embedded headers
// (scene_types.h, material_common.h, bsdf.h…), so that a user material
// checks without -I.
const stockHeaderDir = "embedded:render"

// stockHeaderResolver reads files from the operating system, and the
// embedded renderer headers under stockHeaderDir.
type stockHeaderResolver struct{}

// ReadFile implements syntax.IncludeResolver.
func (stockHeaderResolver) ReadFile(p string) ([]byte, error) {
	if name, ok := strings.CutPrefix(p, stockHeaderDir+"/"); ok {
		if strings.Contains(name, "/") || !strings.HasSuffix(name, ".h") {
			return nil, fmt.Errorf("%s: %w", p, fs.ErrNotExist)
		}
		return rshaders.Source(name)
	}
	return syntax.OSResolver{}.ReadFile(p)
}

// readSource returns the named file, or the embedded sample for "".
func readSource(path string) (string, []byte, error) {
	if path == "" {
		return shaders.SampleName, shaders.Sample(), nil
	}
	b, err := os.ReadFile(path)
	return path, b, err
}

// compileFile compiles one file and prints its diagnostics (errors and
// warnings) like a compiler on stderr. It reports whether it compiled.
func compileFile(stderr io.Writer, path string, opts shaders.Options) (*shaders.Library, bool) {
	name, src, err := readSource(path)
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return nil, false
	}
	lib, err := shaders.Compile(name, src, opts)
	var dl *diag.List
	switch {
	case errors.As(err, &dl):
		dl.Format(stderr)
		return nil, false
	case err != nil:
		fmt.Fprintf(stderr, "%s: error: %v\n", name, err)
		return nil, false
	}
	if lib.Diagnostics != nil && len(lib.Diagnostics.Diags) > 0 {
		lib.Diagnostics.Format(stderr)
	}
	return lib, true
}

func init() { subcommands = append(subcommands, newMSLCmd) }

// newMSLCmd builds `ingot msl` with its check and reflect subcommands.
func newMSLCmd() *cobra.Command {
	msl := &cobra.Command{Use: "msl", Short: "Check and reflect Metal Shading Language source"}

	var cf mslFlags
	check := &cobra.Command{
		Use:   "check [-D N[=V]] [-I dir] [-std V] [FILE...]",
		Short: "Compile MSL files and report every error and warning",
		Long: "check compiles each FILE (the embedded sample when none is given) and prints diagnostics on " +
			"stderr as file:line:col: error|warning: message, followed by the source line and a caret. " +
			"The stock renderer's headers (scene_types.h, material_common.h, bsdf.h…) are found without -I, " +
			"after the -I directories, so a --material file of ingot render checks as it is. " +
			"It exits 0 when every file compiles and 1 otherwise.",
		RunE: func(cmd *cobra.Command, args []string) error {
			defer tuneGCForCompile()()
			if len(args) == 0 {
				args = []string{""}
			}
			failed := 0
			for _, path := range args {
				if _, ok := compileFile(cmd.ErrOrStderr(), path, cf.options()); !ok {
					failed++
				}
			}
			if failed > 0 {
				return exitError{1}
			}
			return nil
		},
	}
	cf.register(check)

	var rf mslFlags
	var function string
	refl := &cobra.Command{
		Use:   "reflect [FILE] [--function NAME]",
		Short: "Print the reflection of MSL functions as JSON",
		Long: "reflect compiles FILE (the embedded sample when none is given) and prints a JSON array with the " +
			"reflection of every qualified function, or one object for --function NAME (qualified name, " +
			"host name or template instantiation). Field names are documented in the README.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			defer tuneGCForCompile()()
			path := ""
			if len(args) == 1 {
				path = args[0]
			}
			lib, ok := compileFile(cmd.ErrOrStderr(), path, rf.options())
			if !ok {
				return exitError{1}
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			if function != "" {
				f, err := lib.Function(function)
				if err != nil {
					return err
				}
				return enc.Encode(f.Reflection)
			}
			all := []reflect.Function{}
			for _, f := range lib.Functions() {
				all = append(all, f.Reflection)
			}
			return enc.Encode(all)
		},
	}
	rf.register(refl)
	refl.Flags().StringVar(&function, "function", "", "reflect only this function")

	msl.AddCommand(check, refl)
	return msl
}
