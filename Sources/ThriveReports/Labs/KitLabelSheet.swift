import CPangoCairo
import CRsvg
import Foundation
import ThriveCore

/// The lab's printable sheet of kit labels: A4 in the common 3 × 7 layout (labels 63.5 × 38.1 mm,
/// as Avery L7160 and its many clones), each label the kit number's Code 128 barcode with the number
/// printed beneath it, so a person can type what no camera reads.
public enum KitLabelSheet {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Points per millimetre.
    static let mm = 72 / 25.4
    static let columns = 3
    static let rows = 7
    public static var labelsPerPage: Int { columns * rows }
    static let labelWidth = 63.5
    static let labelHeight = 38.1
    static let leftMargin = 7.2
    static let topMargin = 15.15
    static let columnGap = 2.5
    /// The narrowest bar: 0.25 mm, which office laser printers draw cleanly and phone cameras read
    /// at a hand's distance. A kit number is 211 modules wide, 53 mm, within the label's 63.5.
    static let module = 0.25
    static let barHeight = 15.0

    /// The sheet for `numbers`, 21 a page; `heading` is printed small above each barcode (the
    /// product and batch, in the lab's words).
    public static func pdf(_ numbers: [String], heading: String, title: String) throws -> [UInt8] {
        guard !numbers.isEmpty else { throw Failure(description: "A label sheet needs at least one kit number.") }
        let pdf = try PDFSurface(width: 210 * mm, height: 297 * mm, title: title)
        for (index, number) in numbers.enumerated() {
            let slot = index % labelsPerPage
            if index > 0, slot == 0 { pdf.endPage() }
            let x = leftMargin + Double(slot % columns) * (labelWidth + columnGap)
            let y = topMargin + Double(slot / columns) * labelHeight
            try drawLabel(number, heading: heading, x: x * mm, y: y * mm, scale: mm, on: pdf.context)
        }
        pdf.endPage()
        return try pdf.finish()
    }

    /// One label as a PNG at `pixelsPerMillimetre` (a preview, and what the tests photograph).
    public static func png(_ number: String, heading: String, pixelsPerMillimetre: Double = 12) throws -> [UInt8] {
        let width = Int32((labelWidth * pixelsPerMillimetre).rounded())
        let height = Int32((labelHeight * pixelsPerMillimetre).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else {
            throw Failure(description: "No image surface for the label.")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        try drawLabel(number, heading: heading, x: 0, y: 0, scale: pixelsPerMillimetre, on: context)
        return try PNGRaster.encode(surface)
    }

    /// Draws one label with its top-left corner at (`x`, `y`), `scale` device units a millimetre.
    static func drawLabel(
        _ number: String, heading: String, x: Double, y: Double, scale: Double, on context: OpaquePointer
    ) throws {
        guard let widths = Code128.widths(number) else {
            throw Failure(description: "“\(number)” cannot be drawn as Code 128.")
        }
        let barsWidth = Double(widths.reduce(0, +)) * module
        var barX = x + (labelWidth - barsWidth) / 2 * scale
        let barTop = y + 9 * scale
        text(heading, font: "DejaVu Sans 6.5", centredIn: x, width: labelWidth * scale, top: y + 4 * scale, scale, context)
        cairo_set_source_rgb(context, 0, 0, 0)
        for (index, width) in widths.enumerated() {
            let span = Double(width) * module * scale
            if index % 2 == 0 { cairo_rectangle(context, barX, barTop, span, barHeight * scale) }
            barX += span
        }
        cairo_fill(context)
        text(
            number, font: "DejaVu Sans Mono Bold 9", centredIn: x, width: labelWidth * scale,
            top: barTop + (barHeight + 1.5) * scale, scale, context)
    }

    /// A line of text centred in a box, its size in points whatever the device's units.
    private static func text(
        _ words: String, font: String, centredIn x: Double, width: Double, top: Double, _ scale: Double,
        _ context: OpaquePointer
    ) {
        cairo_save(context)
        cairo_translate(context, x, top)
        // Pango sizes fonts in points; draw in points and let the scale carry them to the device.
        let points = scale / mm
        cairo_scale(context, points, points)
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(width / points * Double(PANGO_SCALE)))
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_text(layout, words, -1)
        cairo_set_source_rgb(context, 0, 0, 0)
        pango_cairo_show_layout(context, layout)
        cairo_restore(context)
    }
}
