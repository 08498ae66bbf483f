// Package texture decodes PNG, JPEG and WebP images once into RGBA8 texels
// with a full mip chain, ready for upload to engine textures.
//
// Texels are stored non-premultiplied, 4 bytes per texel, rows top to
// bottom. When [Image.SRGB] is set the RGB channels hold sRGB-encoded values
// (as in Metal's rgba8Unorm_srgb: the sampler converts to linear) and alpha
// is linear; otherwise all channels are linear. Mip levels are always
// filtered in linear light with premultiplied alpha using
// golang.org/x/image/draw's bilinear (tent) kernel, so sRGB images do not
// darken when minified.
package texture
