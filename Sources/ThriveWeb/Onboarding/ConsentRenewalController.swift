import Foundation
import Hummingbird
import ThriveCore

/// New terms: a person who accepted an older version is asked again before any page (`/consent`,
/// then back where they were); health data writes through the API answer `consent_required` until
/// then. Their earlier choice about de-identified model training is kept as the default, and can be
/// changed any time in Settings › Privacy.
struct ConsentRenewalController {
    let services: AppServices

    struct RenewalPage: Sendable {
        let next: String
        let previousVersion: String
        let modelTraining: Bool
        let consentVersion = ConsentTerms.version
        var errors = FormErrors()
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("consent") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let next = AppLockPagesController.next(request.uri.queryParameters["next"].map(String.init))
            let progress = try await progress(owner)
            guard let consent = progress.consent, !progress.hasConsent(to: ConsentTerms.version) else {
                return .redirect(to: progress.consent == nil ? "/onboarding" : next, type: .normal)
            }
            return render(
                RenewalPage(next: next, previousVersion: consent.version, modelTraining: consent.deidentifiedModelTraining),
                context)
        }

        router.post("consent") { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let next = AppLockPagesController.next(form["next"])
            guard form["accept"] == "yes" else {
                var page = RenewalPage(
                    next: next, previousVersion: try await progress(owner).consent?.version ?? "",
                    modelTraining: form["modelTraining"] == "yes")
                page.errors.add("accept", t("onboarding.error.accept"))
                return render(page, context, status: .unprocessableContent)
            }
            try await Self.accept(owner, modelTraining: form["modelTraining"] == "yes", services: services)
            return .redirect(to: next, type: .normal)
        }

        router.post("settings/privacy/model-training") { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let time = services.now()
            try await services.store.write { repositories in
                let documents = repositories.records(of: owner).documents
                guard var progress = try await documents.get(OnboardingProgress.self), var consent = progress.consent else {
                    return
                }
                consent.deidentifiedModelTraining = form["modelTraining"] == "yes"
                progress.consent = consent
                try await documents.save(progress, at: time)
            }
            return .redirect(to: "/profile/settings?saved=privacy#privacy", type: .normal)
        }
    }

    /// Records acceptance of the current terms.
    static func accept(_ owner: UserID, modelTraining: Bool, services: AppServices) async throws {
        let time = services.now()
        try await services.store.write { repositories in
            let documents = repositories.records(of: owner).documents
            var progress = try await documents.get(OnboardingProgress.self) ?? OnboardingProgress()
            progress.consent = ConsentAcceptance(
                version: ConsentTerms.version, acceptedAt: time, deidentifiedModelTraining: modelTraining)
            try await documents.save(progress, at: time)
        }
    }

    private func progress(_ owner: UserID) async throws -> OnboardingProgress {
        try await services.store.read { try await $0.records(of: owner).documents.get(OnboardingProgress.self) }
            ?? OnboardingProgress()
    }

    private func render(_ page: RenewalPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        services.renderer.render(
            "consent-renewal", chrome: Chrome(title: t("consent.renewTitle"), context: context, tab: .setup), content: page,
            status: status)
    }
}
