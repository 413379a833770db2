// libqpdf's C API: the report's PDF is read from memory and written back with AES-256 (R6) protection.
#include <qpdf/qpdf-c.h>
