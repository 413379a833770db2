import Foundation

/// One person's place in the library: what they bookmarked, opened lately, and how far through
/// each piece they got.
public struct ContentShelf: Hashable, Sendable, Codable {
    public struct Item: Hashable, Sendable, Codable {
        public var bookmarked = false
        public var lastViewed: Date?
        /// 0 to 100: how far through the piece, never going back (reading again is not unreading).
        public var progress = 0

        public init() {}
    }

    /// By content id.
    public var items: [String: Item] = [:]

    public init() {}

    public func item(_ id: ContentID) -> Item { items[id.rawValue] ?? Item() }

    public mutating func view(_ id: ContentID, at time: Date) {
        items[id.rawValue, default: Item()].lastViewed = time
    }

    public mutating func bookmark(_ id: ContentID, _ on: Bool) {
        items[id.rawValue, default: Item()].bookmarked = on
    }

    /// Records how far the person got; progress only grows.
    public mutating func reach(_ id: ContentID, percent: Int) throws(ValidationError) {
        guard (0...100).contains(percent) else { throw .range("percent", "contentProgress", 0, 100) }
        items[id.rawValue, default: Item()].progress = max(item(id).progress, percent)
    }

    /// Opened pieces, the latest first.
    public func recentlyViewed(limit: Int) -> [ContentID] {
        items.compactMap { key, item in item.lastViewed.map { (key, $0) } }.sorted { $0.1 > $1.1 }.prefix(limit)
            .compactMap { ContentID($0.0) }
    }

    public var bookmarks: [ContentID] { items.filter(\.value.bookmarked).keys.sorted().compactMap(ContentID.init) }

    /// Started and not finished, the latest first.
    public func inProgress(limit: Int) -> [ContentID] {
        recentlyViewed(limit: items.count).filter { (1..<100).contains(item($0).progress) }.prefix(limit).map { $0 }
    }
}
