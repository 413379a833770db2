import Foundation
import ThriveCore

/// A line chart over days, drawn as SVG: one or more series, axes with round-number ticks,
/// gridlines, an optional least-squares trend line and markers for unusual days. Colours come from
/// CSS classes (`line-fitness`, `trend`, …), so the page's theme and colour-blind palette apply; a
/// standalone chart carries its own stylesheet.
///
/// Every chart is `role="img"` with a `<title>` and a `<desc>` (the text summary). Points carry
/// `data-label` ("Mon 17 Nov: 8,432 steps") for tooltips; past 92 days they are left out (the data
/// table has every value) and long series are thinned to the pixels available.
public struct LineChart: Sendable {
    public struct Series: Sendable {
        public let name: String
        /// A CSS class suffix: a pillar (`fitness`, `nutrition`, `wellbeing`) or `neutral`.
        public let role: String
        /// One value per day of `days`, nil where nothing was recorded.
        public let values: [Double?]

        public init(name: String, role: String, values: [Double?]) {
            self.name = name
            self.role = role
            self.values = values
        }
    }

    public struct Marker: Sendable {
        public let index: Int
        public let value: Double
        public let text: String

        public init(index: Int, value: Double, text: String) {
            self.index = index
            self.value = value
            self.text = text
        }
    }

    public var id: String
    public var title: String
    public var summary: String
    /// The label of each day ("Mon 17 Nov"), for tooltips.
    public var dayLabels: [String]
    /// The days that get a label under the axis, and its text.
    public var axisLabels: [(index: Int, text: String)]
    public var series: [Series]
    /// Each day's lowest to highest reading of the first series, shaded behind the lines.
    public var spread: [ClosedRange<Double>?] = []
    public var showsTrend: Bool
    public var markers: [Marker]
    public var includeZero: Bool
    public var formatValue: @Sendable (Double) -> String
    public var width = 640.0
    public var words = ChartWords()
    public var height = 260.0

    public init(
        id: String, title: String, summary: String, dayLabels: [String], axisLabels: [(index: Int, text: String)],
        series: [Series], showsTrend: Bool = true, markers: [Marker] = [], includeZero: Bool = false,
        formatValue: @escaping @Sendable (Double) -> String
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.dayLabels = dayLabels
        self.axisLabels = axisLabels
        self.series = series
        self.showsTrend = showsTrend
        self.markers = markers
        self.includeZero = includeZero
        self.formatValue = formatValue
    }

    static let margin = (top: 28.0, right: 14.0, bottom: 30.0, left: 56.0)
    /// Beyond this many days, no per-day dots: a year of dots is noise, and the table has the values.
    static let dotLimit = 92

    /// The SVG; `standalone` adds the XML namespace and a stylesheet, for a file or an `<img>`.
    public func svg(standalone: Bool = false) -> String {
        let count = max(dayLabels.count, series.map(\.values.count).max() ?? 0)
        let m = Self.margin
        let plotLeft = m.left
        let plotRight = width - m.right
        let plotTop = m.top
        let plotBottom = height - m.bottom
        let slot = count > 0 ? (plotRight - plotLeft) / Double(count) : 0
        func x(_ index: Int) -> Double { plotLeft + (Double(index) + 0.5) * slot }
        let all =
            series.flatMap { $0.values.compactMap { $0 } } + spread.flatMap { $0.map { [$0.lowerBound, $0.upperBound] } ?? [] }
        let scale = LinearScale(values: all, from: plotBottom, to: plotTop, includeZero: includeZero)

        var out = SVGFrame.open(
            id: id, kind: "line", width: width, height: height, title: title, summary: summary, standalone: standalone)
        out.reserveCapacity(4_096 + count * 40 * series.count)

        out += "<g class=\"grid\" aria-hidden=\"true\">"
        out += SVGFrame.valueGrid(scale, left: plotLeft, right: plotRight, format: formatValue)
        for label in axisLabels where label.index < count {
            out +=
                "<text class=\"axis-label\" x=\"\(SVGText.number(x(label.index)))\" y=\"\(SVGText.number(plotBottom + 18))\" text-anchor=\"middle\">\(SVGText.escape(label.text))</text>"
        }
        out += "</g>"

        // Series: a path per run of recorded days, thinned when there are more points than pixels.
        let pixels = Int((plotRight - plotLeft) / 2)
        out += spreadArea(x: x, scale: scale, pixels: pixels)
        for series in self.series {
            out += "<g class=\"series series-\(series.role)\" data-series=\"\(SVGText.escape(series.name))\">"
            for run in Self.runs(series.values) {
                var points = run.map { ChartPoint(x: x($0.index), y: scale.position($0.value)) }
                points = Downsampling.largestTriangleThreeBuckets(points, threshold: max(pixels, 3))
                if points.count == 1 {
                    out +=
                        "<circle class=\"line line-\(series.role)\" cx=\"\(SVGText.number(points[0].x))\" cy=\"\(SVGText.number(points[0].y))\" r=\"2\"/>"
                    continue
                }
                out += "<path class=\"line line-\(series.role)\" d=\""
                for (position, point) in points.enumerated() {
                    out += (position == 0 ? "M" : "L") + SVGText.number(point.x) + " " + SVGText.number(point.y)
                }
                out += "\"/>"
            }
            if count <= Self.dotLimit {
                for (index, value) in series.values.enumerated() {
                    guard let value else { continue }
                    let label = "\(index < dayLabels.count ? dayLabels[index] : ""): \(formatValue(value))"
                    out +=
                        "<circle class=\"dot dot-\(series.role)\" cx=\"\(SVGText.number(x(index)))\" cy=\"\(SVGText.number(scale.position(value)))\" r=\"3\" data-label=\"\(SVGText.escape(label))\"/>"
                }
            }
            out += "</g>"
        }

        if showsTrend, let first = series.first, let line = Self.trend(first.values) {
            out +=
                "<line class=\"trend\" x1=\"\(SVGText.number(x(line.fromIndex)))\" y1=\"\(SVGText.number(scale.position(line.fromValue)))\" x2=\"\(SVGText.number(x(line.toIndex)))\" y2=\"\(SVGText.number(scale.position(line.toValue)))\"/>"
        }
        for marker in markers where marker.index < count {
            out +=
                "<circle class=\"anomaly\" cx=\"\(SVGText.number(x(marker.index)))\" cy=\"\(SVGText.number(scale.position(marker.value)))\" r=\"6\" data-label=\"\(SVGText.escape(marker.text))\"><title>\(SVGText.escape(marker.text))</title></circle>"
        }
        out += legend(plotLeft: plotLeft)
        out += "</svg>"
        return out
    }

    /// The shaded spread: one closed shape per run of days with readings, the highs left to right and
    /// the lows back. Days are merged into buckets of at least two pixels (lowest low, highest high),
    /// so a year stays a few hundred points.
    private func spreadArea(x: (Int) -> Double, scale: LinearScale, pixels: Int) -> String {
        guard let role = series.first?.role, spread.contains(where: { $0 != nil }) else { return "" }
        let size = max(1, Int((Double(spread.count) / Double(max(pixels, 1))).rounded(.up)))
        var buckets: [(index: Int, range: ClosedRange<Double>)?] = []
        for start in stride(from: 0, to: spread.count, by: size) {
            let days = spread[start..<min(start + size, spread.count)].compactMap { $0 }
            guard let low = days.map(\.lowerBound).min(), let high = days.map(\.upperBound).max() else {
                buckets.append(nil)
                continue
            }
            buckets.append((start + (min(start + size, spread.count) - start - 1) / 2, low...high))
        }
        var out = "<g class=\"spread spread-\(role)\" aria-hidden=\"true\">"
        for run in Self.runs(buckets.map { $0.map { Double($0.index) } }) {
            let points = run.map { buckets[$0.index]! }
            var path = ""
            for (position, point) in points.enumerated() {
                path +=
                    (position == 0 ? "M" : "L") + SVGText.number(x(point.index)) + " "
                    + SVGText.number(scale.position(point.range.upperBound))
            }
            for point in points.reversed() {
                path += "L" + SVGText.number(x(point.index)) + " " + SVGText.number(scale.position(point.range.lowerBound))
            }
            out += "<path d=\"\(path)Z\"/>"
        }
        return out + "</g>"
    }

    /// Legend along the top: each series, the spread and the trend when drawn. Line styles differ
    /// (the trend is dashed, the spread a shaded block), so colour is not the only difference.
    private func legend(plotLeft: Double) -> String {
        var entries = series.map { (name: $0.name, style: "line line-\($0.role)") }
        if let role = series.first?.role, spread.contains(where: { $0 != nil }) {
            entries.append((name: words.spread, style: "spread-key spread-\(role)"))
        }
        if showsTrend, let first = series.first, Self.trend(first.values) != nil {
            entries.append((name: words.trend, style: "trend"))
        }
        guard entries.count > 1 else { return "" }
        var out = "<g class=\"legend\">"
        var cursor = plotLeft
        for entry in entries {
            let y = SVGText.number(Self.margin.top / 2)
            out +=
                "<line class=\"\(entry.style)\" x1=\"\(SVGText.number(cursor))\" x2=\"\(SVGText.number(cursor + 18))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            out +=
                "<text class=\"legend-label\" x=\"\(SVGText.number(cursor + 24))\" y=\"\(y)\" dy=\"0.32em\">\(SVGText.escape(entry.name))</text>"
            cursor += 24 + Double(entry.name.count) * 7.5 + 18
        }
        return out + "</g>"
    }

    /// Consecutive recorded days.
    static func runs(_ values: [Double?]) -> [[(index: Int, value: Double)]] {
        var runs: [[(index: Int, value: Double)]] = []
        var current: [(index: Int, value: Double)] = []
        for (index, value) in values.enumerated() {
            if let value {
                current.append((index, value))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The least-squares line through the recorded days, from the first to the last of them.
    static func trend(_ values: [Double?]) -> (fromIndex: Int, fromValue: Double, toIndex: Int, toValue: Double)? {
        let known = values.enumerated().compactMap { index, value in value.map { (Double(index), $0) } }
        guard known.count >= DailyTrend.minimumPoints, let slope = Statistics.slope(known.map(\.0), known.map(\.1)),
            let meanX = Statistics.mean(known.map(\.0)), let meanY = Statistics.mean(known.map(\.1)),
            let first = known.first, let last = known.last
        else { return nil }
        let intercept = meanY - slope * meanX
        return (Int(first.0), intercept + slope * first.0, Int(last.0), intercept + slope * last.0)
    }
}
