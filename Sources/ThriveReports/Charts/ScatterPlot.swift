import Foundation
import ThriveCore

/// One metric against another, a point per day (spec F4.3, "what affects what"): round-number axes
/// with their names, the least-squares line, and Pearson's r in the corner and in the description.
public struct ScatterPlot: Sendable {
    public struct Point: Sendable {
        public let x: Double
        public let y: Double
        /// The day and both values, for tooltips.
        public let label: String

        public init(x: Double, y: Double, label: String) {
            self.x = x
            self.y = y
            self.label = label
        }
    }

    public var id: String
    public var title: String
    public var summary: String
    public var role: String
    public var xTitle: String
    public var yTitle: String
    public var points: [Point]
    public var formatX: @Sendable (Double) -> String
    public var formatY: @Sendable (Double) -> String
    public var width = 640.0
    public var height = 320.0

    public init(
        id: String, title: String, summary: String, role: String, xTitle: String, yTitle: String, points: [Point],
        formatX: @escaping @Sendable (Double) -> String, formatY: @escaping @Sendable (Double) -> String
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.role = role
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.points = points
        self.formatX = formatX
        self.formatY = formatY
    }

    /// Pearson's r; nil below three points or when either side does not vary.
    public var correlation: Double? { Statistics.correlation(points.map(\.x), points.map(\.y)) }

    public func svg(standalone: Bool = false) -> String {
        let left = 60.0
        let right = width - 16
        let top = 28.0
        let bottom = height - 46
        let xScale = LinearScale(values: points.map(\.x), from: left, to: right)
        let yScale = LinearScale(values: points.map(\.y), from: bottom, to: top)
        var out = SVGFrame.open(
            id: id, kind: "scatter", width: width, height: height, title: title, summary: summary, standalone: standalone)
        out.reserveCapacity(2_048 + points.count * 140)
        out += "<g class=\"grid\" aria-hidden=\"true\">"
        out += SVGFrame.valueGrid(yScale, left: left, right: right, format: formatY)
        for tick in xScale.ticks {
            let x = SVGText.number(xScale.position(tick))
            out += "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(SVGText.number(top))\" y2=\"\(SVGText.number(bottom))\"/>"
            out +=
                "<text class=\"axis-label\" x=\"\(x)\" y=\"\(SVGText.number(bottom + 18))\" text-anchor=\"middle\">\(SVGText.escape(formatX(tick)))</text>"
        }
        out +=
            "<text class=\"axis-title\" x=\"\(SVGText.number((left + right) / 2))\" y=\"\(SVGText.number(height - 6))\" text-anchor=\"middle\">\(SVGText.escape(xTitle))</text>"
        out +=
            "<text class=\"axis-title\" x=\"\(SVGText.number(left - 6))\" y=\"14\" text-anchor=\"end\">\(SVGText.escape(yTitle))</text>"
        out += "</g><g class=\"series series-\(role)\">"
        for point in points {
            out +=
                "<circle class=\"dot dot-\(role)\" cx=\"\(SVGText.number(xScale.position(point.x)))\" cy=\"\(SVGText.number(yScale.position(point.y)))\" r=\"4\" data-label=\"\(SVGText.escape(point.label))\"/>"
        }
        out += "</g>"
        let xs = points.map(\.x)
        if let slope = Statistics.slope(xs, points.map(\.y)), let meanX = Statistics.mean(xs),
            let meanY = Statistics.mean(points.map(\.y)), let low = xs.min(), let high = xs.max(), let r = correlation
        {
            let intercept = meanY - slope * meanX
            out +=
                "<line class=\"trend\" x1=\"\(SVGText.number(xScale.position(low)))\" y1=\"\(SVGText.number(yScale.position(intercept + slope * low)))\" x2=\"\(SVGText.number(xScale.position(high)))\" y2=\"\(SVGText.number(yScale.position(intercept + slope * high)))\"/>"
            out +=
                "<text class=\"legend-label\" x=\"\(SVGText.number(right))\" y=\"14\" text-anchor=\"end\">r = \(String(format: "%.2f", r))</text>"
        }
        return out + "</svg>"
    }
}
