// librsvg draws SVG onto a cairo image surface; the PNG export of charts uses both.
#include <librsvg/rsvg.h>
#include <cairo.h>
