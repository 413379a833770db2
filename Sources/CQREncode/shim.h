// libqrencode makes the QR code of a two-step sign-in's otpauth:// address (ISO/IEC 18004).
#include <qrencode.h>
