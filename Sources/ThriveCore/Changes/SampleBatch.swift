import Foundation

/// What a logged batch of samples touched: its types, how many records, and the span of their
/// times. Enough for another device to know which days to fetch again.
public struct SampleBatch: Hashable, Sendable, Codable {
    public var types: [String]
    public var count: Int
    public var from: Date
    public var to: Date

    public init(types: [String], count: Int, from: Date, to: Date) {
        self.types = types
        self.count = count
        self.from = from
        self.to = to
    }
}
