/// What stands in for a chart that cannot be drawn (too few days, or nothing recorded): the title
/// and the sentence that says why, in the same frame, so a file or an `<img>` still says something.
public struct MessageChart: Sendable {
    public let title: String
    public let message: String
    public var width = 640.0
    public var height = 260.0

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    public func svg() -> String {
        let w = SVGText.number(width)
        let h = SVGText.number(height)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 \(w) \(h)" role="img" aria-labelledby="message-title message-desc">\
            <title id="message-title">\(SVGText.escape(title))</title><desc id="message-desc">\(SVGText.escape(message))</desc>\
            <style>\(ChartStyle.standalone)</style>\
            <rect x="0.5" y="0.5" width="\(SVGText.number(width - 1))" height="\(SVGText.number(height - 1))" rx="12" fill="#fff" stroke="#d0d7de"/>\
            <text class="legend-label" x="\(SVGText.number(width / 2))" y="\(SVGText.number(height / 2))" text-anchor="middle">\(SVGText.escape(message))</text>\
            </svg>
            """
    }
}
