// The types and constants of librsvg, cairo and GLib that chartbook's SVG rasteriser uses
// (`save png`, `save pdf`, pictures in the terminal), declared here as the libraries'
// headers declare them (their ABI, stable since cairo 1.16 and librsvg 2.52). The
// libraries are not linked: ChartbookRaster opens them with dlopen when a picture is first
// drawn (RasterFunctions), so a chart that draws none does not load them and their ~50
// dependencies at start-up (issue 53). The functions' types are in RasterFunctions.swift.
#ifndef CHARTBOOK_CRSVG_SHIM_H
#define CHARTBOOK_CRSVG_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

/// cairo.h's cairo_status_t (the two values chartbook names; others are reported by text).
typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_WRITE_ERROR = 11
} cairo_status_t;

/// cairo.h's cairo_format_t (the two formats chartbook draws in).
typedef enum _cairo_format {
    CAIRO_FORMAT_ARGB32 = 0,
    CAIRO_FORMAT_RGB24 = 1
} cairo_format_t;

/// cairo-pdf.h's cairo_pdf_metadata_t (the creation date, left empty).
typedef enum _cairo_pdf_metadata {
    CAIRO_PDF_METADATA_CREATE_DATE = 5
} cairo_pdf_metadata_t;

typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data,
                                             unsigned int length);

typedef unsigned long gsize;
typedef int gboolean;

/// glib's GError.
typedef struct _GError {
    uint32_t domain;
    int code;
    char *message;
} GError;

typedef struct _RsvgHandle RsvgHandle;

/// librsvg's RsvgRectangle.
typedef struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

#endif
