// zlib's deflate and CRC-32 for the export's ZIP, at the fast level ZIPFoundation does not offer.
#include <zlib.h>
