import Foundation
import Testing
import ThriveCore

/// The air-quality alert's edge (US AQI 101, EPA's "unhealthy for sensitive groups") on both
/// sides, and the place a person gives: rounded to two decimals and on the globe.
@Suite("Air-quality alert rule")
struct AirQualityRuleTests {
    static func hours(_ indices: [Int]) -> [AirQualityHour] {
        indices.enumerated().map {
            AirQualityHour(time: Date(timeIntervalSince1970: Double($0.offset) * 3_600), index: $0.element)
        }
    }

    @Test func oneHundredIsQuietAndOneHundredAndOneAlerts() {
        #expect(AirQualityAlert.alert(Self.hours([42, 100, 87])) == nil)
        #expect(AirQualityAlert.alert(Self.hours([42, 101, 87]))?.index == 101)
        // The worst hour is named; of equals, the first.
        let worst = AirQualityAlert.alert(Self.hours([120, 155, 155, 30]))
        #expect(worst?.index == 155 && worst?.time == Date(timeIntervalSince1970: 3_600))
        #expect(AirQualityAlert.alert([]) == nil)
    }

    @Test func aPlaceIsRoundedAndChecked() {
        let berlin = AirQualityChoice(enabled: true, latitude: 52.5200066, longitude: 13.404954)
        #expect(berlin.latitude == 52.52 && berlin.longitude == 13.4 && berlin.problem == nil)
        #expect(AirQualityChoice(enabled: true, latitude: nil, longitude: 13).problem == .place)
        #expect(AirQualityChoice(enabled: false, latitude: nil, longitude: nil).problem == nil)
        #expect(AirQualityChoice(enabled: true, latitude: 90, longitude: -180).problem == nil)
        #expect(AirQualityChoice(enabled: true, latitude: 90.01, longitude: 0).problem == .latitude)
        #expect(AirQualityChoice(enabled: true, latitude: 0, longitude: 180.01).problem == .longitude)
    }
}
