import CRsvg
import Foundation

/// Turns a standalone SVG into PNG bytes on the server with librsvg and cairo, so an exported chart
/// is the same file on every device.
public enum PNGRaster {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Parameters:
    ///   - width, height: the SVG's own size in CSS pixels; `scale` multiplies both (2 for sharp
    ///     text on high-density screens and in print).
    public static func png(svg: String, width: Double, height: Double, scale: Double = 2) throws -> [UInt8] {
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        guard
            let handle = bytes.withUnsafeBufferPointer({
                rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
            })
        else { throw failure(error, "The chart could not be read for export.") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        let pixelWidth = Int32((width * scale).rounded())
        let pixelHeight = Int32((height * scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight) else {
            throw Failure(description: "No image surface for the export.")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw failure(error, "The chart could not be drawn for export.")
        }
        return try encode(surface)
    }

    /// The PNG file of a drawn image surface.
    static func encode(_ surface: OpaquePointer) throws -> [UInt8] {
        cairo_surface_flush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw Failure(description: "The PNG could not be written.") }
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, _ fallback: String) -> Failure {
        defer { if let error { g_error_free(error) } }
        return Failure(description: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? fallback)
    }
}
