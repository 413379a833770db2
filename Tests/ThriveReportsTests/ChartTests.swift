import Foundation
import Testing
import ThriveCore

@testable import ThriveReports

@Suite("Chart geometry")
struct ChartGeometryTests {
    @Test(arguments: [
        // Heckbert's nice numbers: ranges widen to round steps of 1, 2 or 5 × 10ⁿ.
        ([1_837.0, 9_644.0], true, 0.0, 10_000.0, 2_000.0),
        ([58.0, 71.0], false, 55.0, 75.0, 5.0),
        ([6.2, 8.9], false, 6.0, 9.0, 0.5),
        ([0.0, 0.0], true, 0.0, 1.0, 0.2),
    ])
    func scalesWidenToRoundTicks(values: [Double], zero: Bool, lower: Double, upper: Double, step: Double) {
        let scale = LinearScale(values: values, from: 200, to: 0, includeZero: zero)
        #expect(scale.lower == lower)
        #expect(scale.upper == upper)
        #expect(abs(scale.step - step) < 1e-9)
        #expect(scale.position(lower) == 200)
        #expect(scale.position(upper) == 0)
    }

    @Test func downsamplingKeepsTheEndsThePeakAndTheCount() {
        // A year of minutes would be 525,600 points; here 10,000 with one spike.
        let points = (0..<10_000).map { ChartPoint(x: Double($0), y: $0 == 6_123 ? 190 : 60 + Double($0 % 7)) }
        let kept = Downsampling.largestTriangleThreeBuckets(points, threshold: 300)
        #expect(kept.count == 300)
        #expect(kept.first == points.first)
        #expect(kept.last == points.last)
        #expect(kept.contains(ChartPoint(x: 6_123, y: 190)), "the spike survives")
        #expect(kept.map(\.x) == kept.map(\.x).sorted(), "in order")
        #expect(Downsampling.largestTriangleThreeBuckets(Array(points.prefix(50)), threshold: 300).count == 50)
    }

    @Test func theTrendIsTheLeastSquaresLineThroughRecordedDays() throws {
        // y = 2x + 1 with a gap: the line passes through the first and last recorded days exactly.
        let values: [Double?] = [1, 3, nil, 7, 9]
        let line = try #require(LineChart.trend(values))
        #expect(line.fromIndex == 0 && line.toIndex == 4)
        #expect(abs(line.fromValue - 1) < 1e-9)
        #expect(abs(line.toValue - 9) < 1e-9)
        #expect(LineChart.trend([5, nil, nil]) == nil, "fewer than three points: no trend")
    }
}

@Suite("Line chart SVG")
struct LineChartTests {
    static func chart(days: Int, values: (Int) -> Double?) -> LineChart {
        LineChart(
            id: "steps", title: "Steps", summary: "Your average steps <summary>", dayLabels: (0..<days).map { "Day \($0 + 1)" },
            axisLabels: [(0, "Mon"), (days - 1, "Sun")],
            series: [LineChart.Series(name: "Steps", role: "fitness", values: (0..<days).map(values))],
            markers: [LineChart.Marker(index: 2, value: 30_000, text: "Unusually high value on Day 3")], includeZero: true,
            formatValue: { "\(Int($0))" })
    }

    @Test func aChartNamesItselfAndDescribesItsData() {
        let svg = Self.chart(days: 7) { $0 == 4 ? nil : Double(8_000 + $0 * 100) }.svg()
        #expect(
            svg.hasPrefix(
                #"<svg class="chart" id="steps" viewBox="0 0 640 260" role="img" aria-labelledby="steps-title steps-desc">"#))
        #expect(svg.contains(#"<title id="steps-title">Steps</title>"#))
        #expect(svg.contains(#"<desc id="steps-desc">Your average steps &lt;summary&gt;</desc>"#), "text is escaped")
        #expect(svg.components(separatedBy: "<path class=\"line line-fitness\"").count - 1 == 2, "a gap splits the line")
        #expect(svg.contains(#"data-label="Day 1: 8000""#))
        #expect(svg.contains(#"class="trend""#))
        #expect(svg.contains("<title>Unusually high value on Day 3</title>"))
        #expect(!svg.contains("xmlns"), "inline charts take the page's styles")
        #expect(Self.chart(days: 7) { Double($0) }.svg(standalone: true).contains(#"xmlns="http://www.w3.org/2000/svg""#))
    }

    @Test func aYearStaysSmallAndThinnedToThePixels() {
        let svg = Self.chart(days: 365) { Double(7_000 + ($0 * 37) % 5_000) }.svg()
        #expect(!svg.contains("data-label=\"Day"), "no per-day dots past 92 days")
        let points = svg.components(separatedBy: "L").count
        #expect(points <= 286, "at most one point per two pixels of the plot: \(points)")
        #expect(svg.utf8.count < 30_000, "\(svg.utf8.count) bytes")
    }
}
