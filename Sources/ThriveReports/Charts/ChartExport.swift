import Foundation

/// A chart as a file to keep or share (spec F4.3, Deep mode): the title, the range, a legend, the
/// chart itself and when it was exported, on white, as PNG at twice the size for sharp text.
public struct ChartExport: Sendable {
    public struct LegendEntry: Sendable {
        public let name: String
        public let role: String

        public init(name: String, role: String) {
            self.name = name
            self.role = role
        }
    }

    public var title: String
    /// "Last 30 days: 24 Oct to 22 Nov 2026".
    public var rangeText: String
    public var legend: [LegendEntry]
    /// "Exported 23 Nov 2026 at 19:30 from Thrive".
    public var exportedText: String
    public var chart: any DayChart

    public init(title: String, rangeText: String, legend: [LegendEntry], exportedText: String, chart: any DayChart) {
        self.title = title
        self.rangeText = rangeText
        self.legend = legend
        self.exportedText = exportedText
        self.chart = chart
    }

    static let header = 68.0
    static let footer = 30.0

    public var width: Double { chart.width }
    public var height: Double { Self.header + chart.height + Self.footer }

    public func svg() -> String {
        let w = SVGText.number(width)
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(SVGText.number(height))\" width=\"\(w)\" height=\"\(SVGText.number(height))\">"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
        let font = "font-family=\"DejaVu Sans, sans-serif\""
        out +=
            "<text x=\"16\" y=\"28\" \(font) font-size=\"18\" font-weight=\"700\" fill=\"#1c2430\">\(SVGText.escape(title))</text>"
        out +=
            "<text x=\"16\" y=\"50\" \(font) font-size=\"13\" fill=\"#4b5563\">\(SVGText.escape(rangeText))</text>"
        // The legend, right-aligned on the title's line: a swatch and a name per series.
        var cursor = width - 16
        for entry in legend.reversed() {
            let textWidth = Double(entry.name.count) * 7.2
            cursor -= textWidth
            out +=
                "<text x=\"\(SVGText.number(cursor))\" y=\"28\" \(font) font-size=\"13\" fill=\"#1c2430\">\(SVGText.escape(entry.name))</text>"
            cursor -= 18
            out +=
                "<rect x=\"\(SVGText.number(cursor))\" y=\"18\" width=\"12\" height=\"12\" rx=\"2\" fill=\"\(ChartStyle.colour(entry.role))\"/>"
            cursor -= 14
        }
        var drawing = chart.svg(standalone: true)
        if let open = drawing.range(of: "<svg") {
            drawing.replaceSubrange(
                open,
                with:
                    "<svg x=\"0\" y=\"\(SVGText.number(Self.header))\" width=\"\(SVGText.number(chart.width))\" height=\"\(SVGText.number(chart.height))\""
            )
        }
        out += drawing
        out +=
            "<text x=\"16\" y=\"\(SVGText.number(height - 10))\" \(font) font-size=\"11\" fill=\"#4b5563\">\(SVGText.escape(exportedText))</text>"
        return out + "</svg>"
    }

    public func png(scale: Double = 2) throws -> [UInt8] {
        try PNGRaster.png(svg: svg(), width: width, height: height, scale: scale)
    }
}
