import ThriveCore

/// Sample types are stored without HealthKit's long prefix ("HeartRate", not
/// "HKQuantityTypeIdentifierHeartRate"): 24 bytes less in every row and in the time index, which
/// matters with millions of heart-rate readings.
protocol StoredSampleType: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    static var identifierPrefix: String { get }
    var shortName: String { get }
    /// Every case's stored name, worked out once: a large import asks for it on every row.
    static var storageNames: [Self: String] { get }
}

extension StoredSampleType {
    var storageName: String { Self.storageNames[self] ?? shortName }

    static func makeStorageNames() -> [Self: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.shortName) })
    }

    init?(storageName: String) {
        self.init(rawValue: Self.identifierPrefix + storageName)
    }
}

extension QuantityType: StoredSampleType {
    static let storageNames = makeStorageNames()
}

extension CategoryType: StoredSampleType {
    static let storageNames = makeStorageNames()
}
