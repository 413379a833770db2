/// Body mass index: weight in kilograms divided by the square of height in metres, with the World
/// Health Organization's adult categories.
public struct BodyMassIndex: Hashable, Sendable, Codable {
    public enum Category: String, Sendable, Codable, CaseIterable {
        case underweight, healthy, overweight, obeseClass1, obeseClass2, obeseClass3
    }

    /// Under this, weight loss is paused (spec 004, section 6).
    public static let weightLossPauseBelow = 18.5
    /// At or over this, plans put health and steady progress first (spec 004, section 6).
    public static let specialGuidanceFrom = 30.0

    /// To one decimal, as BMI is reported; categories and thresholds use this same value, so a
    /// person never reads "your BMI is 18.5, under 18.5".
    public let value: Double

    public init(weight: Mass, height: Length) throws(ValidationError) {
        guard weight.kilograms.isFinite, (20...400).contains(weight.kilograms) else {
            throw ValidationError.range("weight", "weight", 20, 400, unit: " kg")
        }
        guard height.metres.isFinite, (0.5...2.5).contains(height.metres) else {
            throw ValidationError.range("height", "height", 50, 250, unit: " cm")
        }
        value = (weight.kilograms / (height.metres * height.metres) * 10).rounded() / 10
    }

    /// WHO cut-offs: < 18.5, 18.5–24.9, 25–29.9, 30–34.9, 35–39.9, ≥ 40.
    public var category: Category {
        switch value {
        case ..<18.5: .underweight
        case ..<25: .healthy
        case ..<30: .overweight
        case ..<35: .obeseClass1
        case ..<40: .obeseClass2
        default: .obeseClass3
        }
    }

    /// Kept for readability at call sites that show the number.
    public var rounded: Double { value }

    public var pausesWeightLoss: Bool { value < Self.weightLossPauseBelow }
    public var needsSpecialGuidance: Bool { value >= Self.specialGuidanceFrom }
}
