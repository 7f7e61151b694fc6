// librsvg (librsvg2-dev) draws chartbook's own SVG onto a cairo surface (libcairo2-dev):
// an image surface written as PNG, or a PDF surface (`save png`, `save pdf`).
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
