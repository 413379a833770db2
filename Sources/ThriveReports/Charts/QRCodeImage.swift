import CQREncode

/// A QR code (ISO/IEC 18004, made by libqrencode) as SVG: one path of dark squares on white with
/// the standard's four-module quiet zone, crisp at any size, dark on light in either theme (a
/// scanner needs that contrast).
public enum QRCodeImage {
    /// The code for `text` at error-correction level M (15 %), or nil when it does not fit in a QR
    /// code at all. `label` names it for screen readers.
    public static func svg(_ text: String, label: String) -> String? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let quiet = 4
        let size = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            for column in 0..<width where code.pointee.data[row * width + column] & 1 == 1 {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" width="\(size * 4)" height="\(size * 4)" \
            role="img" aria-label="\(SVGText.escape(label))" shape-rendering="crispEdges">\
            <rect width="\(size)" height="\(size)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }

    /// Modules a side, without the quiet zone (21 for version 1, 4 more for each version after).
    public static func modules(_ text: String) -> Int? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        return Int(code.pointee.width)
    }
}
