import Foundation
import Hummingbird
import ThriveCore

/// `GET|PUT /api/v1/consent`: the terms a person accepts before Thrive keeps health data, for an
/// app that signs people up without the web pages. Health data writes answer `consent_required`
/// until this is done; accepting names the version read, so terms changed meanwhile are read first.
struct ConsentAPIController {
    let services: AppServices

    struct Terms: Codable, Sendable {
        struct Accepted: Codable, Sendable {
            let version: String
            let acceptedAt: Date
            let deidentifiedModelTraining: Bool
        }
        let version: String
        /// The terms in the reader's language, one point each.
        let terms: [String]
        let accepted: Accepted?
    }

    struct Acceptance: Codable, Sendable {
        let version: String
        let accept: Bool
        var deidentifiedModelTraining: Bool?
    }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("consent") { _, context -> Response in
            let owner = try context.requireUser()
            let progress = try await services.store.read {
                try await $0.records(of: owner).documents.get(OnboardingProgress.self)
            }
            return try jsonResponse(Self.terms(progress?.consent))
        }
        api.put("consent") { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(Acceptance.self, from: request, context: context, limit: 1024)
            guard body.version == ConsentTerms.version else {
                throw AppError(
                    status: .conflict, code: "terms_changed",
                    message: t("consent.changed", ["version": ConsentTerms.version]), field: "version")
            }
            guard body.accept else {
                throw AppError(
                    status: .unprocessableContent, code: "invalid_input", message: t("onboarding.error.accept"),
                    field: "accept")
            }
            let acceptance = ConsentAcceptance(
                version: ConsentTerms.version, acceptedAt: services.now(),
                deidentifiedModelTraining: body.deidentifiedModelTraining ?? false)
            try await services.store.write { repositories in
                let documents = repositories.records(of: owner).documents
                var progress = try await documents.get(OnboardingProgress.self) ?? OnboardingProgress()
                progress.consent = acceptance
                try await documents.save(progress, at: acceptance.acceptedAt)
            }
            return try jsonResponse(Self.terms(acceptance))
        }
    }

    static func terms(_ consent: ConsentAcceptance?) -> Terms {
        Terms(
            version: ConsentTerms.version, terms: (1...5).map { t("onboarding.term\($0)") },
            accepted: consent.map {
                Terms.Accepted(
                    version: $0.version, acceptedAt: $0.acceptedAt, deidentifiedModelTraining: $0.deidentifiedModelTraining)
            })
    }
}
