import CRsvg
import Foundation

/// A chart's standalone SVG drawn into the report by librsvg, as vectors on the PDF page.
enum ReportChart {
    static func draw(_ svg: String, on context: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let bytes = Array(svg.utf8)
        var error: UnsafeMutablePointer<GError>?
        guard
            let handle = bytes.withUnsafeBufferPointer({
                rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
            })
        else {
            if let error { g_error_free(error) }
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var viewport = RsvgRectangle(x: x, y: y, width: width, height: height)
        if rsvg_handle_render_document(handle, context, &viewport, &error) == 0, let error { g_error_free(error) }
    }
}
