// zbar reads the Code 128 barcode of a test kit from a photo when the browser cannot.
#include <zbar.h>
