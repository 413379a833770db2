/// The few words a chart draws itself (its legend and the ring's sentence), in the language of the
/// page that asks for it; English when none is given.
public struct ChartWords: Sendable {
    public var trend = "Trend"
    /// The legend of a shaded spread: "Lowest to highest".
    public var spread = "Lowest to highest"
    /// "Goal 8,000 steps", from the formatted goal.
    public var goal: @Sendable (String) -> String = { "Goal \($0)" }
    /// "on track", "part way", "behind".
    public var band: @Sendable (ProgressRing.Band) -> String = { $0.word }

    public init() {}
}
