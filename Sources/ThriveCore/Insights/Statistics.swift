/// Small, exact statistics over plain arrays.
public enum Statistics {
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Population standard deviation.
    public static func standardDeviation(_ values: [Double]) -> Double? {
        guard let mean = mean(values) else { return nil }
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        return variance.squareRoot()
    }

    /// Least-squares slope of `ys` over `xs`; `nil` when the xs do not vary.
    public static func slope(_ xs: [Double], _ ys: [Double]) -> Double? {
        guard xs.count == ys.count, xs.count >= 2, let mx = mean(xs), let my = mean(ys) else { return nil }
        var numerator = 0.0
        var denominator = 0.0
        for (x, y) in zip(xs, ys) {
            numerator += (x - mx) * (y - my)
            denominator += (x - mx) * (x - mx)
        }
        return denominator == 0 ? nil : numerator / denominator
    }

    /// Pearson's correlation coefficient; `nil` when either side does not vary.
    public static func correlation(_ xs: [Double], _ ys: [Double]) -> Double? {
        guard xs.count == ys.count, xs.count >= 3, let mx = mean(xs), let my = mean(ys) else { return nil }
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for (x, y) in zip(xs, ys) {
            sxy += (x - mx) * (y - my)
            sxx += (x - mx) * (x - mx)
            syy += (y - my) * (y - my)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }
}
