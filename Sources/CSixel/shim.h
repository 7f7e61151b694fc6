// The types and constants of libsixel that chartbook's sixel encoder uses (pictures in a
// sixel terminal), declared here as sixel.h declares them. libsixel is not linked:
// ChartbookRaster opens it with dlopen when a sixel picture is first drawn (SixelFunctions),
// not at start-up (issue 53).
#ifndef CHARTBOOK_CSIXEL_SHIM_H
#define CHARTBOOK_CSIXEL_SHIM_H

typedef int SIXELSTATUS;
typedef struct sixel_output sixel_output_t;
typedef struct sixel_dither sixel_dither_t;
typedef struct sixel_allocator sixel_allocator_t;
typedef int (*sixel_write_function)(char *data, int size, void *priv);

#define SIXEL_OK 0x0000
#define SIXEL_BAD_ARGUMENT 0x1102
#define SIXEL_PIXELFORMAT_RGB888 0x03
#define SIXEL_LARGE_AUTO 0x0
#define SIXEL_REP_AUTO 0x0
#define SIXEL_QUALITY_AUTO 0x0

#endif
