/// A length, stored in metres (SI) and shown in the person's units.
public struct Length: Hashable, Sendable, Comparable, Codable {
    public static let metresPerInch = 0.0254

    public let metres: Double

    public init(metres: Double) { self.metres = metres }
    public init(centimetres: Double) { self.metres = centimetres / 100 }
    public init(feet: Int, inches: Double) { self.metres = (Double(feet) * 12 + inches) * Self.metresPerInch }

    public var centimetres: Double { metres * 100 }
    public var totalInches: Double { metres / Self.metresPerInch }

    public static func < (lhs: Length, rhs: Length) -> Bool { lhs.metres < rhs.metres }
}
