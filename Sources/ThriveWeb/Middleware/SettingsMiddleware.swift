import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Loads, in one read, what every page of a signed-in person needs: their settings (theme, text
/// size, reduced motion, colour-blind palette and Light/Deep mode apply to every page as soon as
/// they change), the counts of unread insights, coach messages and notifications for the badges, and their onboarding
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
        let since = settings.now().addingTimeInterval(-Double(NotificationEntry.keptDays) * 86_400)
        let (stored, insights, onboarding, unreadCoach, branded, unreadNotifications) = try await settings.store.read {
            repositories in
            let records = repositories.records(of: owner)
            let isCreator = try await repositories.creators.roles(of: owner).contains(.creator)
            let isMember = try await repositories.creators.membership(of: owner) != nil
            return (
                try await records.documents.get(Settings.self), try await records.documents.get(InsightCache.self),
                try await records.documents.get(OnboardingProgress.self), try await records.coach.unreadCount(author: .coach),
                isCreator || isMember, try await records.notifications.unreadCount(since: since)
            )
        }
        context.settings = stored ?? Settings()
        context.unreadInsights = insights?.unread ?? 0
        context.unreadCoach = unreadCoach
        context.unreadNotifications = unreadNotifications
        context.inCreatorSpace = branded
        context.onboarding = onboarding ?? OnboardingProgress()
        let chosen = context.settings?.display.language
        let language = chosen ?? context.browserLanguage
        var response: Response
        if language != context.language {
            context.language = language
            response = try await Localizer.$current.withValue(
                Localizer(language, acceptLanguage: request.headers[.acceptLanguage])
            ) { try await next(request, context) }
        } else {
            response = try await next(request, context)
        }
        // The browser remembers the language chosen, so the login page after signing out speaks it.
        let remembered = request.cookies[LanguageMiddleware.cookieName]?.value
        if let chosen, remembered != chosen.rawValue {
            response.setCookie(LanguageMiddleware.cookie(chosen))
        } else if chosen == nil, remembered != nil {
            response.setCookie(LanguageMiddleware.cookie(nil))
        }
        return response
    }
}
