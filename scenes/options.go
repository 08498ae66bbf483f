package scenes

// Options control loading (Load, Open). The fields are those of
// model.Options, which the importers take: model.Options(opts) converts.
type Options struct {
	// Scene picks a glTF scene by name or decimal index; "" is the file's
	// default scene.
	Scene string
	// SkipImages leaves textures without decoded images (Texture.Image = -1);
	// for tools that only need geometry.
	SkipImages bool
	// MaxImagePixels caps width*height of one image (0: texture.DefaultMaxPixels).
	MaxImagePixels int
	// Workers bounds parallel image decoding (0: GOMAXPROCS).
	Workers int
}
