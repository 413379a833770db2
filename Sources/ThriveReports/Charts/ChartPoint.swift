/// A point of a chart in data units: `x` along the time axis (days, or seconds), `y` the value.
public struct ChartPoint: Hashable, Sendable {
    public let x: Double
    public let y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
