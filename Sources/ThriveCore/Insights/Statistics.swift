/// Small, exact statistics over plain arrays.
public enum Statistics {
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
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

    /// Whether `value` lies more than "three standard deviations" from `others`, in the form that
    /// works on a week of days: outside the 99.73 % two-sided prediction interval (the 3σ level) that
    /// `others` give for one more value, `mean ± t · sd · √(1 + 1/n)` with Student's t for n − 1
    /// degrees of freedom. The value is left out of the mean and spread that judge it, so a spike
    /// cannot hide itself by widening them (with 7 days and the spike among them, a population
    /// 3σ can never be reached). Needs 6 other values; ordinary noise is marked as rarely as 3σ
    /// promises, 0.27 % of values.
    public static func isOutlier(_ value: Double, among others: [Double]) -> Bool {
        guard others.count >= 6, let mean = mean(others) else { return false }
        let n = Double(others.count)
        let variance = others.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)
        guard variance > 0 else { return false }
        let limit = studentT9973(degreesOfFreedom: others.count - 1) * (variance * (1 + 1 / n)).squareRoot()
        return abs(value - mean) > limit
    }

    /// The indices of `values` that are outliers among the rest (and `baseline`, earlier values of
    /// the same measure that help judge the spread).
    public static func outliers(_ values: [Double], baseline: [Double] = []) -> [Int] {
        values.indices.filter { index in
            var others = baseline
            others.append(contentsOf: values[..<index])
            others.append(contentsOf: values[(index + 1)...])
            return isOutlier(values[index], among: others)
        }
    }

    /// Student's t at the 99.865th percentile (two-sided 99.73 %, the normal 3σ), 5 to 30 degrees of
    /// freedom, then 40, 60, 120, 240; computed with SciPy's `stats.t.ppf`.
    static let tTable: [Double] = [
        5.507, 4.904, 4.530, 4.277, 4.094, 3.957, 3.850, 3.764, 3.694, 3.636, 3.586, 3.544, 3.507, 3.475, 3.447, 3.422,
        3.400, 3.380, 3.361, 3.345, 3.330, 3.316, 3.303, 3.291, 3.280, 3.270,
    ]
    static let tTail: [(Int, Double)] = [(30, 3.270), (40, 3.199), (60, 3.130), (120, 3.064), (240, 3.032)]

    /// The t value for `degreesOfFreedom` (at least 5); between table rows, linear in 1/df, and
    /// the normal 3.0 beyond.
    static func studentT9973(degreesOfFreedom df: Int) -> Double {
        if df <= 30 { return tTable[max(df, 5) - 5] }
        for (low, high) in zip(tTail, tTail.dropFirst()) where df <= high.0 {
            let share = (1 / Double(low.0) - 1 / Double(df)) / (1 / Double(low.0) - 1 / Double(high.0))
            return low.1 + (high.1 - low.1) * share
        }
        let last = tTail[tTail.count - 1]
        return 3.0 + (last.1 - 3.0) * Double(last.0) / Double(df)
    }
}
