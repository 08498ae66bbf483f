package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// benchSources lists the functions that supply benchmark cases; each layer
// adds its own as it lands.
var benchSources []func() []benchkit.Case

func init() { subcommands = append(subcommands, newBenchCmd) }

// newBenchCmd builds `ingot bench`.
func newBenchCmd() *cobra.Command {
	var asJSON bool
	var workers int
	cmd := &cobra.Command{
		Use:   "bench [--json] [--workers N] [NAME...]",
		Short: "Run ingot's benchmarks, each against a native-Go baseline",
		Long: "bench runs the benchmark cases whose names start with one of NAME (all when none) " +
			"and prints each ingot figure beside its native baseline and their time ratio.",
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, src := range benchSources {
				for _, c := range src() {
					benchkit.Register(c)
				}
			}
			cases := benchkit.Cases(args...)
			if len(cases) == 0 {
				return fmt.Errorf("no benchmark matches %v", args)
			}
			out := cmd.OutOrStdout()
			const row = "%-32s %7v %10v %10v  %-12s %v\n"
			if !asJSON {
				fmt.Fprintf(out, row, "NAME", "WORKERS", "INGOT", "NATIVE", "UNIT", "TIME RATIO")
			}
			enc := json.NewEncoder(out)
			for _, c := range cases {
				r, err := benchkit.Run(cmd.Context(), c, workers)
				if err != nil {
					return err
				}
				if asJSON {
					if err := enc.Encode(r); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintf(out, row, r.Name, r.Workers, fmt.Sprintf("%.4g", r.Ingot), fmt.Sprintf("%.4g", r.Native), r.Unit, fmt.Sprintf("%.2fx", r.Ratio))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per benchmark")
	cmd.Flags().IntVar(&workers, "workers", 0, "number of workers (0 = all cores)")
	return cmd
}
