/// The demo account that `thrive demo` and `thrive serve --demo` create: one made-up person with a
/// year of realistic data, for trying Thrive without typing anything in.
public enum DemoPerson {
    public static let email = try! EmailAddress("demo@thrive.local")
    /// Printed in the terminal on purpose: the demo person holds invented data only.
    public static let password = "thrive-demo-2026"
    /// The demo lab (spec 001): issues kits and posts results; the same password.
    public static let labEmail = try! EmailAddress("lab@thrive.local")
    /// The demo genetic counselor, who looks after the demo person; the same password.
    public static let counselorEmail = try! EmailAddress("counselor@thrive.local")
    public static let counselorName = "Sam Rivera"
    public static let displayName = "Alex"
    public static let dateOfBirth = LocalDate(year: 1990, month: 3, day: 14)!
    public static let height = Length(metres: 1.68)

    public static func profile(timeZoneIdentifier: String, latestWeight: Mass?) -> Profile {
        Profile(
            displayName: displayName,
            dateOfBirth: dateOfBirth,
            sex: .female,
            height: height,
            weight: latestWeight,
            unitSystem: .metric,
            timeZoneIdentifier: timeZoneIdentifier
        )
    }
}

/// How much demo data to make.
public enum DemoScale: String, Sendable, CaseIterable {
    /// One year, heart rate every 10 minutes while awake: what a person sees.
    case standard
    /// Five years with minute-level heart rate around the clock: a heavy user, for benchmarks.
    case heavy

    public var days: Int {
        switch self {
        case .standard: 365
        case .heavy: 5 * 365
        }
    }
}
