import Hummingbird

/// Signing up, in and out, tokens, and the account as the API shows it.
struct AccountsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        AuthAPIController(services: services).addRoutes(to: api.root.group("auth"))
        AccountAPIController(services: services).addRoutes(to: api.root)
        AccountSecurityAPIController(services: services).addRoutes(auth: api.root.group("auth"), api: api.root)
        PasskeyAPIController(services: services).addRoutes(auth: api.root.group("auth"), api: api.root)
        AppLockAPIController(services: services).addRoutes(to: api.root)
        AuthPagesController(services: services).addRoutes(to: pages)
        PasskeyPagesController(services: services).addRoutes(to: pages)
        AppLockPagesController(services: services).addRoutes(to: pages)
        AccountDeletionPagesController(services: services).addRoutes(to: pages, api: api.root)
        SecurityPagesController(services: services).addRoutes(to: pages)
        RecoveryPagesController(services: services).addRoutes(to: pages)
        TwoFactorPagesController(services: services).addRoutes(to: pages)
        SocialSignInPagesController(services: services).addRoutes(to: pages)
    }
}
