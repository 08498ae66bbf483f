package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/scenes"
)

func init() { subcommands = append(subcommands, newSceneCmd) }

// newSceneCmd builds `ingot scene` and its info subcommand.
func newSceneCmd() *cobra.Command {
	var (
		asJSON   bool
		sceneSel string
		noImages bool
	)
	sceneCmd := &cobra.Command{
		Use:   "scene",
		Short: "Inspect scenes (glTF, OBJ, built-in)",
	}
	infoCmd := &cobra.Command{
		Use:   "info [FILE|BUILTIN]",
		Short: "Print a scene summary",
		Long: "info loads a .gltf, .glb or .obj file, or a built-in scene (" +
			fmt.Sprint(scenes.BuiltinNames()) + "; default " + scenes.DefaultScene +
			"), and prints nodes, meshes, triangles, materials, textures, cameras, lights, animations, bounds, extensions and warnings.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := ""
			if len(args) == 1 {
				name = args[0]
			}
			s, err := scenes.Open(cmd.Context(), name, scenes.Options{Scene: sceneSel, SkipImages: noImages})
			if err != nil {
				fmt.Fprintln(cmd.ErrOrStderr(), "ingot scene info:", err)
				return exitError{1}
			}
			sum := s.Summary()
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(sum)
			}
			return sum.WriteText(out)
		},
	}
	infoCmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	infoCmd.Flags().StringVar(&sceneSel, "scene", "", "glTF scene to load, by name or index (default: the file's default scene)")
	infoCmd.Flags().BoolVar(&noImages, "no-images", false, "do not decode images")
	sceneCmd.AddCommand(infoCmd)
	return sceneCmd
}
