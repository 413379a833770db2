/// A company whose wearable or scale a person can connect through its OAuth API (spec 004 §14–15,
/// spec 000's connected devices). Thrive pulls from each on the person's behalf.
public enum DeviceProvider: String, Sendable, Codable, CaseIterable, Hashable {
    case fitbit
    case oura
    case withings
    case googleFit = "google-fit"
    case whoop

    /// The provider's own name, also the source name its records carry (so the person can prefer it
    /// for a metric like any device).
    public var brand: String {
        switch self {
        case .fitbit: "Fitbit"
        case .oura: "Oura"
        case .withings: "Withings"
        case .googleFit: "Google Fit"
        case .whoop: "WHOOP"
        }
    }

    /// What Thrive asks each for, in the order the consent screen explains them: never more than
    /// the metrics it uses (spec 004: "only the minimum permissions needed").
    public var scopes: [DeviceScope] {
        switch self {
        case .fitbit: [.heartRate, .activity, .sleep, .oxygen, .body]
        case .oura: [.heartRate, .activity, .sleep, .oxygen]
        case .withings: [.heartRate, .activity, .sleep, .oxygen, .body]
        case .googleFit: [.heartRate, .activity, .sleep, .oxygen, .body]
        case .whoop: [.heartRate, .sleep, .oxygen, .body]
        }
    }

    /// What its records are stored as.
    public var source: SampleSource { SampleSource(name: brand, kind: .device) }
}

/// One kind of data a connection may read, as the person consents to it.
public enum DeviceScope: String, Sendable, Codable, CaseIterable, Hashable {
    /// Heart rate through the day and at rest.
    case heartRate
    /// Steps and active energy.
    case activity
    /// Sleep times and stages.
    case sleep
    /// Blood-oxygen saturation at night.
    case oxygen
    /// Weight.
    case body

    /// The records the scope brings in, as the dashboard names them.
    public var kinds: [RecordKind] {
        switch self {
        case .heartRate: [.quantity(.heartRate), .quantity(.restingHeartRate)]
        case .activity: [.quantity(.stepCount), .quantity(.activeEnergyBurned)]
        case .sleep: [.category(.sleepAnalysis)]
        case .oxygen: [.quantity(.oxygenSaturation)]
        case .body: [.quantity(.bodyMass)]
        }
    }
}
