import ThriveReports

extension ChartWords {
    /// The chart's own words in the request's language.
    static var localized: ChartWords {
        var words = ChartWords()
        words.trend = L("js.trend")
        words.goal = { L("chart.goal", ["value": $0]) }
        words.band = { L("ring.\($0.rawValue)") }
        return words
    }
}
