import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Loads, in one read, what every page of a signed-in person needs: their settings (theme, text
/// size, reduced motion, colour-blind palette and Light/Deep mode apply to every page as soon as
/// they change), the counts of unread insights and coach messages for the tab bar's badges, and their onboarding
/// progress for the onboarding gate that follows.
struct SettingsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let settings: SettingsService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard let owner = context.identity?.userID, !path.hasPrefix("/api/"), !path.hasPrefix("/assets/") else {
            return try await next(request, context)
        }
        var context = context
        let (stored, insights, onboarding, unreadCoach, branded) = try await settings.store.read { repositories in
            let records = repositories.records(of: owner)
            let isCreator = try await !repositories.creators.roles(of: owner).isEmpty
            let isMember = try await repositories.creators.membership(of: owner) != nil
            return (
                try await records.documents.get(Settings.self), try await records.documents.get(InsightCache.self),
                try await records.documents.get(OnboardingProgress.self), try await records.coach.unreadCount(author: .coach),
                isCreator || isMember
            )
        }
        context.settings = stored ?? Settings()
        context.unreadInsights = insights?.unread ?? 0
        context.unreadCoach = unreadCoach
        context.inCreatorSpace = branded
        context.onboarding = onboarding ?? OnboardingProgress()
        guard let chosen = context.settings?.display.language, chosen != context.language else {
            return try await next(request, context)
        }
        context.language = chosen
        return try await Localizer.$current.withValue(Localizer(chosen)) { try await next(request, context) }
    }
}
