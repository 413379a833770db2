import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// `GET /api/v1/me`: the signed-in person's account, profile and a summary of their data.
struct AccountAPIController {
    let services: AppServices

    struct Me: Codable {
        struct ProfileBody: Codable {
            let displayName: String?
            let dateOfBirth: LocalDate?
            let sex: BiologicalSex?
            let heightMetres: Double?
            let weightKilograms: Double?
            let unitSystem: UnitSystem
            let timeZone: String
        }
        struct KindSummary: Codable {
            let kind: String
            let name: String
            let count: Int
            let first: Date?
            let last: Date?
        }
        struct DataSummary: Codable {
            let totalRecords: Int
            let first: Date?
            let last: Date?
            let kinds: [KindSummary]
        }
        let id: UserID
        let email: String
        let createdAt: Date
        let profile: ProfileBody?
        let data: DataSummary
    }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("me") { _, context -> Response in
            let userID = try context.requireUser()
            let me = try await services.store.read { repositories -> Me? in
                guard let account = try await repositories.accounts.find(id: userID) else { return nil }
                let records = repositories.records(of: userID)
                let profile = try await records.profile.get()
                let summary = try await records.summary()
                let total = summary.total
                return Me(
                    id: account.id, email: account.email.value, createdAt: account.createdAt,
                    profile: profile.map {
                        .init(
                            displayName: $0.displayName, dateOfBirth: $0.dateOfBirth, sex: $0.sex,
                            heightMetres: $0.height?.metres,
                            weightKilograms: $0.weight?.kilograms, unitSystem: $0.unitSystem, timeZone: $0.timeZoneIdentifier)
                    },
                    data: .init(
                        totalRecords: total.count, first: total.first, last: total.last,
                        kinds: summary.kinds.map {
                            .init(
                                kind: $0.kind.identifier, name: $0.kind.title, count: $0.span.count, first: $0.span.first,
                                last: $0.span.last)
                        }))
            }
            guard let me else {
                throw AppError(status: .unauthorized, code: "unauthenticated", message: t("api.accountGone"))
            }
            return try jsonResponse(me)
        }
    }
}
