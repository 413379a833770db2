import Foundation

/// A person's choice of air-quality alerts (spec 001: "alerts about poor air quality days" for MZ
/// carriers): off until they turn it on, with a place rounded to about a kilometre — all an
/// air-quality service needs, and all it is ever sent.
public struct AirQualityChoice: Codable, Sendable, Hashable {
    public var enabled: Bool
    public var latitude: Double?
    public var longitude: Double?

    public init() {
        enabled = false
        latitude = nil
        longitude = nil
    }

    public init(enabled: Bool, latitude: Double?, longitude: Double?) {
        self.enabled = enabled
        self.latitude = latitude.map(Self.rounded)
        self.longitude = longitude.map(Self.rounded)
    }

    /// Two decimals: about 1.1 km of latitude.
    public static func rounded(_ degrees: Double) -> Double { (degrees * 100).rounded() / 100 }

    public enum Problem: String, Sendable {
        case place, latitude, longitude

        public var field: String { self == .place ? "latitude" : rawValue }
        public var phrase: Phrase { Phrase("airQuality.problem.\(rawValue)") }
    }

    /// An alert needs a place; a place must be on the globe.
    public var problem: Problem? {
        if let latitude, !(latitude.isFinite && (-90...90).contains(latitude)) { return .latitude }
        if let longitude, !(longitude.isFinite && (-180...180).contains(longitude)) { return .longitude }
        if enabled, latitude == nil || longitude == nil { return .place }
        return nil
    }
}

/// One hour of an air-quality forecast: the US Air Quality Index.
public struct AirQualityHour: Hashable, Sendable {
    public let time: Date
    public let index: Int

    public init(time: Date, index: Int) {
        self.time = time
        self.index = index
    }
}

/// When a day's air is worth a note to someone whose lungs are less protected. The US EPA's AQI
/// calls 101–150 "Unhealthy for Sensitive Groups", and names people with lung disease among them:
/// from 101 the day gets an alert.
public enum AirQualityAlert {
    public static let threshold = 101

    /// The worst hour of the forecast when it reaches the threshold (the first of equals), else nil.
    public static func alert(_ hours: [AirQualityHour]) -> AirQualityHour? {
        guard let worst = hours.max(by: { $0.index < $1.index || ($0.index == $1.index && $0.time > $1.time) }),
            worst.index >= threshold
        else { return nil }
        return worst
    }
}
