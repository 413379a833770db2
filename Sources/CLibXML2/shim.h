// libxml2's SAX2 push parser reads the Apple Health export as it streams out of its ZIP.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with Foundation's own copy of ICU. Only the
// layout of xmlCharEncodingHandler depends on it, and Thrive never touches one.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
