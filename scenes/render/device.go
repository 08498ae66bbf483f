package render

import (
	"fmt"

	"github.com/ingot-render/ingot/engine"
)

// NewDevice returns an engine device for the renderer with workers
// goroutines (0: GOMAXPROCS). Images do not depend on workers. Any
// engine.Device works with NewRenderer; this is a convenience.
func NewDevice(workers int) (*engine.Device, error) {
	if workers < 0 {
		return nil, fmt.Errorf("render: NewDevice: workers is %d, want ≥ 0", workers)
	}
	return engine.NewDevice(engine.DeviceOptions{Workers: workers})
}
