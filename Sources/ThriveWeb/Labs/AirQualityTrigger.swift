import Foundation
import ThriveCore
import ThriveStore

extension AirQualityChoice: PersonDocument {
    public static let documentKind = "airQuality"
}

/// Spec 001's air-quality alert: at 07:00 in the person's zone, for someone carrying a Z allele
/// who turned the alerts on, the day's forecast until 23:00 from the operator's service; a note
/// when an hour reaches ``AirQualityAlert/threshold``. A service that fails sends nothing.
struct AirQualityTrigger: DailyTrigger {
    let store: Store
    let provider: (any AirQualityProvider)?
    let kind = NotificationKind.airQuality
    let name = "airQuality"
    let fixedMinute: Int? = 7 * 60

    func looks(_ person: TriggerPerson) async throws -> Bool {
        guard provider != nil else { return false }
        return try await store.read { repositories in
            let records = repositories.records(of: person.owner)
            guard try await records.documents.get(AirQualityChoice.self)?.enabled == true else { return false }
            return try await records.labs.results(after: nil, limit: 20).contains { $0.genotype?.carriesZ == true }
        }
    }

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        guard let provider,
            let choice = try await store.read({ try await $0.records(of: person.owner).documents.get(AirQualityChoice.self) }),
            choice.enabled, let latitude = choice.latitude, let longitude = choice.longitude
        else { return nil }
        let start = person.clock.date(person.day, minute: 7 * 60)
        guard
            let hours = try? await provider.forecast(latitude: latitude, longitude: longitude, from: start, hours: 17),
            let worst = AirQualityAlert.alert(hours)
        else { return nil }
        return TriggerMessage(
            key: "air-quality:\(person.day.iso8601)", title: Phrase("notification.airQuality.title"),
            body: Phrase(
                "notification.airQuality.body",
                ["index": .integer(worst.index), "time": .clock(minuteOfDay: person.clock.minute(of: worst.time))]),
            link: "\(LabPagesController.path)#air-quality")
    }
}
