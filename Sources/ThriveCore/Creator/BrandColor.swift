import Foundation

/// A colour written as `#RRGGBB`, with the WCAG 2 contrast arithmetic a brand colour is checked by.
public struct BrandColor: Hashable, Sendable, Codable, CustomStringConvertible {
    public let red: Int
    public let green: Int
    public let blue: Int

    public init(red: Int, green: Int, blue: Int) {
        self.red = min(max(red, 0), 255)
        self.green = min(max(green, 0), 255)
        self.blue = min(max(blue, 0), 255)
    }

    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
        self.init(red: value >> 16 & 0xFF, green: value >> 8 & 0xFF, blue: value & 0xFF)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = BrandColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a #RRGGBB colour"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String { String(format: "#%02X%02X%02X", red, green, blue) }

    public static let white = BrandColor(red: 255, green: 255, blue: 255)

    /// WCAG 2 relative luminance.
    public var luminance: Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG 2 contrast ratio, 1 to 21.
    public func contrast(with other: BrandColor) -> Double {
        let (light, dark) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (light + 0.05) / (dark + 0.05)
    }

    /// The same hue made lighter, step by step (mixed with white), until it reaches `ratio` against
    /// every one of `backgrounds`: a brand colour for the dark theme, as text on its dark surfaces
    /// and under the theme's dark button text. Already enough: it stays as it is.
    public func lightened(toContrast ratio: Double, against backgrounds: [BrandColor]) -> BrandColor {
        var mix = 0.0
        var color = self
        while backgrounds.contains(where: { color.contrast(with: $0) < ratio }), mix < 1 {
            mix = min(1, mix + 0.02)
            func toward(_ value: Int) -> Int { Int((Double(value) + (255 - Double(value)) * mix).rounded()) }
            color = BrandColor(red: toward(red), green: toward(green), blue: toward(blue))
        }
        return color
    }

    /// The same hue made darker, step by step, until white text on it (and it as text on white)
    /// reaches `ratio`.
    public func darkened(toContrast ratio: Double) -> BrandColor {
        var scale = 1.0
        var color = self
        while color.contrast(with: .white) < ratio, scale > 0 {
            scale -= 0.02
            color = BrandColor(
                red: Int((Double(red) * scale).rounded()), green: Int((Double(green) * scale).rounded()),
                blue: Int((Double(blue) * scale).rounded()))
        }
        return color
    }
}
