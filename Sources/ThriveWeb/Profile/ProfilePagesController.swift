import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Profile: the account and its settings links, logout, and what Thrive holds of the person's data.
struct ProfilePagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("profile") { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            let found = try await services.store.read { repositories -> (Account, Profile, Set<AccountRole>)? in
                guard let account = try await repositories.accounts.find(id: userID) else { return nil }
                return (
                    account, try await repositories.records(of: userID).profile.get() ?? Profile(),
                    try await repositories.creators.roles(of: userID)
                )
            }
            guard let (account, profile, roles) = found else { return context.toLogin }
            var page = ProfilePage(account: account, profile: profile, idleMinutes: services.configuration.sessionIdleMinutes)
            page.isLab = roles.contains(.lab)
            page.isPartner = roles.contains(.partner)
            page.isCounselor = roles.contains(.counselor)
            return services.renderer.render(
                "profile", chrome: Chrome(title: t("nav.profile"), context: context, tab: .profile), content: page)
        }

        router.get("profile/data") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let (profile, summary) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (try await records.profile.get() ?? Profile(), try await records.summary())
            }
            var page = YourDataPage(summary: summary, zone: profile.timeZone)
            if request.uri.queryParameters["done"] == "deletionCancelled" { page.notice = t("deletion.cancelled") }
            return services.renderer.render(
                "your-data", chrome: Chrome(title: t("yourData.title"), context: context, tab: .profile), content: page)
        }
    }
}
