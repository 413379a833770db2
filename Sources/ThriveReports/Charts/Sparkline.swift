import Foundation
import ThriveCore

/// A 40 px mini line without axes (spec F4.3, dashboard): coloured by the direction of its
/// least-squares trend — green up, red down, grey flat — and named in words in its label, so the
/// colour is never the only sign.
public struct Sparkline: Sendable {
    public enum Direction: String, Sendable {
        case up, down, flat

        public var word: String {
            switch self {
            case .up: "rising"
            case .down: "falling"
            case .flat: "steady"
            }
        }

        public var arrow: String {
            switch self {
            case .up: "▲"
            case .down: "▼"
            case .flat: "▶"
            }
        }
    }

    public var values: [Double?]
    /// A change over the whole line smaller than this counts as flat (in the values' unit).
    public var flatWithin: Double
    public var width = 120.0
    public var height = 40.0

    public init(values: [Double?], flatWithin: Double) {
        self.values = values
        self.flatWithin = flatWithin
    }

    /// The fitted change from the first to the last point decides; fewer than two points are flat.
    public var direction: Direction {
        let known = values.enumerated().compactMap { index, value in value.map { (Double(index), $0) } }
        guard known.count >= 2, let slope = Statistics.slope(known.map(\.0), known.map(\.1)),
            let first = known.first, let last = known.last
        else { return .flat }
        let change = slope * (last.0 - first.0)
        if abs(change) < flatWithin { return .flat }
        return change > 0 ? .up : .down
    }

    /// The SVG, labelled with `label` (which should say what it shows and its direction).
    public func svg(label: String) -> String {
        let known = values.compactMap { $0 }
        let pad = 3.0
        var out =
            "<svg class=\"sparkline spark-\(direction.rawValue)\" viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(SVGText.escape(label))\">"
        guard let low = known.min(), let high = known.max(), values.count >= 2 else { return out + "</svg>" }
        let span = high - low
        let step = (width - 2 * pad) / Double(values.count - 1)
        func y(_ value: Double) -> Double {
            span == 0 ? height / 2 : height - pad - (value - low) / span * (height - 2 * pad)
        }
        for run in LineChart.runs(values) {
            if run.count == 1 {
                out +=
                    "<circle cx=\"\(SVGText.number(pad + Double(run[0].index) * step))\" cy=\"\(SVGText.number(y(run[0].value)))\" r=\"2\"/>"
                continue
            }
            out += "<polyline points=\""
            out += run.map { "\(SVGText.number(pad + Double($0.index) * step)),\(SVGText.number(y($0.value)))" }.joined(
                separator: " ")
            out += "\"/>"
        }
        return out + "</svg>"
    }
}
