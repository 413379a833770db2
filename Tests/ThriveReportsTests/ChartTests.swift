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
                #"<svg class="chart chart-line" id="steps" viewBox="0 0 640 260" role="img" aria-labelledby="steps-title steps-desc">"#
            ))
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

@Suite("Bars, rings, heatmaps, scatter plots and sparklines")
struct ChartKindTests {
    @Test func barsStartAtZeroAndTheGoalIsALabelledLine() {
        let chart = BarChart(
            id: "water", title: "Water", summary: "Two litres most days", role: "nutrition", values: [1_500, nil, 2_500],
            barLabels: ["Mon", "Tue", "Wed"], axisLabels: [(0, "Mon"), (2, "Wed")], goal: 2_000, formatValue: { "\(Int($0)) ml" })
        let svg = chart.svg()
        #expect(svg.contains("role=\"img\""))
        #expect(svg.components(separatedBy: "<rect class=\"bar bar-nutrition\"").count - 1 == 2, "no bar for a day without data")
        #expect(svg.contains("data-label=\"Wed: 2500 ml\""))
        #expect(svg.contains("Goal 2000 ml"))
        // Scale 0…2,500 in steps of 500 over the plot from y 232 (zero) to 28: 2,500 reaches the top.
        #expect(svg.contains(">0 ml</text>"))
        #expect(svg.contains("y=\"28\" width="), "the tallest bar reaches the top of the plot")
    }

    @Test(arguments: [(7_600.0, "green"), (6_000.0, "yellow"), (4_000.0, "yellow"), (3_900.0, "red"), (0.0, "red")])
    func ringsAreColouredByCompletion(steps: Double, band: String) {
        // Spec F4.3: green above 75 %, yellow 50–75 %, red below 50 %.
        let ring = ProgressRing(id: "steps-ring", title: "Steps today", value: steps, target: 8_000, targetText: "of 8,000")
        #expect(ring.band.rawValue == band)
        let svg = ring.svg()
        #expect(svg.contains(">\(Int((steps / 80).rounded()))%</text>"))
        #expect(svg.contains("of 8,000"))
        #expect(svg.contains(ring.band.word), "the band is said in words too")
        #expect(svg.contains("ring-\(band)") == (steps > 0), "an empty ring draws no arc")
    }

    @Test func aHalfFullRingFillsHalfItsCircumference() {
        let svg = ProgressRing(id: "r", title: "Water", value: 1, target: 2, targetText: "of 2 L").svg()
        // Size 120, stroke 12: radius 54, circumference 2π·54 = 339.3; half of it 169.6.
        #expect(svg.contains("stroke-dasharray=\"169.6 339.3\""))
        let over = ProgressRing(id: "r", title: "Water", value: 3, target: 2, targetText: "of 2 L")
        #expect(over.percent == 150)
        #expect(over.svg().contains("stroke-dasharray=\"339.3 339.3\""), "past the goal the ring is full, not wrapped")
    }

    @Test func heatmapCellsAreShadedByQuartileOfTheHoursWithSomethingInThem() {
        // Hours of 100 … 800 steps: quartiles at 300, 500 and 700.
        let thresholds = Heatmap.thresholds([0, 0, 100, 200, 300, 400, 500, 600, 700, 800])
        #expect(thresholds == [300, 500, 700])
        #expect(Heatmap.level(0, thresholds: thresholds) == 0)
        #expect(Heatmap.level(100, thresholds: thresholds) == 1)
        #expect(Heatmap.level(300, thresholds: thresholds) == 2)
        #expect(Heatmap.level(600, thresholds: thresholds) == 3)
        #expect(Heatmap.level(9_000, thresholds: thresholds) == 4)
        var values = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
        values[5][9] = 4_000
        values[0][18] = 1_000
        let heatmap = Heatmap(
            id: "week", title: "Steps by hour", summary: "Busiest Saturday 09:00", role: "fitness",
            rowLabels: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], values: values, formatValue: { "\(Int($0)) steps" })
        let svg = heatmap.svg()
        #expect(svg.components(separatedBy: "class=\"cell ").count - 1 == 7 * 24 + 5, "168 cells and five legend swatches")
        #expect(svg.contains("data-label=\"Sat 09:00–10:00: 4000 steps\""))
        #expect(svg.contains("heat-4 heat-fitness\" x=\"") && svg.contains("Less") && svg.contains("More"))
    }

    @Test func scatterPlotsReportPearsonsRForAnscombesFirstSet() {
        // Anscombe (1973), data set I: r = 0.816, fitted line y = 3.00 + 0.500 x.
        let xs: [Double] = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5]
        let ys = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68]
        let plot = ScatterPlot(
            id: "sleep-mood", title: "Sleep and mood", summary: "More sleep, better mood", role: "wellbeing",
            xTitle: "Sleep (h)", yTitle: "Mood", points: zip(xs, ys).map { .init(x: $0, y: $1, label: "\($0), \($1)") },
            formatX: { "\(Int($0))" }, formatY: { "\(Int($0))" })
        #expect(abs((plot.correlation ?? 0) - 0.816) < 0.0005)
        let svg = plot.svg()
        #expect(svg.contains("r = 0.82"))
        #expect(svg.components(separatedBy: "<circle class=\"dot dot-wellbeing\"").count - 1 == 11)
        #expect(svg.contains("class=\"trend\""))
        #expect(svg.contains(">Sleep (h)</text>") && svg.contains(">Mood</text>"))
        let flat = ScatterPlot(
            id: "f", title: "t", summary: "s", role: "fitness", xTitle: "x", yTitle: "y",
            points: [.init(x: 1, y: 5, label: ""), .init(x: 2, y: 5, label: ""), .init(x: 3, y: 5, label: "")],
            formatX: { "\($0)" }, formatY: { "\($0)" })
        #expect(flat.correlation == nil)
        #expect(!flat.svg().contains("r = "), "no coefficient when one side does not vary")
    }

    @Test(arguments: [
        ([60, 62, 64, 66, 68, 70, 72] as [Double?], "up"),
        ([72, 70, nil, 66, 64, 62, 60], "down"),
        ([70, 71, 70, 69, 70, 71, 70], "flat"),
        ([70] as [Double?], "flat"),
    ])
    func sparklinesAreColouredByTheirTrendDirection(values: [Double?], direction: String) {
        let sparkline = Sparkline(values: values, flatWithin: 3)
        #expect(sparkline.direction.rawValue == direction)
        let svg = sparkline.svg(label: "Fitness score over 7 days, \(sparkline.direction.word)")
        #expect(svg.contains("class=\"sparkline spark-\(direction)\""))
        #expect(svg.contains("aria-label=\"Fitness score over 7 days, \(sparkline.direction.word)\""))
        #expect(svg.contains("viewBox=\"0 0 120 40\""), "40 px high")
    }
}
