import Foundation

/// The week's rhythm (spec F4.3): seven rows of days by 24 hourly columns, each cell shaded by how
/// much happened then — five levels: nothing, then the quartiles of the hours with something. Every cell carries its exact
/// value in `data-label` and a `<title>`; a legend reads "Less … More".
public struct Heatmap: Sendable {
    public var id: String
    public var title: String
    public var summary: String
    public var role: String
    /// Row names, top to bottom ("Mon" … "Sun").
    public var rowLabels: [String]
    /// `values[row][hour]`, 24 per row.
    public var values: [[Double]]
    public var formatValue: @Sendable (Double) -> String
    public var width = 640.0

    public init(
        id: String, title: String, summary: String, role: String, rowLabels: [String], values: [[Double]],
        formatValue: @escaping @Sendable (Double) -> String
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.role = role
        self.rowLabels = rowLabels
        self.values = values
        self.formatValue = formatValue
    }

    static let levels = 4

    /// The quartiles of the hours with something in them: most hours of a week are small next to
    /// its busiest one, so shading by share of the maximum would paint nearly all of them alike.
    static func thresholds(_ values: [Double]) -> [Double] {
        let sorted = values.filter { $0 > 0 }.sorted()
        guard !sorted.isEmpty else { return [] }
        return (1..<levels).map { sorted[min(sorted.count - 1, sorted.count * $0 / levels)] }
    }

    /// 0 for nothing, else 1…4: one more for each quartile the value reaches.
    static func level(_ value: Double, thresholds: [Double]) -> Int {
        guard value > 0 else { return 0 }
        return 1 + thresholds.filter { value >= $0 }.count
    }

    public var height: Double { 24 + Double(rowLabels.count) * cell + 44 }
    private var left: Double { 44 }
    private var cell: Double { (width - left - 8) / 24 }

    public func svg(standalone: Bool = false) -> String {
        let thresholds = Self.thresholds(values.flatMap { $0 })
        let gap = 2.0
        var out = SVGFrame.open(
            id: id, kind: "heatmap", width: width, height: height, title: title, summary: summary, standalone: standalone)
        out.reserveCapacity(4_096 + rowLabels.count * 24 * 160)
        out += "<g class=\"grid\" aria-hidden=\"true\">"
        for hour in stride(from: 0, to: 24, by: 3) {
            out +=
                "<text class=\"axis-label\" x=\"\(SVGText.number(left + (Double(hour) + 0.5) * cell))\" y=\"16\" text-anchor=\"middle\">\(String(format: "%02d", hour))</text>"
        }
        for (row, label) in rowLabels.enumerated() {
            out +=
                "<text class=\"axis-label\" x=\"\(SVGText.number(left - 6))\" y=\"\(SVGText.number(24 + (Double(row) + 0.5) * cell))\" dy=\"0.32em\" text-anchor=\"end\">\(SVGText.escape(label))</text>"
        }
        out += "</g><g class=\"series series-\(role)\">"
        for (row, hours) in values.enumerated() where row < rowLabels.count {
            for (hour, value) in hours.enumerated() where hour < 24 {
                let text =
                    "\(rowLabels[row]) \(String(format: "%02d:00", hour))–\(String(format: "%02d:00", (hour + 1) % 24)): \(formatValue(value))"
                out +=
                    "<rect class=\"cell heat-\(Self.level(value, thresholds: thresholds)) heat-\(role)\" x=\"\(SVGText.number(left + Double(hour) * cell + gap / 2))\" y=\"\(SVGText.number(24 + Double(row) * cell + gap / 2))\" width=\"\(SVGText.number(cell - gap))\" height=\"\(SVGText.number(cell - gap))\" rx=\"2\" data-label=\"\(SVGText.escape(text))\"/>"
            }
        }
        out += "</g>"
        // Legend: Less, the five shades, More.
        let y = 24 + Double(rowLabels.count) * cell + 14
        var x = width - 8 - Double(Self.levels + 1) * (cell + 2) - 40
        out +=
            "<g class=\"legend\" aria-hidden=\"true\"><text class=\"legend-label\" x=\"\(SVGText.number(x - 6))\" y=\"\(SVGText.number(y + cell / 2))\" dy=\"0.32em\" text-anchor=\"end\">Less</text>"
        for level in 0...Self.levels {
            out +=
                "<rect class=\"cell heat-\(level) heat-\(role)\" x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(cell - 2))\" height=\"\(SVGText.number(cell - 2))\" rx=\"2\"/>"
            x += cell + 2
        }
        out +=
            "<text class=\"legend-label\" x=\"\(SVGText.number(x + 4))\" y=\"\(SVGText.number(y + cell / 2))\" dy=\"0.32em\">More</text></g>"
        return out + "</svg>"
    }
}
