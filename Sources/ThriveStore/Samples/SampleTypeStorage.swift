import ThriveCore

/// Sample types are stored without HealthKit's long prefix ("HeartRate", not
/// "HKQuantityTypeIdentifierHeartRate"): 24 bytes less in every row and in the time index, which
/// matters with millions of heart-rate readings.
protocol StoredSampleType: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    static var identifierPrefix: String { get }
}

extension StoredSampleType {
    var storageName: String { String(rawValue.dropFirst(Self.identifierPrefix.count)) }

    init?(storageName: String) {
        self.init(rawValue: Self.identifierPrefix + storageName)
    }
}

extension QuantityType: StoredSampleType {
    static let identifierPrefix = "HKQuantityTypeIdentifier"
}

extension CategoryType: StoredSampleType {
    static let identifierPrefix = "HKCategoryTypeIdentifier"
}
