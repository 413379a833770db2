import Foundation
import ThriveCore
import ThriveStore

/// The person's side of air-quality alerts: offered to someone with a Z allele on a server whose
/// operator connected a service; their choice, checked and kept.
struct AirQualityService: Sendable {
    let store: Store
    let now: Now
    let configured: Bool

    /// Whether the alerts are offered to this person at all.
    func offered(_ owner: UserID) async throws -> Bool {
        guard configured else { return false }
        return try await store.read { try await $0.records(of: owner).labs.results(after: nil, limit: 20) }
            .contains { $0.genotype?.carriesZ == true }
    }

    func choice(_ owner: UserID) async throws -> AirQualityChoice {
        try await store.read { try await $0.records(of: owner).documents.get(AirQualityChoice.self) } ?? AirQualityChoice()
    }

    func save(_ choice: AirQualityChoice, for owner: UserID) async throws {
        guard try await offered(owner) else {
            throw AppError(status: .conflict, code: "air_quality_unavailable", message: t("airQuality.unavailable"))
        }
        if let problem = choice.problem { throw ValidationError(field: problem.field, message: t(problem.phrase)) }
        let time = now()
        try await store.write { try await $0.records(of: owner).documents.save(choice, at: time) }
    }
}

/// The results page's card.
struct AirQualityView: Sendable {
    let enabled: Bool
    let latitude: InputField
    let longitude: InputField

    init(_ choice: AirQualityChoice, form: FormFields? = nil, errors: FormErrors = FormErrors()) {
        enabled = form.map { $0.text("enabled") != nil } ?? choice.enabled
        latitude = InputField(
            "latitude", t("airQuality.latitude"), value: form?.text("latitude") ?? choice.latitude.map { "\($0)" } ?? "",
            errors: errors, narrow: true)
        longitude = InputField(
            "longitude", t("airQuality.longitude"), value: form?.text("longitude") ?? choice.longitude.map { "\($0)" } ?? "",
            errors: errors, narrow: true)
    }
}
