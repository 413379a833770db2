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

    /// Unrounded: categories and thresholds compare this, so 18.47 pauses weight loss and 29.95 is
    /// not yet 30. What is shown is ``shown``.
    public let value: Double

    public init(weight: Mass, height: Length) throws(ValidationError) {
        guard weight.kilograms.isFinite, (20...400).contains(weight.kilograms) else {
            throw ValidationError.range("weight", "weight", 20, 400, unit: " kg")
        }
        guard height.metres.isFinite, (0.5...2.5).contains(height.metres) else {
            throw ValidationError.range("height", "height", 50, 250, unit: " cm")
        }
        value = weight.kilograms / (height.metres * height.metres)
    }

    /// The WHO boundaries between categories.
    static let boundaries = [18.5, 25, 30, 35, 40]

    /// Decimals to show: one, as BMI is reported, or two where one would round the value across a
    /// boundary (18.47 is shown "18.47", never "18.5, under 18.5").
    public var shownDigits: Int {
        let oneDecimal = (value * 10).rounded() / 10
        let crosses = Self.boundaries.contains { value < $0 && oneDecimal >= $0 }
        return crosses ? 2 : 1
    }

    /// The value as shown: to one decimal, or to two (cut, not rounded) next to a boundary.
    public var shown: Double {
        shownDigits == 1 ? (value * 10).rounded() / 10 : (value * 100).rounded(.down) / 100
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

    public var pausesWeightLoss: Bool { value < Self.weightLossPauseBelow }
    public var needsSpecialGuidance: Bool { value >= Self.specialGuidanceFrom }
}
