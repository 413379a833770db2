// cairo's PDF surface draws the report's pages; pango lays out and wraps its text.
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
