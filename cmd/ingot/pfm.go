package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// maxPFMPixels bounds the PFM images ingot merge reads (16384² as
// --size allows).
const maxPFMPixels = 1 << 28

// readPFM reads a colour PFM ("PF", as ingot writes it) and returns its
// size and RGB floats, top row first.
func readPFM(r io.Reader) (w, h int, rgb []float32, err error) {
	br := bufio.NewReader(r)
	var magic string
	var scale float64
	if _, err := fmt.Fscan(br, &magic, &w, &h, &scale); err != nil {
		return 0, 0, nil, fmt.Errorf("pfm header: %w", err)
	}
	switch {
	case magic != "PF":
		return 0, 0, nil, fmt.Errorf("pfm: magic %q, want PF (colour)", magic)
	case w <= 0 || h <= 0 || w > maxImageSide || h > maxImageSide || w*h > maxPFMPixels:
		return 0, 0, nil, fmt.Errorf("pfm: size %dx%d", w, h)
	case scale == 0 || math.IsNaN(scale):
		return 0, 0, nil, errors.New("pfm: scale 0")
	}
	if _, err := br.ReadByte(); err != nil { // the single whitespace after the scale
		return 0, 0, nil, fmt.Errorf("pfm header: %w", err)
	}
	var order binary.ByteOrder = binary.LittleEndian
	if scale > 0 {
		order = binary.BigEndian
	}
	rgb = make([]float32, 3*w*h)
	row := make([]byte, 12*w)
	for y := h - 1; y >= 0; y-- { // bottom row first
		if _, err := io.ReadFull(br, row); err != nil {
			return 0, 0, nil, fmt.Errorf("pfm row %d: %w", y, err)
		}
		for x := range 3 * w {
			rgb[3*w*y+x] = math.Float32frombits(order.Uint32(row[4*x:]))
		}
	}
	return w, h, rgb, nil
}
