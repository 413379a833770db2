/// The opening every chart shares: the `<svg>` element with its view box, `role="img"`, and a
/// `<title>` and `<desc>` it is labelled by, plus the stylesheet when the chart stands alone.
enum SVGFrame {
    static func open(
        id: String, kind: String, width: Double, height: Double, title: String, summary: String, standalone: Bool
    ) -> String {
        var out = "<svg"
        if standalone { out += " xmlns=\"http://www.w3.org/2000/svg\"" }
        out +=
            " class=\"chart chart-\(kind)\" id=\"\(id)\" viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">"
        out += "<title id=\"\(id)-title\">\(SVGText.escape(title))</title>"
        out += "<desc id=\"\(id)-desc\">\(SVGText.escape(summary))</desc>"
        if standalone { out += "<style>\(ChartStyle.standalone)</style>" }
        return out
    }

    /// Horizontal gridlines with their values at the left of the plot.
    static func valueGrid(_ scale: LinearScale, left: Double, right: Double, format: (Double) -> String) -> String {
        var out = ""
        for tick in scale.ticks {
            let y = SVGText.number(scale.position(tick))
            out += "<line x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            out +=
                "<text class=\"axis-label\" x=\"\(SVGText.number(left - 6))\" y=\"\(y)\" dy=\"0.32em\" text-anchor=\"end\">\(SVGText.escape(format(tick)))</text>"
        }
        return out
    }
}
