import Foundation

/// Bars over days or weeks, from zero, with round-number gridlines and an optional goal line. Each
/// bar carries `data-label` ("Sat 21 Nov: 22,477 steps") for tooltips; a missing value has no bar.
public struct BarChart: Sendable {
    public var id: String
    public var title: String
    public var summary: String
    /// A CSS class suffix: a pillar (`fitness`, `nutrition`, `wellbeing`) or `neutral`.
    public var role: String
    public var values: [Double?]
    /// What each bar is ("Sat 21 Nov", "Week of 3 Nov"), for tooltips.
    public var barLabels: [String]
    public var axisLabels: [(index: Int, text: String)]
    public var goal: Double?
    /// Unusual days, marked by a ring at the top of their bar (the page lists them in words).
    public var markers: [LineChart.Marker] = []
    public var formatValue: @Sendable (Double) -> String
    public var width = 640.0
    public var words = ChartWords()
    public var height = 260.0

    public init(
        id: String, title: String, summary: String, role: String, values: [Double?], barLabels: [String],
        axisLabels: [(index: Int, text: String)], goal: Double? = nil, markers: [LineChart.Marker] = [],
        formatValue: @escaping @Sendable (Double) -> String
    ) {
        self.markers = markers
        self.id = id
        self.title = title
        self.summary = summary
        self.role = role
        self.values = values
        self.barLabels = barLabels
        self.axisLabels = axisLabels
        self.goal = goal
        self.formatValue = formatValue
    }

    public func svg(standalone: Bool = false) -> String {
        let m = LineChart.margin
        let left = m.left
        let right = width - m.right
        let top = m.top
        let bottom = height - m.bottom
        let count = values.count
        let slot = count > 0 ? (right - left) / Double(count) : 0
        let barWidth = max(min(slot * 0.7, 48), 1)
        let known = values.compactMap { $0 } + (goal.map { [$0] } ?? [])
        let scale = LinearScale(values: known, from: bottom, to: top, includeZero: true)

        var out = SVGFrame.open(
            id: id, kind: "bar", width: width, height: height, title: title, summary: summary, standalone: standalone)
        out.reserveCapacity(2_048 + count * 120)
        out += "<g class=\"grid\" aria-hidden=\"true\">"
        out += SVGFrame.valueGrid(scale, left: left, right: right, format: formatValue)
        for label in axisLabels where label.index < count {
            let x = left + (Double(label.index) + 0.5) * slot
            out +=
                "<text class=\"axis-label\" x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(bottom + 18))\" text-anchor=\"middle\">\(SVGText.escape(label.text))</text>"
        }
        out += "</g><g class=\"series series-\(role)\" data-series=\"\(SVGText.escape(title))\">"
        let zero = scale.position(0)
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            let y = scale.position(value)
            let x = left + (Double(index) + 0.5) * slot - barWidth / 2
            let label = "\(index < barLabels.count ? barLabels[index] : ""): \(formatValue(value))"
            out +=
                "<rect class=\"bar bar-\(role)\" x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(min(y, zero)))\" width=\"\(SVGText.number(barWidth))\" height=\"\(SVGText.number(max(abs(zero - y), 0.5)))\" rx=\"\(barWidth >= 8 ? "2" : "0")\" data-label=\"\(SVGText.escape(label))\"/>"
        }
        out += "</g>"
        for marker in markers where marker.index < count {
            let x = left + (Double(marker.index) + 0.5) * slot
            out +=
                "<circle class=\"anomaly\" cx=\"\(SVGText.number(x))\" cy=\"\(SVGText.number(scale.position(marker.value)))\" r=\"6\" data-label=\"\(SVGText.escape(marker.text))\"><title>\(SVGText.escape(marker.text))</title></circle>"
        }
        if let goal {
            // The goal's label sits in the legend row above the plot, where no bar can hide it.
            let y = SVGText.number(scale.position(goal))
            let legendY = SVGText.number(m.top / 2)
            out +=
                "<g class=\"goal\"><line class=\"goal-line\" x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            out +=
                "<line class=\"goal-line\" x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(left + 18))\" y1=\"\(legendY)\" y2=\"\(legendY)\"/>"
            out +=
                "<text class=\"legend-label\" x=\"\(SVGText.number(left + 24))\" y=\"\(legendY)\" dy=\"0.32em\">\(SVGText.escape(words.goal(formatValue(goal))))</text></g>"
        }
        return out + "</svg>"
    }
}
