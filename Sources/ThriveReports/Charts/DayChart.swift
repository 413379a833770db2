/// A chart over a row of days or weeks (lines and bars), which a page draws twice: wide, and
/// narrower for phones with every other axis label.
public protocol DayChart: Sendable {
    var id: String { get set }
    var width: Double { get set }
    var height: Double { get set }
    var axisLabels: [(index: Int, text: String)] { get set }
    func svg(standalone: Bool) -> String
}

extension LineChart: DayChart {}
extension BarChart: DayChart {}

extension DayChart {
    /// The phone-sized drawing: 360 × 220 with every other axis label.
    public func compact() -> Self {
        var chart = self
        chart.id += "-compact"
        chart.width = 360
        chart.height = 220
        chart.axisLabels = chart.axisLabels.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        return chart
    }
}
