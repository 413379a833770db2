import CPangoCairo
import CRsvg
import Foundation

/// Draws a ``ReportDocument`` as an A4 PDF with cairo, its text laid out and wrapped by pango and its
/// charts drawn from their SVG by librsvg, so they stay sharp at any zoom. Pages are composed first
/// and drawn after, so the contents list and every footer know the page count.
public enum ReportPDF {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    static let pageWidth = 595.28
    static let pageHeight = 841.89
    static let margin = 50.0
    static let footerSpace = 40.0
    static var contentWidth: Double { pageWidth - 2 * margin }
    static var bottom: Double { pageHeight - margin - footerSpace }

    public static func render(_ document: ReportDocument) throws -> [UInt8] {
        let pdf: PDFSurface
        do {
            pdf = try PDFSurface(
                width: pageWidth, height: pageHeight, title: document.metadataTitle, author: document.author)
        } catch { throw Failure(description: "The report's PDF could not be started.") }
        let context = pdf.context
        let pages = PageComposer(context: context).compose(document)
        let painter = PagePainter(context: context)
        for (index, page) in pages.pages.enumerated() {
            painter.paint(page, contents: pages.sectionPages, document: document)
            painter.footer(document.footer, document.pageLabel(index + 1, pages.pages.count))
            pdf.endPage()
        }
        for (section, page) in zip(document.sections, pages.sectionPages) {
            _ = cairo_pdf_surface_add_outline(pdf.surface, CAIRO_PDF_OUTLINE_ROOT, section.title, "page=\(page + 1)", .init(0))
        }
        do { return try pdf.finish() } catch { throw Failure(description: "\(error)") }
    }
}

/// The type faces of the report, as pango font descriptions.
enum ReportFont: String {
    case title = "DejaVu Sans Bold 20"
    case subtitle = "DejaVu Sans 11"
    case heading = "DejaVu Sans Bold 14"
    case body = "DejaVu Sans 10"
    case strong = "DejaVu Sans Bold 10"
    case table = "DejaVu Sans 8.5"
    case tableHeader = "DejaVu Sans Bold 8.5"
    case small = "DejaVu Sans 8"
}

/// One thing drawn on a page, at its place.
enum PlacedItem {
    case text(String, ReportFont, x: Double, y: Double, width: Double, colour: ReportColour)
    case band(x: Double, y: Double, width: Double, height: Double, colour: ReportColour)
    case rule(y: Double)
    case chart(svg: String, x: Double, y: Double, width: Double, height: Double)
    /// A line of the contents list; the page number is known only once every page is composed.
    case contentsEntry(section: Int, title: String, y: Double)
}

enum ReportColour {
    case ink, muted, band, line

    var rgb: (Double, Double, Double) {
        switch self {
        case .ink: (0.11, 0.14, 0.19)
        case .muted: (0.29, 0.33, 0.39)
        case .band: (0.93, 0.95, 0.97)
        case .line: (0.82, 0.84, 0.87)
        }
    }
}

/// Pango layouts on the report's cairo context: measuring and drawing use the same one.
struct TextSetter {
    let context: OpaquePointer

    func layout(_ text: String, _ font: ReportFont, width: Double) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        let description = pango_font_description_from_string(font.rawValue)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// The text's height in points when wrapped to `width`.
    func height(_ text: String, _ font: ReportFont, width: Double) -> Double {
        let layout = layout(text, font, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.height) / Double(PANGO_SCALE)
    }

    /// The text's width on one line, unwrapped.
    func naturalWidth(_ text: String, _ font: ReportFont) -> Double {
        let layout = layout(text, font, width: -1)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    func draw(_ text: String, _ font: ReportFont, x: Double, y: Double, width: Double, colour: ReportColour) {
        let layout = layout(text, font, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let (r, g, b) = colour.rgb
        cairo_set_source_rgb(context, r, g, b)
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
    }
}
