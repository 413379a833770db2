import Foundation

/// Progress toward a goal as a ring (spec F4.3): the share filled, coloured by completion — green
/// above 75 %, yellow from 50 %, red below — with the percentage and the target in the centre. The
/// band is also a word in the title, so colour is never the only sign.
public struct ProgressRing: Sendable {
    public enum Band: String, Sendable {
        case green, yellow, red

        public init(fraction: Double) {
            self = fraction > 0.75 ? .green : fraction >= 0.5 ? .yellow : .red
        }

        public var word: String {
            switch self {
            case .green: "on track"
            case .yellow: "part way"
            case .red: "behind"
            }
        }
    }

    public var id: String
    /// What the goal is ("Steps today").
    public var title: String
    public var value: Double
    public var target: Double
    /// The line under the percentage ("of 8,000").
    public var targetText: String
    public var size = 120.0
    public var words = ChartWords()

    public init(id: String, title: String, value: Double, target: Double, targetText: String) {
        self.id = id
        self.title = title
        self.value = value
        self.target = target
        self.targetText = targetText
    }

    public var fraction: Double { target > 0 ? max(value / target, 0) : 0 }
    public var percent: Int { Int((fraction * 100).rounded()) }
    public var band: Band { Band(fraction: fraction) }

    public func svg(standalone: Bool = false) -> String {
        let stroke = size * 0.1
        let radius = (size - stroke) / 2
        let center = SVGText.number(size / 2)
        let circumference = 2 * Double.pi * radius
        let filled = min(fraction, 1) * circumference
        let summary = "\(percent)% \(targetText), \(words.band(band))."
        var out = SVGFrame.open(
            id: id, kind: "ring", width: size, height: size, title: title, summary: summary, standalone: standalone)
        out +=
            "<circle class=\"ring-track\" cx=\"\(center)\" cy=\"\(center)\" r=\"\(SVGText.number(radius))\" stroke-width=\"\(SVGText.number(stroke))\"/>"
        if filled > 0 {
            out +=
                "<circle class=\"ring-fill ring-\(band.rawValue)\" cx=\"\(center)\" cy=\"\(center)\" r=\"\(SVGText.number(radius))\" stroke-width=\"\(SVGText.number(stroke))\" stroke-dasharray=\"\(SVGText.number(filled)) \(SVGText.number(circumference))\" transform=\"rotate(-90 \(center) \(center))\"/>"
        }
        out +=
            "<text class=\"ring-percent\" x=\"\(center)\" y=\"\(center)\" text-anchor=\"middle\" dy=\"0.1em\">\(percent)%</text>"
        out +=
            "<text class=\"ring-target\" x=\"\(center)\" y=\"\(center)\" text-anchor=\"middle\" dy=\"1.7em\">\(SVGText.escape(targetText))</text>"
        return out + "</svg>"
    }
}
