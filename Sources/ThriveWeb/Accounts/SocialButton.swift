import ThriveCore

/// A "Continue with Google" button, and what the login page says when such a sign-in did not finish.
struct SocialButton: Sendable {
    let provider: String
    let label: String

    static func all(_ offered: [SocialProvider]) -> [SocialButton] {
        offered.map { SocialButton(provider: $0.rawValue, label: t("social.continueWith", ["provider": $0.brand])) }
    }

    /// The login page's words for `notice=social-…` (the provider named by `provider`).
    static func problem(_ notice: String?, provider: String?) -> String? {
        guard let notice, notice.hasPrefix("social-") else { return nil }
        let brand = provider.flatMap(SocialProvider.init(rawValue:))?.brand ?? SocialProvider.google.brand
        switch notice {
        case "social-cancelled": return t("social.cancelled", ["provider": brand])
        case "social-unavailable": return t("social.unavailable", ["provider": brand])
        case "social-failed": return t("social.failed", ["provider": brand])
        case "social-expired": return t("social.expired")
        default: return nil
        }
    }
}
