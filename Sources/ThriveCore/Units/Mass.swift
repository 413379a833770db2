/// A mass, stored in kilograms (SI) and shown in the person's units.
public struct Mass: Hashable, Sendable, Comparable, Codable {
    public static let kilogramsPerPound = 0.453_592_37

    public let kilograms: Double

    public init(kilograms: Double) { self.kilograms = kilograms }
    public init(pounds: Double) { self.kilograms = pounds * Self.kilogramsPerPound }

    public var pounds: Double { kilograms / Self.kilogramsPerPound }

    public static func < (lhs: Mass, rhs: Mass) -> Bool { lhs.kilograms < rhs.kilograms }
}
