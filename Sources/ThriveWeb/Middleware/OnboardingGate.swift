import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Until onboarding's blocking steps are done, a signed-in person's pages lead to onboarding (they
/// resume where they stopped), and no health data is accepted through the API before consent.
struct OnboardingGate: RouterMiddleware {
    typealias Context = AppRequestContext

    enum Scope: Sendable {
        /// Browser pages: redirect to the current step.
        case pages
        /// API writes of health data: refuse before consent.
        case apiWrites
    }

    let store: Store
    let scope: Scope

    /// Pages a person needs before and during onboarding, and the lab's, partner's and counselor's
    /// portals: their staff work on kits, counts and others' conversations there, not on health data
    /// of their own (each portal checks the role).
    static let openPaths = [
        "/onboarding", "/login", "/logout", "/signup", "/profile", "/assets", "/api", "/healthz", "/manifest", "/oauth",
        "/consent", "/unlock", "/lock", "/lab", "/partner", "/counseling",
    ]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let owner = context.identity?.userID else { return try await next(request, context) }
        switch scope {
        case .pages:
            let path = request.uri.path
            guard !Self.openPaths.contains(where: { path == $0 || path.hasPrefix($0 + "/") || path.hasPrefix($0 + ".") }) else {
                return try await next(request, context)
            }
            // An accepted plan means every step before it was done (profile fields cannot be removed);
            // terms changed since are asked for again first.
            if let progress = context.onboarding, progress.planAcceptedAt != nil {
                guard progress.hasConsent(to: ConsentTerms.version) else {
                    let back = request.uri.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
                    return .redirect(to: "/consent?next=" + back, type: .normal)
                }
                return try await next(request, context)
            }
            guard try await OnboardingState.load(owner, store: store).next == nil else {
                return .redirect(to: "/onboarding", type: .normal)
            }
        case .apiWrites:
            guard request.method != .get, request.method != .head else { return try await next(request, context) }
            try await Self.requireConsent(owner, store: store)
        }
        return try await next(request, context)
    }

    /// Health data is taken only after the terms are accepted: 403 `consent_required` before.
    static func requireConsent(_ owner: UserID, store: Store) async throws {
        let consent = try await store.read { try await $0.records(of: owner).documents.get(OnboardingProgress.self) }
        guard consent?.hasConsent(to: ConsentTerms.version) == true else {
            let message =
                consent?.hasConsent == true
                ? t("consent.changed", ["version": ConsentTerms.version]) : t("onboarding.error.consentFirst")
            throw AppError(status: .forbidden, code: "consent_required", message: message)
        }
    }
}
