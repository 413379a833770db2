import Foundation

/// The units a person chose once at sign-up and sees everywhere.
public enum UnitSystem: String, Sendable, Codable, CaseIterable {
    case metric
    case imperial

    /// "178 cm" or "5 ft 10 in".
    public func format(_ length: Length) -> String {
        switch self {
        case .metric:
            return String(format: "%.0f cm", length.centimetres)
        case .imperial:
            let inches = Int(length.totalInches.rounded())
            return "\(inches / 12) ft \(inches % 12) in"
        }
    }
}
