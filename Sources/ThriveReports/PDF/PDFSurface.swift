import CPangoCairo
import CRsvg
import Foundation

/// A cairo PDF surface that writes into memory: pages are drawn on ``context`` and ended with
/// ``endPage()``, and ``finish()`` gives the file's bytes.
final class PDFSurface {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let surface: OpaquePointer
    let context: OpaquePointer
    private let sink = ByteSink()

    /// A document of pages `width` × `height` points, with its title and author in the metadata.
    init(width: Double, height: Double, title: String, author: String? = nil) throws {
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque(), width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw Failure(description: "The PDF could not be started.") }
        self.surface = surface
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        if let author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Thrive")
        context = cairo_create(surface)!
    }

    func endPage() { cairo_show_page(context) }

    /// Closes the document and gives its bytes; the surface is spent after this.
    func finish() throws -> [UInt8] {
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "The PDF could not be written (\(String(cString: cairo_status_to_string(status)))).")
        }
        return sink.bytes
    }

    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}
