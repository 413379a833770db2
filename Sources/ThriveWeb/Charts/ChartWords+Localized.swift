import ThriveReports

extension ChartWords {
    /// The chart's own words in the request's language.
    static var localized: ChartWords {
        var words = ChartWords()
        words.trend = t("js.trend")
        words.spread = t("chart.spread")
        words.goal = { t("chart.goal", ["value": $0]) }
        words.band = { t("ring.\($0.rawValue)") }
        return words
    }
}
