// libsixel (libsixel-dev) encodes a picture's pixels as sixel, for terminals that show
// sixel pictures (`set canvas auto`).
#include <sixel.h>
